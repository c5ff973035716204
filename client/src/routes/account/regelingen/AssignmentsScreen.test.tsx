import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/renderApp';
import { formatDay, validityText } from './assignmentLabels';

afterEach(cleanup);

/** Text with every kind of space (Intl puts a no-break space after €) as one plain space. */
const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ');

const ORDER_ID = '5b0e8c1a-3f2d-4c6e-9a7b-0123456789ab';

function assignment(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Assignment',
    id: 'a6f1b2c3-d4e5-4f60-8a7b-9c0d1e2f3a4b',
    arrangementName: 'Kindpakket 2026',
    beneficiaryName: 'Sara de Vries',
    amountCents: 15000,
    balanceCents: 13750,
    validFrom: '2026-01-01',
    validUntil: '2026-12-31',
    status: 'ACTIVE',
    revokedReason: null,
    movements: [
      {
        __typename: 'AssignmentMovement',
        id: 'm2',
        at: '2026-03-03T13:05:00Z',
        kind: 'SPEND',
        description: 'Bestelling B100001',
        amountCents: -1250,
        orderId: ORDER_ID,
      },
      {
        __typename: 'AssignmentMovement',
        id: 'm1',
        at: '2026-01-01T08:00:00Z',
        kind: 'GRANT',
        description: 'Toegekend: Kindpakket 2026',
        amountCents: 15000,
        orderId: null,
      },
    ],
    ...overrides,
  };
}

describe('/account/regelingen', () => {
  it('shows each assignment with balance, grant, validity, status and its bookings', async () => {
    renderApp(
      '/account/regelingen',
      { kind: 'CUSTOMER' },
      {
        MyAssignments: () => ({
          myAssignments: [
            assignment(),
            assignment({
              id: 'b6f1b2c3-d4e5-4f60-8a7b-9c0d1e2f3a4b',
              arrangementName: 'Sportregeling',
              beneficiaryName: null,
              status: 'EXPIRED',
              balanceCents: 500,
              movements: [],
            }),
          ],
        }),
        UnreadMessageCount: () => ({ myUnreadMessageCount: 2 }),
      },
    );
    const section = (await screen.findByRole('region', { name: 'Kindpakket 2026 voor Sara de Vries' })) as HTMLElement;
    expect(within(section).getByText('€ 137,50')).toBeTruthy();
    expect(within(section).getByText('€ 150,00')).toBeTruthy();
    expect(within(section).getByText('1 januari 2026 tot en met 31 december 2026')).toBeTruthy();
    expect(within(section).getByText('Actief')).toBeTruthy();
    const table = within(section).getByRole('table', {
      name: 'Wat er met het tegoed is gebeurd: Kindpakket 2026 voor Sara de Vries',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['3 maart 2026', '1 januari 2026']);
    expect(text(rows[0]!)).toContain('− € 12,50');
    // The amount right after the date (in view on a phone without scrolling the table).
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Datum', 'Bedrag', 'Soort', 'Omschrijving']);
    expect(text(within(rows[0]!).getAllByRole('cell')[1]!)).toContain('− € 12,50');
    expect(within(rows[0]!).getByRole('link', { name: 'bekijk bestelling' }).getAttribute('href')).toBe(
      `/account/bestellingen/${ORDER_ID}`,
    );
    expect(text(rows[1]!)).toContain('+ € 150,00');

    const expired = screen.getByRole('region', { name: 'Sportregeling' });
    expect(within(expired).getByText('Verlopen')).toBeTruthy();
    expect(within(expired).getByText('Uw huishouden')).toBeTruthy();
    expect(within(expired).getByText('U heeft dit tegoed nog niet gebruikt.')).toBeTruthy();
    // Only what can be spent now counts in the total.
    expect(text(screen.getByText('Nu te besteden').parentElement!)).toContain('€ 137,50');
    // The account navigation shows the unread messages.
    expect(await screen.findByRole('link', { name: 'Berichten (2 ongelezen)' })).toBeTruthy();
  });

  it('explains when the household has no assignments', async () => {
    renderApp('/account/regelingen', { kind: 'CUSTOMER' }, { MyAssignments: () => ({ myAssignments: [] }) });
    expect(await screen.findByText(/U heeft op dit moment geen regelingen/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'hoe het werkt' }).getAttribute('href')).toBe('/hoe-werkt-het');
  });

  it('writes calendar days in Dutch without shifting them by the time zone', () => {
    expect(formatDay('2026-12-31')).toBe('31 december 2026');
    expect(formatDay('niet-een-datum')).toBe('');
    expect(validityText('2026-03-01', '2026-03-31')).toBe('1 maart 2026 tot en met 31 maart 2026');
  });
});
