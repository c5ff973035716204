import { act, render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it } from 'vitest';
import { searchParams } from './urls';
import { useSearchParam, useUrlState, type UrlState } from './urlState';

/** Renders a screen that holds the hook at `url`; returns the router (its location and history) and the latest state. */
function renderAt(url: string) {
  const seen: { url: UrlState | null; param: ReturnType<typeof useSearchParam> | null } = { url: null, param: null };
  function Probe() {
    seen.url = useUrlState();
    seen.param = useSearchParam(searchParams.apiClient);
    return null;
  }
  const router = createMemoryRouter([{ path: '/admin/beheer/api', element: <Probe /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return { router, seen };
}

const location = (router: ReturnType<typeof createMemoryRouter>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('useUrlState', () => {
  it('reads a parameter; absent and empty are null', () => {
    const { seen } = renderAt('/admin/beheer/api?koppeling=abc&gemeente=');
    expect(seen.url!.get(searchParams.apiClient)).toBe('abc');
    expect(seen.url!.get(searchParams.municipality)).toBeNull();
    expect(seen.url!.get(searchParams.importRun)).toBeNull();
    expect(seen.param![0]).toBe('abc');
  });

  it('sets and removes parameters, keeps the others, and adds a history entry unless told to replace', async () => {
    const { router, seen } = renderAt('/admin/beheer/api?status=actief');
    act(() => seen.url!.set({ [searchParams.apiClient]: 'abc' }));
    expect(location(router)).toBe('/admin/beheer/api?status=actief&koppeling=abc');
    expect(seen.param![0]).toBe('abc');
    act(() => seen.param![1]('def', { replace: true }));
    expect(location(router)).toBe('/admin/beheer/api?status=actief&koppeling=def');
    act(() => seen.url!.set({ [searchParams.apiClient]: null }));
    expect(location(router)).toBe('/admin/beheer/api?status=actief');
    // Two entries were added (the replace added none): Back twice returns to the start.
    await act(() => router.navigate(-1));
    expect(location(router)).toBe('/admin/beheer/api?status=actief&koppeling=def');
    await act(() => router.navigate(-1));
    expect(location(router)).toBe('/admin/beheer/api?status=actief');
  });

  it('builds the search part of a link to another selection', () => {
    const { seen } = renderAt('/admin/beheer/api?status=actief&koppeling=abc');
    expect(seen.url!.search({ [searchParams.apiClient]: 'x y' })).toBe('?status=actief&koppeling=x+y');
    expect(seen.url!.search({ [searchParams.apiClient]: '' })).toBe('?status=actief');
  });

  it('lets a list rewrite its own parameters from the current ones', () => {
    const { router, seen } = renderAt('/admin/beheer/api?koppeling=abc');
    act(() =>
      seen.url!.update((current) => {
        const next = new URLSearchParams(current);
        next.set('status', 'ingetrokken');
        return next;
      }),
    );
    expect(location(router)).toBe('/admin/beheer/api?koppeling=abc&status=ingetrokken');
    expect(seen.url!.params.get('status')).toBe('ingetrokken');
  });
});
