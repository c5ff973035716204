import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/renderApp';
import { readOfflineAccount } from '@/lib/offlineAccount';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const FUTURE = '2999-01-01T10:00:00.000Z';
const token = (n: number) => `GWP1.${String(n).repeat(48)}.${'b'.repeat(22)}`;

const pass = (firstName: string, own: boolean, n: number, expiresAt = FUTURE) => ({
  __typename: 'CardPass',
  firstName,
  own,
  municipalityName: 'Gemeente Zuiderveen',
  color: own ? '#1f5fa8' : null,
  token: token(n),
  expiresAt,
  validityHours: 24,
  card: { __typename: 'Card', id: `card-${n}`, maskedNumber: `******000${n}`, lastDigits: `000${n}` },
});

const card = (n: number, holderName: string) => ({
  __typename: 'Card',
  id: `card-${n}`,
  personId: `person-${n}`,
  holderName,
  maskedNumber: `******000${n}`,
  lastDigits: `000${n}`,
  status: 'ACTIVE',
  issuedAt: '2026-01-01T10:00:00.000Z',
  blockedAt: null,
});

const responders = (passes: unknown[]) => ({
  MyCards: () => ({ myCards: [card(1, 'Fleur de Boer'), card(2, 'Kim de Boer')] }),
  MyCardPasses: () => ({ myCardPasses: passes }),
  AccountOfflineState: () => ({
    myOrders: {
      __typename: 'OrderConnection',
      edges: [
        {
          __typename: 'OrderEdge',
          node: {
            __typename: 'Order',
            id: 'o1',
            number: 'B1',
            providerName: 'Zwembad',
            pickupCode: 'ABCDEFGH',
            status: 'PLACED',
          },
        },
        {
          __typename: 'OrderEdge',
          node: {
            __typename: 'Order',
            id: 'o2',
            number: 'B2',
            providerName: 'Zwembad',
            pickupCode: 'JKLMNPQR',
            status: 'DELIVERED',
          },
        },
      ],
    },
    myAssignments: [
      {
        __typename: 'Assignment',
        id: 'a1',
        arrangementName: 'Kindpakket',
        beneficiaryName: 'Kim',
        balanceCents: 4500,
        status: 'ACTIVE',
        validUntil: '2026-12-31',
      },
    ],
  }),
});

describe('/account/pas: the digital cards (issue 30)', () => {
  it('shows each card as a card with its QR code, the number only for the own card, and keeps the state for offline', async () => {
    renderApp('/account/pas', { kind: 'CUSTOMER' }, responders([pass('Fleur', true, 1), pass('Kim', false, 2)]));
    const own = await screen.findByRole('article', { name: 'Digitale pas van Fleur' });
    expect(within(own).getByText('Gemeente Zuiderveen')).toBeTruthy();
    expect(within(own).getByRole('img', { name: 'QR-code van de pas van Fleur' })).toBeTruthy();
    expect(within(own).getByText('Pas eindigend op 0001')).toBeTruthy();
    expect(within(own).getByRole('button', { name: 'Toon nummer' })).toBeTruthy();
    expect(own.getAttribute('style')).toContain('--gw-card-color: #1f5fa8');
    const child = screen.getByRole('article', { name: 'Digitale pas van Kim' });
    expect(within(child).queryByRole('button', { name: 'Toon nummer' })).toBeNull();
    expect(within(child).getByRole('img', { name: 'QR-code van de pas van Kim' })).toBeTruthy();
    // The last known state: the passes, only the open order with its code, the budget.
    await waitFor(() => expect(readOfflineAccount()).not.toBeNull());
    const saved = readOfflineAccount()!;
    expect(saved.passes.map((p) => [p.firstName, p.token])).toEqual([
      ['Fleur', token(1)],
      ['Kim', token(2)],
    ]);
    expect(saved.orders.map((o) => o.pickupCode)).toEqual(['ABCDEFGH']);
    expect(saved.budgets).toEqual([
      { id: 'a1', arrangementName: 'Kindpakket', beneficiaryName: 'Kim', balanceCents: 4500, validUntil: '2026-12-31' },
    ]);
  });

  it('says so instead of showing an expired code', async () => {
    renderApp('/account/pas', { kind: 'CUSTOMER' }, responders([pass('Fleur', true, 1, '2000-01-01T00:00:00.000Z')]));
    const own = await screen.findByRole('article', { name: 'Digitale pas van Fleur' });
    expect(within(own).queryByRole('img')).toBeNull();
    expect(within(own).getByRole('status').textContent).toMatch(/^Deze code is verlopen\./);
  });
});
