import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';

afterEach(cleanup);

describe('page announcement', () => {
  it('sets the title and moves focus to the h1 after navigating, not on first load', async () => {
    const { router } = renderApp('/sitemap', { kind: 'ANONYMOUS' });
    const first = await screen.findByRole('heading', { level: 1, name: 'Sitemap' });
    await waitFor(() => expect(document.title).toBe('Sitemap | Gemeentewinkel'));
    expect(document.activeElement).not.toBe(first);

    await act(() => router.navigate('/privacy'));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Privacy' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(document.title).toBe('Privacy | Gemeentewinkel');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('has the landmarks and the skip link', async () => {
    renderApp('/hoe-werkt-het', { kind: 'ANONYMOUS' });
    await screen.findByRole('heading', { level: 1, name: 'Hoe werkt het' });
    expect(screen.getByRole('link', { name: 'Naar de inhoud' }).getAttribute('href')).toBe('#inhoud');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main').id).toBe('inhoud');
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Hoofdmenu' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Inloggen' })).toBeTruthy();
  });
});
