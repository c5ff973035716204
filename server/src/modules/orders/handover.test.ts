import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { isObjectType } from 'graphql';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { contextFor, staffViewer } from '../../test/context.js';
import { createHousehold, offeredIn, type Household } from '../../test/households.js';
import { checkoutOutcome } from '../../test/checkout-outcome.js';
import { Audience, ALL_PERMISSIONS } from '../../kernel/permissions.js';
import { createSchema } from '../../graphql/schema.js';
import { ManualClock } from '../../kernel/clock.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { Municipality } from '../municipalities/municipality.entity.js';
import { Card } from '../customers/card.entity.js';
import type { Product } from '../catalogue/product.entity.js';
import { CounterService, NOTHING_FOUND, NOT_THIS_CUSTOMER } from './counter.service.js';
import { OrderActionPayload } from './order-work.types.js';
import { HandoverRefusedError } from './order.service.js';

/**
 * A hand-over is proven by the resident (issue 24, DESIGN.md §4 "Card"): the pickup code is never shown to a provider,
 * a pick-up order becomes DELIVERED only at the counter with the resident's card or code (and that order must be an
 * open order of that household with this provider), a sent product is marked as sent explicitly, the timeline and the
 * payout batch say how each order was handed over, and guessing cards or codes at the counter is limited. Tried as a
 * provider would who wants to be paid without the resident: over real HTTP, against a real database.
 */

const DAY = 24 * 3600_000;

/** A well-formed pickup code nobody has (the alphabet has no 0, 1, I or O): `prefix` and i in base 8. */
const guess = (prefix: string, i: number) =>
  prefix + [...i.toString(8).padStart(4, '0')].map((d) => '23456789'[Number(d)]).join('');
const ORDER = `id status redemptionMethod handoverMethod pickupCode events { fromStatus toStatus actorKind handoverMethod }`;
const AT_COUNTER = `mutation($c: String!, $o: ID!) { deliverAtCounter(code: $c, orderId: $o) {
  undoUntil errors { field code message } order { ${ORDER} } } }`;
const SEND = `mutation($id: ID!) { deliverOrder(id: $id) { undoUntil errors { field code message } order { ${ORDER} } } }`;
const ACCEPT = `mutation($id: ID!) { acceptOrder(id: $id) { errors { code } order { ${ORDER} } } }`;
const LOOKUP = `query($c: String!) { counterLookup(code: $c) { matchedBy errors { code message } orders { ${ORDER} } } }`;

describe('a hand-over is proven by the resident', () => {
  const clock = new ManualClock(new Date());
  let server: TestServer;
  let zuiderveen: Municipality;
  let noorderhaven: Municipality;
  /** Two providers with products in Zuiderveen's offer; A's second and third product are made "sent" and "voucher". */
  let a: Product;
  let aSent: Product;
  let aVoucher: Product;
  let b: Product;
  let providerA: TestClient;
  let providerB: TestClient;
  /** A third provider, used only for the limits over HTTP (its miss budget is its own). */
  let providerC: TestClient;
  let c: Product;
  let klantcontact: TestClient;

  const sql = <T>(query: string, params: unknown[] = []) => server.orm.em.fork().execute<T[]>(query, params);
  const staffCtx = () =>
    contextFor(server.orm, server.services, staffViewer({ permissions: ALL_PERMISSIONS }), { clock });
  const state = async (orderId: string) => {
    const [row] = await sql<{ status: string; events: string }>(
      `select o.status, (select count(*) from order_event e where e.order_id = o.id)::text as events
         from customer_order o where o.id = ?`,
      [orderId],
    );
    return { status: row!.status, events: Number(row!.events) };
  };

  async function login(providerId: string): Promise<TestClient> {
    const [user] = await sql<{ email: string }>(
      `select email from provider_user where provider_id = ? order by email`,
      [providerId],
    );
    const client = server.client();
    await client.loginProvider(user!.email, DEMO_PASSWORD);
    return client;
  }

  async function logIn() {
    providerA = await login(a.provider.id);
    providerB = await login(b.provider.id);
    providerC = await login(c.provider.id);
    klantcontact = server.client();
    await klantcontact.loginStaff(DEMO_STAFF.find((s) => s.role === 'KLANTCONTACT')!.email, DEMO_PASSWORD);
  }

  /** A household (with a card) whose budget pays for every product used here. */
  const household = (municipality?: Municipality) =>
    createHousehold(
      server,
      [{ categories: [...new Set([a, aSent, aVoucher, b].map((p) => p.category.id))], amountCents: 1_000_000 }],
      { card: true, municipality },
    );

  /** The household orders one of `product`: the order as the customer sees it (with its pickup code). */
  async function order(h: Household, product: Product) {
    const r = await checkoutOutcome(server, h.customer(), {
      idempotencyKey: randomUUID(),
      lines: [{ productId: product.id, quantity: 1 }],
    });
    expect(r.errors).toEqual([]);
    expect(r.orders[0]!.pickupCode).toMatch(/^[A-Z2-9]{8}$/);
    return r.orders[0]!;
  }

  beforeAll(async () => {
    server = await startTestServer({ seed: true, clock });
    const em = server.orm.em.fork();
    zuiderveen = await em.findOneOrFail(Municipality, { slug: 'zuiderveen' });
    noorderhaven = await em.findOneOrFail(Municipality, { slug: 'noorderhaven' });
    const offer = await offeredIn(server, zuiderveen.id);
    // A provider with at least three products in the offer, and another provider.
    const byProvider = new Map<string, Product[]>();
    for (const p of offer) byProvider.set(p.provider.id, [...(byProvider.get(p.provider.id) ?? []), p]);
    const [aProducts] = [...byProvider.values()].filter((list) => list.length >= 3);
    [a, aSent, aVoucher] = aProducts!;
    b = offer.find((p) => p.provider.id !== a.provider.id)!;
    c = offer.find((p) => p.provider.id !== a.provider.id && p.provider.id !== b.provider.id)!;
    await sql(`update product set redemption_method = 'DELIVERY' where id = ?`, [aSent!.id]);
    await sql(`update product set redemption_method = 'VOUCHER_CODE' where id = ?`, [aVoucher!.id]);
    await logIn();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('never shows the pickup code to a provider: only the household reads it', async () => {
    // Walk the schema: the one field that carries a pickup code is Order.pickupCode.
    const schema = await createSchema();
    const fields = Object.values(schema.getTypeMap())
      .filter(isObjectType)
      .filter((t) => !t.name.startsWith('__'))
      .flatMap((t) => Object.keys(t.getFields()).map((f) => `${t.name}.${f}`))
      .filter((name) => /pickup|afhaal/i.test(name));
    expect(fields).toEqual(['Order.pickupCode']);

    const h = await household();
    const placed = await order(h, a);
    const code = placed.pickupCode!;
    // Every way a provider reads an order: the order screen, the list, the counter by card and by code, an action.
    const reads = [
      await providerA.gql(`query($id: ID!) { order(id: $id) { ${ORDER} } }`, { id: placed.id }),
      await providerA.gql(`{ providerOrders(first: 100) { edges { node { ${ORDER} } } } }`),
      await providerA.gql(LOOKUP, { c: h.cardNumber }),
      await providerA.gql(LOOKUP, { c: code }),
      await providerA.gql(ACCEPT, { id: placed.id }),
    ];
    const seen = (reads as any[]).map((r) => r.data);
    expect((seen[0] as any).order).toMatchObject({ id: placed.id, pickupCode: null, redemptionMethod: 'PICKUP' });
    expect((seen[2] as any).counterLookup.orders).toEqual([
      expect.objectContaining({ id: placed.id, pickupCode: null }),
    ]);
    expect((seen[4] as any).acceptOrder.order).toMatchObject({ status: 'ACCEPTED', pickupCode: null });
    for (const r of reads) {
      expect(r.errors).toBeUndefined();
      expect(JSON.stringify(r.data)).not.toContain(code);
    }
    // Staff do not read it either; the household does.
    const staffRead: any = await klantcontact.gql(`query($id: ID!) { adminOrder(id: $id) { id pickupCode } }`, {
      id: placed.id,
    });
    expect(staffRead.data.adminOrder).toEqual({ id: placed.id, pickupCode: null });
    expect((await server.services.orderViews.one(h.customer(), placed.id))!.pickupCode).toBe(code);
  });

  it('refuses "delivered" without the resident for an order the resident collects, and changes nothing', async () => {
    const h = await household();
    const pickup = await order(h, a);
    const voucher = await order(h, aVoucher);
    expect(voucher.redemptionMethod).toBe('VOUCHER_CODE');
    await providerA.gql(ACCEPT, { id: pickup.id });
    for (const o of [pickup, voucher]) {
      const before = await state(o.id);
      const r: any = await providerA.gql(SEND, { id: o.id });
      expect(r.data.deliverOrder.order).toBeNull();
      expect(r.data.deliverOrder.errors).toEqual([
        {
          field: null,
          code: 'HANDOVER_AT_COUNTER',
          message: expect.stringContaining('Lever af aan de balie met de pas of de afhaalcode van de klant.'),
        },
      ]);
      expect(await state(o.id)).toEqual(before);
    }

    // Changing the product to "sent" afterwards does not change how an order already placed is handed over.
    await sql(`update product set redemption_method = 'DELIVERY' where id = ?`, [a.id]);
    try {
      const r: any = await providerA.gql(SEND, { id: pickup.id });
      expect(r.data.deliverOrder.errors[0].code).toBe('HANDOVER_AT_COUNTER');
      expect((await state(pickup.id)).status).toBe('ACCEPTED');
    } finally {
      await sql(`update product set redemption_method = 'PICKUP' where id = ?`, [a.id]);
    }

    // Whoever calls the order service itself: no delivery of a pick-up order without the card or code.
    for (const handover of [undefined, 'SENT_BY_PROVIDER', 'UNKNOWN'] as const) {
      await expect(
        server.orm.em
          .fork()
          .transactional((em) =>
            server.services.orders.transition(em, pickup.id, 'DELIVERED', { kind: 'PROVIDER' }, { handover }),
          ),
      ).rejects.toBeInstanceOf(HandoverRefusedError);
    }
    expect(await state(pickup.id)).toEqual({ status: 'ACCEPTED', events: 2 });
  });

  it('hands an order over at the counter with the card or the pickup code, and the timeline says which', async () => {
    const h = await household();
    const first = await order(h, a);
    const second = await order(h, aVoucher);
    const spaced = `${h.cardNumber!.slice(0, 4)} ${h.cardNumber!.slice(4, 7)} ${h.cardNumber!.slice(7)}`;
    const byCard: any = await providerA.gql(AT_COUNTER, { c: spaced, o: first.id });
    expect(byCard.data.deliverAtCounter.errors).toEqual([]);
    expect(byCard.data.deliverAtCounter.undoUntil).not.toBeNull();
    expect(byCard.data.deliverAtCounter.order).toMatchObject({
      status: 'DELIVERED',
      handoverMethod: 'COUNTER_CARD',
      pickupCode: null,
    });
    expect(byCard.data.deliverAtCounter.order.events.at(-1)).toEqual({
      fromStatus: 'PLACED',
      toStatus: 'DELIVERED',
      actorKind: 'PROVIDER',
      handoverMethod: 'COUNTER_CARD',
    });
    // The pickup code as the resident shows it (lower case, a dash) or as scanned from its QR code.
    const code = second.pickupCode!;
    const byCode: any = await providerA.gql(AT_COUNTER, {
      c: `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`,
      o: second.id,
    });
    expect(byCode.data.deliverAtCounter.errors).toEqual([]);
    expect(byCode.data.deliverAtCounter.order).toMatchObject({
      status: 'DELIVERED',
      handoverMethod: 'COUNTER_PICKUP_CODE',
    });

    // Staff see the same on the order's timeline; earlier steps say nothing about a hand-over.
    const staffRead: any = await klantcontact.gql(`query($id: ID!) { adminOrder(id: $id) { ${ORDER} } }`, {
      id: second.id,
    });
    expect(staffRead.data.adminOrder.handoverMethod).toBe('COUNTER_PICKUP_CODE');
    expect(staffRead.data.adminOrder.events.map((e: any) => e.handoverMethod)).toEqual([null, 'COUNTER_PICKUP_CODE']);
  });

  it('marks an order that is sent as sent: explicit on the order, the timeline and the payout', async () => {
    const h = await household();
    const sent = await order(h, aSent);
    expect(sent.redemptionMethod).toBe('DELIVERY');
    const r: any = await providerA.gql(SEND, { id: sent.id });
    expect(r.data.deliverOrder.errors).toEqual([]);
    expect(r.data.deliverOrder.order).toMatchObject({ status: 'DELIVERED', handoverMethod: 'SENT_BY_PROVIDER' });
    expect(r.data.deliverOrder.order.events.at(-1).handoverMethod).toBe('SENT_BY_PROVIDER');
    // Another provider cannot mark it.
    const other: any = await providerB.gql(SEND, { id: (await order(h, aSent)).id });
    expect(other.data.deliverOrder.errors[0].code).toBe('NOT_FOUND');
  });

  it('finds nothing with another provider’s customer’s card, a wrong code or another municipality’s card', async () => {
    const mine = await household();
    const theirs = await household();
    const neighbour = await household();
    const elsewhere = await household(noorderhaven);
    const o1 = await order(mine, a);
    const o2 = await order(theirs, b);
    const o3 = await order(neighbour, a);
    const attempts: [TestClient, string, string, string][] = [
      // Provider A with the card of B's customer (no open order with A): nothing found.
      [providerA, theirs.cardNumber!, o1.id, NOTHING_FOUND],
      // Provider B with the card of A's customer, for its own order: nothing found.
      [providerB, mine.cardNumber!, o2.id, NOTHING_FOUND],
      // Provider B with its own customer's card for A's order: that order is not B's.
      [providerB, theirs.cardNumber!, o1.id, 'Deze bestelling is niet gevonden.'],
      // A pickup code nobody has, and one of another order of this provider.
      [providerA, 'ZZZZ2345', o1.id, NOTHING_FOUND],
      [providerA, o2.pickupCode!, o1.id, NOTHING_FOUND],
      [providerA, o3.pickupCode!, o1.id, NOT_THIS_CUSTOMER],
      // A resident of another municipality, with a valid card.
      [providerA, elsewhere.cardNumber!, o1.id, NOTHING_FOUND],
    ];
    const before = await Promise.all([o1, o2, o3].map((o) => state(o.id)));
    for (const [client, code, orderId, message] of attempts) {
      const r: any = await client.gql(AT_COUNTER, { c: code, o: orderId });
      expect(r.data.deliverAtCounter.order, code).toBeNull();
      expect(r.data.deliverAtCounter.errors.map((e: any) => e.message)).toEqual([message]);
    }
    // A card with a wrong check digit, and a blocked card of the right household.
    const card = mine.cardNumber!;
    const wrongDigit = card.slice(0, 9) + String((Number(card[9]) + 1) % 10);
    const typo: any = await providerA.gql(AT_COUNTER, { c: wrongDigit, o: o1.id });
    expect(typo.data.deliverAtCounter.errors[0].code).toBe('INVALID_CARD_NUMBER');
    await server.orm.em.fork().nativeUpdate(Card, { number: card }, { status: 'BLOCKED', blockedAt: new Date() });
    const blocked: any = await providerA.gql(AT_COUNTER, { c: card, o: o1.id });
    expect(blocked.data.deliverAtCounter.errors[0].code).toBe('CARD_BLOCKED');
    // Customers and staff cannot hand over at all.
    const asStaff: any = await klantcontact.gql(AT_COUNTER, { c: o1.pickupCode, o: o1.id });
    expect(asStaff.errors[0].extensions.code).toBe('FORBIDDEN');

    expect(await Promise.all([o1, o2, o3].map((o) => state(o.id)))).toEqual(before);
    expect(before.map((s) => s.status)).toEqual(['PLACED', 'PLACED', 'PLACED']);
    // … and the right code still works.
    const right: any = await providerA.gql(AT_COUNTER, { c: o1.pickupCode, o: o1.id });
    expect(right.data.deliverAtCounter.order.handoverMethod).toBe('COUNTER_PICKUP_CODE');
  });

  it('delivers once when the same order is handed over several times at once: one step, one payout', async () => {
    const h = await household();
    const o = await order(h, a);
    const codes = [h.cardNumber!, o.pickupCode!, h.cardNumber!, o.pickupCode!, h.cardNumber!, o.pickupCode!];
    const answers = (await Promise.all(codes.map((c) => providerA.gql(AT_COUNTER, { c, o: o.id })))) as any[];
    const outcomes = answers.map((r) => r.data.deliverAtCounter.errors.map((e: any) => e.code).join() || 'OK');
    expect(outcomes.filter((x) => x === 'OK')).toHaveLength(1);
    expect(outcomes.filter((x) => x !== 'OK')).toEqual(Array(5).fill('INVALID_STATUS'));
    const delivered = await sql<{ handover_method: string }>(
      `select handover_method from order_event where order_id = ? and to_status = 'DELIVERED'`,
      [o.id],
    );
    expect(delivered).toHaveLength(1);

    // After the payout delay, a batch pays the order once, and says how it was handed over.
    clock.set(new Date(clock.now().getTime() + 20 * DAY));
    await logIn();
    const batch = await server.services.payouts.create(staffCtx(), zuiderveen.id);
    expect(batch.ok ? [] : batch.errors).toEqual([]);
    if (!batch.ok) return;
    const paid = await sql<{ n: string; amount: string }>(
      `select count(*)::text as n, sum(amount_cents)::text as amount from payout_order where order_id = ?`,
      [o.id],
    );
    expect(paid).toEqual([{ n: '1', amount: String(o.budgetCents) }]);
    const finance = server.client();
    await finance.loginStaff(DEMO_STAFF.find((s) => s.role === 'FINANCIEN')!.email, DEMO_PASSWORD);
    const read: any = await finance.gql(
      `query($id: ID!) { payoutBatch(id: $id) { lines { providerId orderCount orders { orderId number amountCents deliveredAt handoverMethod } } } }`,
      { id: batch.value.id },
    );
    expect(read.errors).toBeUndefined();
    const line = read.data.payoutBatch.lines.find((l: any) => l.providerId === a.provider.id);
    expect(line.orders).toHaveLength(line.orderCount);
    expect(line.orders.filter((x: any) => x.orderId === o.id)).toEqual([
      {
        orderId: o.id,
        number: o.number,
        amountCents: o.budgetCents,
        deliveredAt: expect.any(String),
        handoverMethod: delivered[0]!.handover_method,
      },
    ]);
    expect(['COUNTER_CARD', 'COUNTER_PICKUP_CODE']).toContain(delivered[0]!.handover_method);
    // Every order this file delivered is in the batch with the way it was handed over; none is unknown.
    const methods = read.data.payoutBatch.lines.flatMap((l: any) => l.orders.map((x: any) => x.handoverMethod));
    expect(methods).not.toContain('UNKNOWN');
    expect(new Set(methods)).toEqual(new Set(['COUNTER_CARD', 'COUNTER_PICKUP_CODE', 'SENT_BY_PROVIDER']));
    await server.services.payouts.cancel(staffCtx(), batch.value.id);
  });

  it('limits guessing at the counter per provider: misses are reserved before the look-up, also in parallel', async () => {
    // Small budgets under a name of its own: 5 misses, whatever the user or address; hits cost nothing.
    const rules = {
      perUser: { name: `counter-user-${randomUUID()}`, points: 1000, windowSeconds: 60 },
      perAddress: { name: `counter-address-${randomUUID()}`, points: 1000, windowSeconds: 60 },
      misses: { name: `counter-misses-${randomUUID()}`, points: 5, windowSeconds: 3600 },
    };
    const counter = new CounterService(
      server.services.limits,
      rules,
      server.services.orderViews,
      server.services.orderActions,
      server.services.cardPasses,
    );
    const asUser = (n: number) =>
      contextFor(server.orm, server.services, {
        kind: Audience.PROVIDER,
        sessionId: 'x',
        providerUserId: `00000000-0000-4000-8000-00000000000${n}`,
        providerId: a.provider.id,
      });
    const h = await household();
    const o = await order(h, a);

    // Hits give their miss back: ten in a row with a budget of five.
    for (let i = 0; i < 10; i++)
      expect((await counter.lookup(asUser(i % 3), h.cardNumber!, `10.0.0.${i}`)).ok).toBe(true);

    // Twelve guesses at once, from three users at twelve addresses: five are looked up, seven are refused first.
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2
          ? counter.lookup(asUser(i % 3), guess('ZZZZ', i), `10.0.1.${i}`)
          : counter.deliver(asUser(i % 3), guess('ZZZZ', i), o.id, `10.0.1.${i}`),
      ),
    );
    const codes = guesses.map((r) => (r.ok ? 'OK' : r.errors[0]!.code));
    expect(codes.filter((c) => c === 'NOT_FOUND')).toHaveLength(5);
    expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(7);
    const refused = guesses.find((r) => !r.ok && r.errors[0]!.code === 'RATE_LIMITED')!;
    expect(OrderActionPayload.fromOutcome(refused as never).errors[0]!.message).toMatch(
      /^Bij uw organisatie is te vaak een pasnummer of afhaalcode ingevuld die niets opleverde\. Probeer het over \d+ minuten? opnieuw\.$/,
    );
    // The budget is the organisation's: now even the right card waits, and the order stays open.
    const after = await counter.deliver(asUser(7), h.cardNumber!, o.id, '10.0.2.1');
    expect(after.ok ? 'OK' : after.errors[0]!.code).toBe('RATE_LIMITED');
    expect((await state(o.id)).status).toBe('PLACED');
  });

  it('slows guessing over HTTP with the application’s own limits: 20 misses an hour, then one a minute', async () => {
    const guesses = (await Promise.all(
      Array.from({ length: 25 }, (_, i) => providerC.gql(LOOKUP, { c: guess('YYYY', i) })),
    )) as any[];
    const codes = guesses.map((r) => r.data.counterLookup.errors[0].code);
    expect(codes.filter((c) => c === 'NOT_FOUND')).toHaveLength(21);
    expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(4);
  });
});
