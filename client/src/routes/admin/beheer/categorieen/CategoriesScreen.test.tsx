import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/renderApp';

afterEach(cleanup);

const editor = { kind: 'STAFF' as const, permissions: ['CONTENT_EDIT' as const] };

function category(n: number, overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Category',
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Categorie ${n}`,
    sortOrder: n * 10,
    featured: false,
    productCount: n,
    allProductCount: n + 1,
    ...overrides,
  };
}

function page(nodes: ReturnType<typeof category>[], hasNextPage: boolean, totalCount: number) {
  return {
    adminCategories: {
      __typename: 'CategoryConnection',
      totalCount,
      edges: nodes.map((node) => ({ __typename: 'CategoryEdge', cursor: `c-${node.id}`, node })),
      pageInfo: { __typename: 'PageInfo', hasNextPage, endCursor: nodes.length ? `c-${nodes.at(-1)!.id}` : null },
    },
  };
}

describe('/admin/beheer/categorieen (the reference list screen)', () => {
  it('shows an accessible table: caption with "x van y", row headers, numbers right-aligned, and loads more through the cache', async () => {
    const { operations } = renderApp('/admin/beheer/categorieen', editor, {
      AdminCategories: (v) =>
        v.after ? page([category(3)], false, 3) : page([category(1, { featured: true }), category(2)], true, 3),
    });
    const table = await screen.findByRole('table', { name: 'Categorieën: 2 van 3' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Naam', 'Volgorde', 'In het aanbod', 'Alle producten', 'Uitgelicht']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['Categorie 1', 'Categorie 2']);
    expect(within(table).getAllByRole('columnheader')[1]!.className).toContain('gw-num');
    expect(within(table).getAllByRole('cell')[0]!.className).toContain('gw-num');
    expect(within(table).getByText('Uitgelicht', { selector: '.gw-tag' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Meer categorieën laden' }));
    await screen.findByRole('table', { name: 'Categorieën: 3 van 3' });
    expect(operations.filter((op) => op.name === 'AdminCategories').at(-1)!.variables).toMatchObject({
      after: `c-${category(2).id}`,
      filter: { search: null, hasProducts: null },
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Meer categorieën laden' })).toBeNull());
  });

  it('keeps the filters in the URL: sends them, shows them after Back, and ignores invalid values', async () => {
    const { router, operations } = renderApp('/admin/beheer/categorieen?producten=onzin', editor, {
      AdminCategories: (v) =>
        (v.filter as { search?: string }).search ? page([], false, 0) : page([category(1)], false, 1),
    });
    await screen.findByRole('table', { name: 'Categorieën: 1 van 1' });
    expect(operations.at(-1)!.variables).toMatchObject({ filter: { search: null, hasProducts: null } });
    const form = screen.getByRole('search', { name: 'Categorieën zoeken' });
    fireEvent.change(within(form).getByRole('searchbox', { name: /Naam/ }), { target: { value: 'muziek' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Producten' }), { target: { value: 'zonder' } });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        zoek: 'muziek',
        producten: 'zonder',
      }),
    );
    expect(
      (await screen.findByText(/Geen categorie past bij deze filters/)).closest('[role=status]')!.textContent,
    ).toBe('Geen categorie past bij deze filters. Zoek op een ander deel van de naam, of wis de filters.');
    expect(operations.at(-1)!.variables).toMatchObject({ filter: { search: 'muziek', hasProducts: false } });
    expect(screen.getByRole('link', { name: 'Filters wissen' }).getAttribute('href')).toBe('/admin/beheer/categorieen');

    await act(() => router.navigate(-1));
    await screen.findByRole('table', { name: 'Categorieën: 1 van 1' });
    expect((within(screen.getByRole('search')).getByRole('searchbox') as HTMLInputElement).value).toBe('');
  });

  it('says there are none yet with guidance, and offers a retry when loading fails', async () => {
    let fail = true;
    renderApp('/admin/beheer/categorieen', editor, {
      AdminCategories: () => {
        if (fail) {
          fail = false;
          throw new Error('netwerk');
        }
        return page([], false, 0);
      },
    });
    expect(await screen.findByText(/De categorieën konden niet worden geladen\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(
      (await screen.findByText(/Er zijn nog geen categorieën\. Voeg de eerste toe/)).closest('[role=status]'),
    ).toBeTruthy();
  });

  it('shows the notice an action left, and not after the next navigation', async () => {
    const { router } = renderApp('/admin/beheer/categorieen', editor, {
      AdminCategories: () => page([category(1)], false, 1),
    });
    await screen.findByRole('table');
    await act(() =>
      router.navigate('/admin/beheer/categorieen', { state: { notice: 'De categorie ‘Sport’ is toegevoegd.' } }),
    );
    expect(screen.getByText('De categorie ‘Sport’ is toegevoegd.').closest('[role=status]')).toBeTruthy();
    await act(() => router.navigate('/admin/beheer/categorieen?zoek=x'));
    expect(screen.queryByText('De categorie ‘Sport’ is toegevoegd.')).toBeNull();
  });
});
