import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { connection, ids, productNode } from '@/test/fixtures';
import { renderApp } from '@/test/renderApp';

afterEach(cleanup);

const provider = {
  __typename: 'Provider',
  id: ids.provider,
  name: 'Zwembad De Wetering',
  slug: 'zwembad-de-wetering',
  city: 'Utrecht',
  description: 'Overdekt zwembad met zwemles voor kinderen.',
  website: 'javascript:alert(1)',
  logoUrl: null,
  locations: [],
};

describe('/aanbod/aanbieders/:slug/:providerId', () => {
  it('shows the provider and its products, asking only for that provider’s products', async () => {
    const { operations } = renderApp(
      `/aanbod/aanbieders/zwembad-de-wetering/${ids.provider}`,
      { kind: 'ANONYMOUS' },
      {
        PublicProvider: () => ({ publicProvider: provider }),
        Catalogue: () => ({ products: connection([productNode(ids.product1, 'Zwemles', 1250)]) }),
      },
    );
    await screen.findByRole('heading', { level: 1, name: 'Zwembad De Wetering' });
    expect(screen.getByRole('heading', { level: 3, name: 'Zwemles' })).toBeTruthy();
    expect(screen.getByText('Overdekt zwembad met zwemles voor kinderen.')).toBeTruthy();
    expect(screen.queryByText(/javascript:/)).toBeNull();
    expect(operations.find((op) => op.name === 'PublicProvider')?.variables).toMatchObject({ id: ids.provider });
    expect(operations.find((op) => op.name === 'Catalogue')?.variables).toMatchObject({
      filter: { providerId: ids.provider },
    });
  });

  it('redirects a wrong slug and shows not found for an unknown provider', async () => {
    const { router } = renderApp(
      `/aanbod/aanbieders/oud/${ids.provider}`,
      { kind: 'ANONYMOUS' },
      {
        PublicProvider: () => ({ publicProvider: provider }),
        Catalogue: () => ({ products: connection([]) }),
      },
    );
    await screen.findByRole('heading', { level: 1, name: 'Zwembad De Wetering' });
    expect(router.state.location.pathname).toBe(`/aanbod/aanbieders/zwembad-de-wetering/${ids.provider}`);
    cleanup();

    renderApp(
      `/aanbod/aanbieders/oud/${ids.provider}`,
      { kind: 'ANONYMOUS' },
      {
        PublicProvider: () => ({ publicProvider: null }),
      },
    );
    await screen.findByRole('heading', { level: 1, name: 'Pagina niet gevonden' });
  });

  it('says when the provider has no products, with a way on', async () => {
    renderApp(
      `/aanbod/aanbieders/zwembad-de-wetering/${ids.provider}`,
      { kind: 'ANONYMOUS' },
      {
        PublicProvider: () => ({ publicProvider: provider }),
        Catalogue: () => ({ products: connection([]) }),
      },
    );
    expect(await screen.findByText(/Deze aanbieder heeft op dit moment geen producten in het aanbod\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bekijk het hele aanbod' })).toBeTruthy();
  });

  it('shows the logo, and each location as text with its opening hours', async () => {
    const hours = [1, 2, 3, 4, 5, 6, 7].map((weekday) =>
      weekday <= 5
        ? { __typename: 'OpeningHours', weekday, opens: '09:00', closes: weekday === 5 ? '21:30' : '17:00' }
        : { __typename: 'OpeningHours', weekday, opens: null, closes: null },
    );
    renderApp(
      `/aanbod/aanbieders/zwembad-de-wetering/${ids.provider}`,
      { kind: 'ANONYMOUS' },
      {
        PublicProvider: () => ({
          publicProvider: {
            ...provider,
            logoUrl: '/uploads/logos/logo.webp',
            locations: [
              {
                __typename: 'ProviderLocation',
                id: 'loc-1',
                name: 'Zwembad De Wetering',
                street: 'Weteringkade',
                houseNumber: '4a',
                postcode: '3581 AB',
                city: 'Utrecht',
                openingHours: hours,
              },
            ],
          },
        }),
        Catalogue: () => ({ products: connection([]) }),
      },
    );
    const logo = await screen.findByRole('img', { name: 'Logo van Zwembad De Wetering' });
    expect(logo.getAttribute('src')).toBe('/uploads/logos/logo.webp');
    expect(screen.getByRole('heading', { level: 2, name: 'Adres en openingstijden' })).toBeTruthy();
    expect(screen.getByText(/Weteringkade 4a/)).toBeTruthy();
    expect(screen.getByText(/3581 AB Utrecht/)).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Openingstijden van Zwembad De Wetering' });
    const row = (day: string) => within(table).getByRole('rowheader', { name: day }).closest('tr')!.textContent;
    expect(row('Maandag')).toBe('Maandag09.00–17.00 uur');
    expect(row('Vrijdag')).toBe('Vrijdag09.00–21.30 uur');
    expect(row('Zondag')).toBe('Zondaggesloten');
  });
});
