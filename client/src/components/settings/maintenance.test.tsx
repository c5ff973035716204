import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';

afterEach(cleanup);

const on = () => ({
  maintenanceStatus: { active: true, message: 'Wij werken aan de website.', startsAt: null, endsAt: null },
});
const links = () => ({
  links: [],
  usefulLinks: [
    { __typename: 'Link', id: 'l1', label: 'Website van de gemeente', url: 'https://www.example.nl/' },
    { __typename: 'Link', id: 'l2', label: 'Nieuws van ons', url: '/nieuws' },
  ],
  publicSettings: {
    platformName: 'Gemeentewinkel',
    primaryColor: null,
    logoUrl: null,
    logoWidth: null,
    logoHeight: null,
    municipalities: [],
  },
});

describe('the maintenance page', () => {
  it('shows no menu or link to pages of the site, which would all be the maintenance page (public)', async () => {
    renderApp('/aanbod', { kind: 'CUSTOMER' }, { MaintenanceStatus: on, PublicSite: links });
    expect(await screen.findByRole('heading', { name: 'Wij zijn even met onderhoud bezig' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Hoofdmenu' })).toBeNull();
    expect(screen.queryByRole('button', { name: /menu/i })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Aanbod' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Over deze website' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Inloggen als aanbieder' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Nieuws van ons' })).toBeNull();
    // What works during maintenance stays: a link to another site.
    expect(screen.getByRole('link', { name: 'Website van de gemeente' })).toBeTruthy();
  });

  it('leaves out the account menu and the provider menu too', async () => {
    renderApp('/account/bestellingen', { kind: 'CUSTOMER' }, { MaintenanceStatus: on });
    expect(await screen.findByRole('heading', { name: 'Wij zijn even met onderhoud bezig' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Regelingen' })).toBeNull();
    cleanup();
    renderApp('/aanbieder/producten', { kind: 'PROVIDER' }, { MaintenanceStatus: on });
    expect(await screen.findByRole('heading', { name: 'Wij zijn even met onderhoud bezig' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Bestellingen' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Naar de openbare website' })).toBeNull();
  });

  it('keeps the menu without maintenance', async () => {
    renderApp('/aanbod', { kind: 'CUSTOMER' }, { PublicSite: links });
    expect(await screen.findByRole('navigation', { name: 'Over deze website' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Aanbod' }).length).toBeGreaterThan(0);
  });
});
