import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, viewerData, type TestViewer } from '../../test/renderApp';

afterEach(cleanup);

const h1 = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name }, { timeout: 3000 });

describe('route guards', () => {
  it('sends visitors from the customer area to /inloggen with a return path', async () => {
    const { router } = renderApp('/account/pas', { kind: 'ANONYMOUS' });
    await h1('Inloggen');
    expect(router.state.location.pathname).toBe('/inloggen');
    expect(router.state.location.search).toBe('?terug=%2Faccount%2Fpas');
    const digid = screen.getByRole('link', { name: 'Inloggen met DigiD' });
    expect(digid.getAttribute('href')).toBe('/auth/digid/start?returnTo=%2Faccount%2Fpas');
  });

  it('ignores an unsafe return path (the server then chooses where the resident lands)', async () => {
    renderApp('/inloggen?terug=//evil.example', { kind: 'ANONYMOUS' });
    await h1('Inloggen');
    const digid = screen.getByRole('link', { name: 'Inloggen met DigiD' });
    expect(digid.getAttribute('href')).toBe('/auth/digid/start');
  });

  it('sends non-providers from the provider area to the provider log-in', async () => {
    const { router } = renderApp('/aanbieder/producten', { kind: 'CUSTOMER' });
    await h1('Inloggen voor aanbieders');
    expect(router.state.location.pathname).toBe('/voor-aanbieders/inloggen');
    expect(router.state.location.search).toBe('?terug=%2Faanbieder%2Fproducten');
  });

  it('sends non-staff from the admin area to the staff log-in', async () => {
    const { router } = renderApp('/admin/klanten?zoek=jansen', { kind: 'PROVIDER' });
    await h1('Inloggen beheeromgeving');
    expect(router.state.location.pathname).toBe('/admin/inloggen');
    expect(new URLSearchParams(router.state.location.search).get('terug')).toBe('/admin/klanten?zoek=jansen');
  });

  it('shows "Geen toegang" to staff without the screen’s permission', async () => {
    renderApp('/admin/klanten', { kind: 'STAFF', permissions: ['DASHBOARD_VIEW'], roleName: 'Redactie' });
    await h1('Geen toegang');
    expect(screen.getByText(/uw rol \(Redactie\)/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terug naar het dashboard' })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Beheermenu' });
    expect(within(menu).queryByRole('link', { name: 'Klanten' })).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toBeTruthy();
  });

  it('shows the screen, its title and breadcrumbs to staff with the permission', async () => {
    renderApp('/admin/beheer/categorieen/nieuw', { kind: 'STAFF', permissions: ['CONTENT_EDIT'] });
    await h1('Nieuwe categorie');
    await waitFor(() => expect(document.title).toBe('Nieuwe categorie | Gemeentewinkel'));
    const crumbs = screen.getByRole('navigation', { name: 'Kruimelpad' });
    const links = within(crumbs)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(['Beheeromgeving', 'Categorieën']);
    expect(within(crumbs).getByText('Nieuwe categorie').getAttribute('aria-current')).toBe('page');
    // The screen itself: the category form.
    expect(screen.getByLabelText('Naam')).toBeTruthy();
  });

  it('lets a customer into the account area', async () => {
    renderApp('/account/regelingen', { kind: 'CUSTOMER' });
    await h1('Regelingen');
    expect(screen.getByRole('navigation', { name: 'Mijn account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Uitloggen' })).toBeTruthy();
  });
});

describe('log-out', () => {
  it('calls logout, goes home and refetches the viewer', async () => {
    let viewer: TestViewer = { kind: 'CUSTOMER' };
    const { router, operations } = renderApp(
      '/account/pas',
      { kind: 'CUSTOMER' },
      {
        Viewer: () => viewerData(viewer),
        Logout: () => {
          viewer = { kind: 'ANONYMOUS' };
          return { logout: true };
        },
        Home: () => ({ categories: [] }),
      },
    );
    await screen.findByRole('heading', { level: 1, name: 'Pas' });
    fireEvent.click(screen.getByRole('button', { name: 'Uitloggen' }));
    await screen.findByRole('heading', { level: 1, name: 'Welkom bij de Gemeentewinkel' });
    expect(router.state.location.pathname).toBe('/');
    expect(operations.some((op) => op.name === 'Logout')).toBe(true);
    await screen.findByRole('link', { name: 'Inloggen' });
    expect(screen.queryByRole('button', { name: 'Uitloggen' })).toBeNull();
  });
});

describe('not found', () => {
  it('shows the not-found page for unknown URLs', async () => {
    renderApp('/bestaat-niet', { kind: 'ANONYMOUS' });
    await h1('Pagina niet gevonden');
    expect(screen.getByRole('link', { name: 'Bekijk het aanbod' }).getAttribute('href')).toBe('/aanbod');
  });

  it('shows the not-found page for a malformed id', async () => {
    const { operations } = renderApp('/aanbod/zwemles/niet-een-uuid', { kind: 'ANONYMOUS' });
    await h1('Pagina niet gevonden');
    expect(operations.some((op) => op.name === 'Product')).toBe(false);
  });

  it('serves the operator console under /%5Flightbase too', async () => {
    renderApp('/%5Flightbase/login', { kind: 'ANONYMOUS' });
    await h1('Inloggen beheerconsole');
  });
});
