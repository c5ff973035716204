import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { approval, connection, ids, productNode } from '@/test/fixtures';
import { renderApp } from '@/test/renderApp';

afterEach(cleanup);

function ownProduct(id: string, title: string, status: string, approvals: ReturnType<typeof approval>[] = []) {
  return { ...productNode(id, title, 995), status, updatedAt: '2026-03-03T13:05:00.000Z', approvals };
}

describe('/aanbieder/producten', () => {
  it('lists the provider’s products in an accessible table with Dutch statuses', async () => {
    renderApp(
      '/aanbieder/producten',
      { kind: 'PROVIDER' },
      {
        MyProducts: () => ({
          myProducts: connection([
            ownProduct(ids.product1, 'Zwemles', 'APPROVED', [
              approval('noorderhaven', 'PENDING'),
              approval('zuiderveen', 'APPROVED'),
            ]),
            ownProduct(ids.product2, 'Zwemdiploma A', 'REJECTED', [
              approval('zuiderveen', 'REJECTED', 'Vermeld de leeftijden.'),
            ]),
          ] as never),
        }),
      },
    );
    const table = await screen.findByRole('table', { name: /Uw producten/ });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Titel', 'Categorie', 'Status', 'Prijs', 'Laatst gewijzigd']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('Zwemles');
    // The overall status, and what each municipality decided.
    expect(within(rows[0]!).getByText('Goedgekeurd')).toBeTruthy();
    expect(
      within(rows[0]!).getByText('Goedgekeurd in Gemeente Zuiderveen. In behandeling in Gemeente Noorderhaven.'),
    ).toBeTruthy();
    expect(within(rows[1]!).getByText('Afgekeurd')).toBeTruthy();
    expect(within(rows[1]!).getByText('Afgekeurd in Gemeente Zuiderveen.')).toBeTruthy();
    expect(within(rows[0]!).getByText('€ 9,95')).toBeTruthy();
    expect(within(rows[0]!).getByText('3 maart 2026')).toBeTruthy();
  });

  const municipality = (id: string, name: string, status: string | null) => ({
    __typename: 'MunicipalityMembership',
    municipality: { __typename: 'Municipality', id, name },
    membership: status ? { __typename: 'ProviderMembership', id: `m-${id}`, status } : null,
  });

  it('tells a provider without an approved membership that residents see nothing, with where to apply', async () => {
    renderApp(
      '/aanbieder/producten',
      { kind: 'PROVIDER' },
      {
        MyProducts: () => ({ myProducts: connection([]) }),
        MyMembershipStatus: () => ({
          myMunicipalities: [
            municipality('gem-1', 'Gemeente Zuiderveen', 'PENDING'),
            municipality('gem-2', 'Gemeente Noorderhaven', null),
          ],
        }),
      },
    );
    expect(await screen.findByText('Inwoners zien uw producten nog niet')).toBeTruthy();
    expect(screen.getByText(/Uw aanmelding bij Gemeente Zuiderveen wordt beoordeeld/)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Meld u aan bij Gemeente Noorderhaven' });
    expect(link.getAttribute('href')).toBe('/aanbieder/profiel/aanmelden/gem-2');
    expect(screen.queryByRole('link', { name: 'Meld u aan bij Gemeente Zuiderveen' })).toBeNull();
  });

  it('says nothing of it once a municipality approved the provider', async () => {
    renderApp(
      '/aanbieder/producten',
      { kind: 'PROVIDER' },
      {
        MyProducts: () => ({ myProducts: connection([]) }),
        MyMembershipStatus: () => ({
          myMunicipalities: [
            municipality('gem-1', 'Gemeente Zuiderveen', 'APPROVED'),
            municipality('gem-2', 'Gemeente Noorderhaven', null),
          ],
        }),
      },
    );
    expect(await screen.findByText(/U heeft nog geen producten/)).toBeTruthy();
    expect(screen.queryByText('Inwoners zien uw producten nog niet')).toBeNull();
  });
});
