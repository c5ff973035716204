/** Test data for the account's order screens (used by the *.test.tsx files beside it). */
export const ORDER_ID = '5b0e8c1a-3f2d-4c6e-9a7b-0123456789ab';
export const PAYMENT_ID = 'c3d4e5f6-a7b8-4c9d-8e0f-112233445566';

type Status = 'AWAITING_PAYMENT' | 'PLACED' | 'ACCEPTED' | 'DELIVERED' | 'CANCELLED';

export function event(
  fromStatus: Status | null,
  toStatus: Status,
  actorKind = 'CUSTOMER',
  at = '2026-03-03T13:05:00Z',
  reason: string | null = null,
) {
  const handoverMethod = toStatus === 'DELIVERED' ? 'COUNTER_CARD' : null;
  return { __typename: 'OrderEvent', fromStatus, toStatus, actorKind, reason, handoverMethod, at };
}

export function order(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Order',
    id: ORDER_ID,
    number: 'B100001',
    status: 'PLACED',
    providerId: 'd1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f6',
    providerName: 'Zwembad De Wetering',
    createdAt: '2026-03-03T13:05:00Z',
    totalCents: 2000,
    budgetCents: 1500,
    contributionCents: 500,
    pickupCode: 'AB12CD34',
    redemptionMethod: 'PICKUP',
    handoverMethod: null,
    cancelReason: null,
    placedOnBehalf: false,
    onBehalfReason: null,
    lines: [
      {
        __typename: 'OrderLine',
        id: 'l1',
        title: 'Zwemles (10 lessen)',
        quantity: 2,
        unitPriceCents: 1000,
        totalCents: 2000,
        beneficiaryName: null,
      },
    ],
    events: [event(null, 'PLACED')],
    allocations: [
      { __typename: 'OrderAllocation', assignmentId: 'a1', arrangementName: 'Kindpakket 2026', amountCents: 1500 },
    ],
    ...overrides,
  };
}

/** A page of the `myOrders` connection. */
export function orderConnection(nodes: ReturnType<typeof order>[], hasNextPage = false, totalCount = nodes.length) {
  return {
    __typename: 'OrderConnection',
    totalCount,
    totalCountCapped: false,
    edges: nodes.map((node) => ({ __typename: 'OrderEdge', cursor: `c-${String(node.id)}`, node })),
    pageInfo: { __typename: 'PageInfo', hasNextPage, endCursor: nodes.length ? `c-${String(nodes.at(-1)!.id)}` : null },
  };
}
