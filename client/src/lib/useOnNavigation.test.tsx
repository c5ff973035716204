import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useOnNavigation } from './useOnNavigation';

afterEach(cleanup);

describe('useOnNavigation', () => {
  it('is quiet on the first render, a re-render and a new query string, and calls the latest callback once per new path', async () => {
    const calls: string[] = [];
    let label = 'eerst';
    function Probe() {
      useOnNavigation(() => calls.push(label));
      return null;
    }
    const router = createMemoryRouter(
      [
        { path: '/a', element: <Probe /> },
        { path: '/b', element: <Probe /> },
      ],
      { initialEntries: ['/a'] },
    );
    const { rerender } = render(<RouterProvider router={router} />);
    rerender(<RouterProvider router={router} />);
    expect(calls).toEqual([]);

    label = 'later';
    await act(() => router.navigate('/b'));
    expect(calls).toEqual(['later']);
    // Only the path counts: a changed query string is the same page.
    await act(() => router.navigate('/b?zoek=x'));
    expect(calls).toEqual(['later']);
    await act(() => router.navigate('/a'));
    expect(calls).toEqual(['later', 'later']);
  });
});
