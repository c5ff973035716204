import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/renderApp';

afterEach(cleanup);

const staff = { kind: 'STAFF' as const, permissions: ['PERSON_READ' as const] };
const ZV = '00000000-0000-4000-8000-00000000000a';
const NH = '00000000-0000-4000-8000-00000000000b';

function group(n: number) {
  return {
    __typename: 'ClientGroup',
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    clientNumber: `ZV-10000${n}`,
    name: `Huishouden ${n}`,
    municipality: { __typename: 'Municipality', id: ZV, name: 'Zuiderveen' },
    members:
      n === 1
        ? []
        : [
            {
              __typename: 'Person',
              id: `10000000-0000-4000-8000-00000000000${n}`,
              externalIdentifier: `P-10000${n}`,
              fullName: `Lid ${n}`,
            },
          ],
  };
}

const connection = (nodes: ReturnType<typeof group>[], hasNextPage: boolean, totalCount: number, capped = false) => ({
  clientGroups: {
    __typename: 'ClientGroupConnection',
    totalCount,
    totalCountCapped: capped,
    edges: nodes.map((node) => ({ __typename: 'ClientGroupEdge', cursor: `c-${node.id}`, node })),
    pageInfo: { __typename: 'PageInfo', hasNextPage, endCursor: nodes.length ? `c-${nodes.at(-1)!.id}` : null },
  },
});

const municipalities = () => ({
  viewer: {
    __typename: 'ViewerInfo',
    kind: 'STAFF',
    municipalities: [
      { __typename: 'Municipality', id: NH, name: 'Noorderhaven' },
      { __typename: 'Municipality', id: ZV, name: 'Zuiderveen' },
    ],
  },
});

describe('/admin/klanten (list kit, filter in the URL)', () => {
  it('pages with "load more" through the cache policy (no hand merging)', async () => {
    const { operations } = renderApp('/admin/klanten', staff, {
      StaffMunicipalities: municipalities,
      AdminClientGroups: (v) =>
        v.after ? connection([group(3)], false, 3) : connection([group(1), group(2)], true, 3),
    });
    await screen.findByRole('table', { name: 'Klanten: 2 van 3' });
    expect(screen.getByText('Geen leden')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Meer klanten laden' }));
    const table = await screen.findByRole('table', { name: 'Klanten: 3 van 3' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((r) => r.textContent),
    ).toEqual(['Huishouden 1', 'Huishouden 2', 'Huishouden 3']);
    expect(operations.filter((op) => op.name === 'AdminClientGroups').map((op) => op.variables.after ?? null)).toEqual([
      null,
      `c-${group(2).id}`,
    ]);
  });

  it('searches and filters by municipality through the URL', async () => {
    const { router, operations } = renderApp(`/admin/klanten?zoek=jansen&gemeente=${ZV}`, staff, {
      StaffMunicipalities: municipalities,
      AdminClientGroups: (v) =>
        (v.filter as { search: string | null }).search === 'qwxyz'
          ? connection([], false, 0)
          : connection([group(2)], false, 1),
    });
    await screen.findByRole('table', { name: 'Zoekresultaten voor ‘jansen’: 1 van 1' });
    expect(operations.find((op) => op.name === 'AdminClientGroups')!.variables).toMatchObject({
      filter: { search: 'jansen', municipalityId: ZV },
    });
    const gemeente = (await screen.findByRole('combobox', { name: 'Gemeente' })) as HTMLSelectElement;
    await waitFor(() => expect(gemeente.value).toBe(ZV));
    fireEvent.change(screen.getByRole('searchbox', { name: /Zoeken/ }), { target: { value: 'qwxyz' } });
    fireEvent.submit(screen.getByRole('search', { name: 'Klanten zoeken' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?zoek=qwxyz&gemeente=${ZV}`));
    expect((await screen.findByText(/Er is geen klant gevonden bij ‘qwxyz’/)).closest('[role=status]')).toBeTruthy();
  });

  it('says "meer dan" when the server stopped counting at its cap', async () => {
    renderApp('/admin/klanten', staff, {
      StaffMunicipalities: municipalities,
      AdminClientGroups: () => connection([group(1), group(2)], true, 1000, true),
    });
    await screen.findByRole('table', { name: 'Klanten: 2 van meer dan 1.000' });
  });
});
