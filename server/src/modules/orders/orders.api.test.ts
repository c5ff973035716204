import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from '../../test/server.js';
import { Person } from '../customers/person.entity.js';
import { decryptBsn } from '../../crypto/bsn.js';
import { DEMO_PASSWORD, demoProviderEmail } from '../../seeders/demo-accounts.js';

const ASSIGNMENTS = `{ myAssignments { id arrangementName balanceCents status movements { kind amountCents } } }`;
const OFFER = `{ products(first: 50) { edges { node { id priceCents category { id } provider { id } } } } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) {
  errors { field code message } contributionCents paymentUrl
  orders { id number status totalCents budgetCents contributionCents pickupCode providerName lines { title quantity } events { toStatus actorKind } allocations { arrangementName amountCents } } } }`;

describe('orders over GraphQL', () => {
  let server: TestServer;
  let bsns: string[];

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    const people = await server.orm.em
      .fork()
      .find(
        Person,
        { bsnEncrypted: { $ne: null }, municipality: { slug: 'zuiderveen' } },
        { populate: ['bsnEncrypted'], orderBy: { externalIdentifier: 'asc' } },
      );
    bsns = people.map((p) => decryptBsn(p.bsnEncrypted!, server.services.config.bsn));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows a resident their budgets, orders across the budget, and keeps orders private to the household', async () => {
    const customer = server.client();
    await customer.loginWithDigid(bsns[0]!);
    const before: any = await customer.gql(ASSIGNMENTS);
    expect(before.errors).toBeUndefined();
    expect(before.data.myAssignments.length).toBeGreaterThan(0);
    const budgetBefore = before.data.myAssignments.reduce((s: number, a: any) => s + a.balanceCents, 0);

    const offer: any = await customer.gql(OFFER);
    const payable = new Set<string>();
    // Find a product this household can pay fully: try the cheapest first.
    const products = offer.data.products.edges
      .map((e: any) => e.node)
      .sort((a: any, b: any) => a.priceCents - b.priceCents);
    let placed: any = null;
    for (const p of products) {
      const r: any = await customer.gql(CHECKOUT, {
        input: { idempotencyKey: randomUUID(), lines: [{ productId: p.id, quantity: 1 }] },
      });
      if (r.data.checkout.errors.length === 0) {
        placed = { r, p };
        break;
      }
      payable.add(r.data.checkout.errors[0].code);
    }
    expect(placed, `no payable product: ${[...payable]}`).not.toBeNull();
    const order = placed.r.data.checkout.orders[0];
    expect(order.totalCents).toBe(placed.p.priceCents);
    expect(order.budgetCents + order.contributionCents).toBe(order.totalCents);
    expect(order.pickupCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(order.events[0]).toMatchObject({ actorKind: 'CUSTOMER' });

    const after: any = await customer.gql(ASSIGNMENTS);
    const budgetAfter = after.data.myAssignments.reduce((s: number, a: any) => s + a.balanceCents, 0);
    expect(budgetBefore - budgetAfter).toBe(order.budgetCents);
    expect(after.data.myAssignments.flatMap((a: any) => a.movements.map((m: any) => m.kind))).toContain('SPEND');

    const mine: any = await customer.gql(`{ myOrders { totalCount edges { node { id number } } } }`);
    expect(mine.data.myOrders.edges.map((e: any) => e.node.id)).toContain(order.id);
    // The list of every module's shape: (filter, first, after), newest first, a keyset page at a time.
    await customer.gql(CHECKOUT, {
      input: { idempotencyKey: randomUUID(), lines: [{ productId: placed.p.id, quantity: 1 }] },
    });
    const PAGE = `query($after: String, $filter: MyOrderFilter) { myOrders(first: 1, after: $after, filter: $filter) {
      totalCount pageInfo { hasNextPage endCursor } edges { node { id status } } } }`;
    const seen: string[] = [];
    let cursor: string | null = null;
    let total = 0;
    do {
      const page: any = await customer.gql(PAGE, { after: cursor });
      total = page.data.myOrders.totalCount;
      expect(page.data.myOrders.edges).toHaveLength(1);
      seen.push(page.data.myOrders.edges[0].node.id);
      cursor = page.data.myOrders.pageInfo.hasNextPage ? page.data.myOrders.pageInfo.endCursor : null;
    } while (cursor);
    expect(seen).toHaveLength(total);
    expect(total).toBeGreaterThanOrEqual(mine.data.myOrders.totalCount);
    expect(seen).toContain(order.id);
    expect(new Set(seen).size).toBe(seen.length);
    const cancelledOnly: any = await customer.gql(PAGE, { filter: { status: 'CANCELLED' } });
    expect(cancelledOnly.data.myOrders.edges.map((e: any) => e.node.id)).not.toContain(order.id);
    const badCursor: any = await customer.gql(PAGE, { after: 'bm90LWEtY3Vyc29y' });
    expect(badCursor.errors[0].extensions.code).toBe('BAD_USER_INPUT');

    const stranger = server.client();
    await stranger.loginWithDigid(bsns.at(-1)!);
    const peek: any = await stranger.gql(`query($id: ID!) { order(id: $id) { id } }`, { id: order.id });
    expect(peek.data.order).toBeNull();
    const strangerOrders: any = await stranger.gql(`{ myOrders { edges { node { id } } } }`);
    expect(strangerOrders.data.myOrders.edges.map((e: any) => e.node.id)).not.toContain(order.id);

    const provider = server.client();
    await provider.loginProvider(demoProviderEmail(6), DEMO_PASSWORD);
    const providerPeek: any = await provider.gql(`query($id: ID!) { order(id: $id) { id } }`, { id: order.id });
    expect(providerPeek.data.order).toBeNull();
  });

  it('refuses a checkout from anyone but a customer', async () => {
    const anonymous: any = await server.client().gql(CHECKOUT, { input: { idempotencyKey: randomUUID() } });
    expect(anonymous.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
