import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';

afterEach(cleanup);

describe('/admin', () => {
  it('shows the counts of the dashboard', async () => {
    renderApp(
      '/admin',
      { kind: 'STAFF', permissions: ['DASHBOARD_VIEW', 'PRODUCT_REVIEW', 'ORDER_READ'] },
      {
        AdminDashboard: () => ({
          adminDashboard: {
            __typename: 'AdminDashboard',
            productsToReview: 3,
            providersToApprove: 1,
            approvedProducts: 1234,
            providers: 12,
            clientGroups: 480,
            persons: 1020,
            activeArrangements: 4,
            ordersWaiting: 2,
            ordersWaitingDays: 3,
            ordersWaitingPlacedUntil: '2026-03-06',
            municipalities: [
              {
                __typename: 'MunicipalityTotals',
                municipalityId: 'm1',
                municipalityName: 'Gemeente Zuiderveen',
                activeArrangements: 3,
                budgetGrantedCents: 1250000,
                spentThisMonthCents: 4550,
                ordersThisMonth: 7,
              },
            ],
            budgetUse: [
              {
                __typename: 'ArrangementBudgetUse',
                arrangementId: 'a1',
                arrangementName: 'Meedoenregeling',
                municipalityName: 'Gemeente Zuiderveen',
                validFrom: '2026-01-01',
                validUntil: '2026-12-31',
                grantedCents: 50000,
                spentCents: 12550,
                expiredCents: 0,
                remainingCents: 37450,
                months: [
                  {
                    __typename: 'BudgetUseMonth',
                    month: '2026-02',
                    grantedCents: 50000,
                    spentCents: 2500,
                    expiredCents: 0,
                    remainingCents: 47500,
                  },
                  {
                    __typename: 'BudgetUseMonth',
                    month: '2026-03',
                    grantedCents: 0,
                    spentCents: 10050,
                    expiredCents: 0,
                    remainingCents: 37450,
                  },
                ],
              },
            ],
          },
        }),
      },
    );
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 5000 });
    const stat = (label: string) =>
      within(
        screen
          .getAllByText(label)
          .find((e) => e.closest('.gw-stat'))!
          .closest('.gw-stat') as HTMLElement,
      ).getByRole('definition');
    expect((await screen.findByText('Producten te beoordelen')).closest('dt')).toBeTruthy();
    expect(stat('Producten te beoordelen').textContent).toBe('3');
    expect(stat('Goedgekeurde producten').textContent).toBe('1.234');
    expect(stat('Actieve regelingen').textContent).toBe('4');
    // Each tile links to its filtered list when the viewer may open it.
    expect(screen.getByRole('link', { name: 'Producten te beoordelen' }).getAttribute('href')).toBe('/admin/producten');
    expect(screen.queryByRole('link', { name: 'Aanbieders te beoordelen' })).toBeNull();
    expect(stat('Aanbieders te beoordelen').textContent).toBe('1');
    const waiting = screen.getByRole('link', { name: 'Bestellingen langer dan 3 dagen niet geaccepteerd' });
    expect(waiting.getAttribute('href')).toBe('/admin/bestellingen?status=geplaatst&tot=2026-03-06');
    expect(stat('Bestellingen langer dan 3 dagen niet geaccepteerd').textContent).toBe('2');
    // Totals per municipality as a table with row headers.
    const table = screen.getByRole('table', { name: 'Cijfers per gemeente waarvoor u werkt' });
    const row = within(table).getByRole('row', { name: /Gemeente Zuiderveen/ });
    expect(within(row).getByRole('rowheader').textContent).toBe('Gemeente Zuiderveen');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', expect.stringContaining('12.500,00'), expect.stringContaining('45,50'), '7']);
    // Budget use: a table per arrangement, and the chosen arrangement's months in a table beside the chart.
    const use = await screen.findByRole(
      'table',
      { name: 'Toegekend, besteed, vervallen en resterend tegoed per regeling' },
      { timeout: 10_000 },
    );
    expect(
      within(within(use).getByRole('row', { name: /Meedoenregeling/ }))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['€ 500,00', '€ 125,50', '€ 0,00', '€ 374,50']);
    const months = screen.getByRole('table', { name: 'Meedoenregeling per maand' });
    expect(
      within(months)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['februari 2026', 'maart 2026']);
    expect(screen.getByRole('combobox', { name: 'Regeling per maand' })).toBeTruthy();
  });
});
