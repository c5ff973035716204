import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';

afterEach(cleanup);

describe('the folding menus', () => {
  it('the public menu button is a disclosure: Escape closes it and returns the focus, navigating closes it', async () => {
    const { router } = renderApp('/hoe-werkt-het', { kind: 'ANONYMOUS' });
    const nav = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    const button = within(nav).getByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(button.getAttribute('aria-controls')!);
    expect(panel).not.toBeNull();
    expect(within(panel!).getByRole('link', { name: 'Aanbod' })).toBeTruthy();

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const link = within(panel!).getByRole('link', { name: 'Nieuws' });
    link.focus();
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await act(() => router.navigate('/aanbod'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/aanbod'));
    expect(
      within(screen.getByRole('navigation', { name: 'Hoofdmenu' }))
        .getByRole('button', { name: 'Menu' })
        .getAttribute('aria-expanded'),
    ).toBe('false');
  });

  it('the admin menu marks the section of a detail page, and the page itself as the current page', async () => {
    const permissions = ['DASHBOARD_VIEW', 'PRODUCT_REVIEW', 'PERSON_READ'] as const;
    const { router } = renderApp('/admin/producten/3f1c2b4e-8c1d-4a5e-9f00-0123456789ab', {
      kind: 'STAFF',
      permissions: [...permissions],
    });
    const menu = await screen.findByRole('navigation', { name: 'Beheermenu' });
    const products = await within(menu).findByRole('link', { name: 'Producten' });
    expect(products.getAttribute('aria-current')).toBe('true');
    expect(menu.querySelectorAll('[aria-current]')).toHaveLength(1);

    await act(() => router.navigate('/admin/producten'));
    expect(within(menu).getByRole('link', { name: 'Producten' }).getAttribute('aria-current')).toBe('page');

    await act(() => router.navigate('/admin/persoon/K-2026-000123'));
    expect(within(menu).getByRole('link', { name: 'Klanten' }).getAttribute('aria-current')).toBe('true');
    expect(within(menu).getByRole('link', { name: 'Producten' }).getAttribute('aria-current')).toBeNull();

    await act(() => router.navigate('/admin'));
    expect(within(menu).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(menu.querySelectorAll('[aria-current]')).toHaveLength(1);
  });
});

describe('the public and account menus', () => {
  it('mark a page as the current page and the pages below it as its section', async () => {
    const { router } = renderApp('/nieuws', { kind: 'ANONYMOUS' });
    const nav = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    expect(within(nav).getByRole('link', { name: 'Nieuws' }).getAttribute('aria-current')).toBe('page');
    await act(() => router.navigate('/nieuws/een-bericht/3f1c2b4e-8c1d-4a5e-9f00-0123456789ab'));
    await waitFor(() =>
      expect(
        within(screen.getByRole('navigation', { name: 'Hoofdmenu' }))
          .getByRole('link', { name: 'Nieuws' })
          .getAttribute('aria-current'),
      ).toBe('true'),
    );
    expect(
      within(screen.getByRole('navigation', { name: 'Hoofdmenu' }))
        .getByRole('link', { name: 'Aanbod' })
        .getAttribute('aria-current'),
    ).toBeNull();
  });
});
