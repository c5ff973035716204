import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { connection, ids, productNode } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

afterEach(cleanup);

const choices = () => ({
  categories: [{ __typename: 'Category', id: ids.category, name: 'Sport' }],
  offerProviders: [{ __typename: 'Provider', id: ids.provider, name: 'Zwembad De Wetering' }],
});

describe('/aanbod', () => {
  it('lists products with provider and Dutch price, and keeps the search in the URL', async () => {
    const { router, operations } = renderApp(
      '/aanbod?zoek=zwem',
      { kind: 'ANONYMOUS' },
      {
        CatalogueChoices: choices,
        Catalogue: () => ({ products: connection([productNode(ids.product1, 'Zwemles', 1250)]) }),
      },
    );
    const link = await screen.findByRole('link', { name: 'Zwemles' });
    expect(link.getAttribute('href')).toBe(`/aanbod/zwemles/${ids.product1}`);
    const card = link.closest('article') as HTMLElement;
    // The card is an article named by its title.
    expect(screen.getByRole('article', { name: 'Zwemles' })).toBe(card);
    expect(within(card).getByText('Zwembad De Wetering')).toBeTruthy();
    expect(within(card).getByText('€ 12,50')).toBeTruthy();
    expect(screen.getByText('1 product gevonden voor ‘zwem’.')).toBeTruthy();
    expect(operations.find((op) => op.name === 'Catalogue')?.variables).toMatchObject({
      filter: { search: 'zwem', categoryId: null },
      first: 24,
    });

    const input = screen.getByLabelText('Zoeken in het aanbod') as HTMLInputElement;
    expect(input.value).toBe('zwem');
    fireEvent.change(input, { target: { value: 'fiets' } });
    fireEvent.change(await screen.findByLabelText('Categorie'), { target: { value: ids.category } });
    fireEvent.click(screen.getByRole('button', { name: 'Zoeken' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?zoek=fiets&categorie=${ids.category}`));
  });

  it('shows an empty state', async () => {
    renderApp(
      '/aanbod?zoek=onbekend',
      { kind: 'ANONYMOUS' },
      {
        CatalogueChoices: choices,
        Catalogue: () => ({ products: connection([]) }),
      },
    );
    expect(await screen.findByText('Geen producten gevonden')).toBeTruthy();
    expect(screen.queryByText(/Bedoelde u/)).toBeNull();
  });

  it('offers the server’s near search when nothing is found, keeping the other filters', async () => {
    const { router, operations } = renderApp(
      `/aanbod?zoek=kompjoeters&categorie=${ids.category}`,
      { kind: 'ANONYMOUS' },
      {
        CatalogueChoices: choices,
        Catalogue: (variables) =>
          (variables.filter as { search: string | null }).search === 'computers'
            ? { products: connection([productNode(ids.product1, 'Laptop', 25000)]) }
            : { products: { ...connection([]), suggestion: 'computers' } },
      },
    );
    const link = await screen.findByRole('link', { name: 'computers' });
    expect(link.closest('p')?.textContent).toBe('Bedoelde u computers?');
    expect(link.getAttribute('href')).toBe(`/aanbod?zoek=computers&categorie=${ids.category}`);
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.search).toBe(`?zoek=computers&categorie=${ids.category}`));
    expect(await screen.findByRole('link', { name: 'Laptop' })).toBeTruthy();
    expect(operations.filter((op) => op.name === 'Catalogue').at(-1)?.variables).toMatchObject({
      filter: { search: 'computers', categoryId: ids.category },
    });
  });

  it('loads more with the cursor and appends the results', async () => {
    const { operations } = renderApp(
      '/aanbod',
      { kind: 'ANONYMOUS' },
      {
        CatalogueChoices: choices,
        Catalogue: (variables) =>
          variables.after
            ? { products: connection([productNode(ids.product2, 'Voetbal', 2000)], false, 2) }
            : { products: connection([productNode(ids.product1, 'Zwemles', 1250)], true, 2) },
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Meer producten laden' }));
    await screen.findByRole('link', { name: 'Voetbal' });
    expect(screen.getByRole('link', { name: 'Zwemles' })).toBeTruthy();
    expect(operations.filter((op) => op.name === 'Catalogue').at(-1)?.variables).toMatchObject({
      after: `c-${ids.product1}`,
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Meer producten laden' })).toBeNull());
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Voetbal'));
  });

  it('shows a Dutch error when the offer cannot be loaded', async () => {
    renderApp('/aanbod', { kind: 'ANONYMOUS' }, { CatalogueChoices: choices });
    expect(await screen.findByText(/Het aanbod kon niet worden geladen\./)).toBeTruthy();
  });

  it('keeps the provider filter and the sort order in the URL and sends them to the server', async () => {
    const { router, operations } = renderApp(
      `/aanbod?aanbieder=${ids.provider}&sortering=prijs-oplopend`,
      { kind: 'ANONYMOUS' },
      {
        CatalogueChoices: choices,
        Catalogue: () => ({ products: connection([productNode(ids.product1, 'Zwemles', 1250)]) }),
      },
    );
    await screen.findByRole('link', { name: 'Zwemles' });
    expect(operations.find((op) => op.name === 'Catalogue')?.variables).toMatchObject({
      filter: { providerId: ids.provider, sort: 'PRICE_ASC' },
    });
    expect(await screen.findByText('1 product gevonden van Zwembad De Wetering.')).toBeTruthy();
    expect((screen.getByLabelText('Aanbieder') as HTMLSelectElement).value).toBe(ids.provider);
    expect((screen.getByLabelText('Sorteren op') as HTMLSelectElement).value).toBe('prijs-oplopend');
    fireEvent.change(screen.getByLabelText('Sorteren op'), { target: { value: 'prijs-aflopend' } });
    fireEvent.change(screen.getByLabelText('Aanbieder'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zoeken' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sortering=prijs-aflopend'));
  });

  it('ignores an unknown sort order and a malformed provider id', async () => {
    const { operations } = renderApp(
      '/aanbod?aanbieder=geen-id&sortering=willekeurig',
      { kind: 'ANONYMOUS' },
      {
        CatalogueChoices: choices,
        Catalogue: () => ({ products: connection([]) }),
      },
    );
    await screen.findByText(/Er staan nog geen producten in het aanbod/);
    expect(operations.find((op) => op.name === 'Catalogue')?.variables).toMatchObject({
      filter: { providerId: null, sort: null },
    });
  });

  it('offers a resident the filter "te betalen met mijn regelingen" and shows per product whether it is', async () => {
    const payable = { ...productNode(ids.product1, 'Zwemles', 1250), payableWith: ['Meedoenregeling'] };
    const notPayable = { ...productNode(ids.product2, 'Voetbal', 2000), payableWith: [] };
    const { router, operations } = renderApp(
      '/aanbod?betaalbaar=ja',
      { kind: 'CUSTOMER' },
      {
        CatalogueChoices: choices,
        MyCart: () => ({ myCart: [] }),
        MyBudget: () => ({
          myAssignments: [
            { __typename: 'AssignmentView', id: 'a1', balanceCents: 31250, status: 'ACTIVE' },
            { __typename: 'AssignmentView', id: 'a2', balanceCents: 9999, status: 'EXPIRED' },
          ],
          myOrders: { __typename: 'OrderConnection', edges: [] },
        }),
        Catalogue: () => ({ products: connection([payable, notPayable]) }),
      },
    );
    const card = (await screen.findByRole('link', { name: 'Zwemles' })).closest('article') as HTMLElement;
    expect(within(card).getByText('Te betalen met uw Meedoenregeling')).toBeTruthy();
    const other = screen.getByRole('link', { name: 'Voetbal' }).closest('article') as HTMLElement;
    expect(within(other).getByText('Niet te betalen met uw regelingen')).toBeTruthy();
    expect(operations.filter((op) => op.name === 'Catalogue').at(-1)?.variables).toMatchObject({
      filter: { payable: true },
    });
    expect(screen.getByText('2 producten gevonden die u met uw regelingen kunt betalen.')).toBeTruthy();
    // The budget in the header: only what can be spent now.
    expect((await screen.findByRole('link', { name: /^Tegoed: €\s312,50$/ })).getAttribute('href')).toBe(
      '/account/regelingen',
    );

    const box = screen.getByLabelText('Te betalen met mijn regelingen') as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Zoeken' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    fireEvent.click(screen.getByLabelText('Te betalen met mijn regelingen'));
    fireEvent.click(screen.getByRole('button', { name: 'Zoeken' }));
    await waitFor(() => expect(router.state.location.search).toBe('?betaalbaar=ja'));
  });

  it('neither offers the filter nor sends it for a visitor, and shows no badge', async () => {
    const { operations } = renderApp(
      '/aanbod?betaalbaar=ja',
      { kind: 'ANONYMOUS' },
      {
        CatalogueChoices: choices,
        Catalogue: () => ({ products: connection([productNode(ids.product1, 'Zwemles', 1250)]) }),
      },
    );
    await screen.findByRole('link', { name: 'Zwemles' });
    expect(screen.queryByLabelText('Te betalen met mijn regelingen')).toBeNull();
    expect(screen.queryByText(/te betalen met uw/i)).toBeNull();
    expect(operations.find((op) => op.name === 'Catalogue')?.variables).toMatchObject({ filter: { payable: null } });
  });

  it('puts the filters behind a "Filters" disclosure that says how many are in force', async () => {
    renderApp(
      `/aanbod?zoek=zwem&categorie=${ids.category}`,
      { kind: 'ANONYMOUS' },
      {
        CatalogueChoices: choices,
        Catalogue: () => ({ products: connection([productNode(ids.product1, 'Zwemles', 1250)]) }),
      },
    );
    await screen.findByRole('link', { name: 'Zwemles' });
    const toggle = await screen.findByRole('button', { name: 'Filters 2 actief' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel.dataset.open).toBe('false');
    expect(within(panel).getByRole('search', { name: 'Aanbod' })).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel.dataset.open).toBe('true');
  });
});
