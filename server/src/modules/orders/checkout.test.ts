import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from '../../test/server.js';
import { contextFor, staffViewer } from '../../test/context.js';
import { Audience } from '../../kernel/permissions.js';
import { Municipality } from '../municipalities/municipality.entity.js';
import { ClientGroup } from '../customers/client-group.entity.js';
import { Person } from '../customers/person.entity.js';
import { Arrangement } from '../arrangements/arrangement.entity.js';
import { Category } from '../catalogue/category.entity.js';
import { offeredIn } from '../../test/households.js';
import { Order, OrderAllocation } from './order.entities.js';
import { Payment } from '../payments/payment.entities.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { checkoutOutcome } from '../../test/checkout-outcome.js';

/**
 * Checkout against a real database. Each scenario builds its own household with its own arrangements, so the
 * amounts are exact and independent of the demo data.
 */
describe('checkout', () => {
  let server: TestServer;
  let zuiderveen: Municipality;
  const ledger = new LedgerService();
  let n = 0;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    zuiderveen = await server.orm.em.fork().findOneOrFail(Municipality, { slug: 'zuiderveen' });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Products in Zuiderveen's offer of two different providers. */
  async function catalogue() {
    const products = await offeredIn(server, zuiderveen.id);
    const a = products[0]!;
    const b = products.find((p) => p.provider.id !== a.provider.id)!;
    return { a, b };
  }

  async function household(
    arrangements: {
      categories: string[];
      amountCents: number;
      validUntil: string;
      ownContribution?: boolean;
      maxPerOrderCents?: number;
    }[],
  ) {
    const em = server.orm.em.fork();
    n++;
    const group = em.create(ClientGroup, {
      municipality: zuiderveen.id,
      clientNumber: `T-${n}-${randomUUID().slice(0, 6)}`,
      name: `Testhuishouden ${n}`,
    });
    const person = Object.assign(new Person(), {
      clientGroup: group,
      municipality: zuiderveen,
      externalIdentifier: `T-${randomUUID()}`,
      firstName: 'Test',
      lastName: `Persoon ${n}`,
    });
    em.persist(person);
    await em.flush();
    const assignmentIds: string[] = [];
    for (const [i, spec] of arrangements.entries()) {
      const arrangement = em.create(Arrangement, {
        municipality: zuiderveen.id,
        name: `Testregeling ${n}-${i}`,
        slug: `test-${n}-${i}-${randomUUID().slice(0, 6)}`,
        validFrom: '2020-01-01',
        validUntil: '2099-12-31',
        defaultAmountCents: spec.amountCents,
        ownContributionAllowed: spec.ownContribution ?? false,
        maxPerOrderCents: spec.maxPerOrderCents ?? null,
      });
      for (const c of spec.categories) arrangement.categories.add(em.getReference(Category, c));
      await em.flush();
      const staff = contextFor(server.orm, server.services, staffViewer());
      const r = await server.services.assignments.grant(staff, {
        clientGroupId: group.id,
        arrangementId: arrangement.id,
        amountCents: spec.amountCents,
        validFrom: '2020-01-01',
        validUntil: spec.validUntil,
      });
      if (!r.ok) throw new Error(r.errors[0]!.message);
      assignmentIds.push(r.value.id);
    }
    const customer = () =>
      contextFor(server.orm, server.services, {
        kind: Audience.CUSTOMER,
        sessionId: 'x',
        personId: person.id,
        clientGroupId: group.id,
        municipalityId: zuiderveen.id,
      });
    return { group, person, assignmentIds, customer };
  }

  const balances = async (ids: string[]) => ledger.assignmentBalances(server.orm.em.fork(), ids);
  const key = () => randomUUID();

  async function counts(clientGroupId: string) {
    const em = server.orm.em.fork();
    const [row] = await em.execute<{ orders: string; tx: string; payments: string }[]>(
      `select (select count(*) from customer_order where client_group_id = ?) as orders,
              (select count(*) from ledger_transaction t join customer_order o on o.id = t.order_id where o.client_group_id = ?) as tx,
              (select count(*) from payment p join checkout c on c.id = p.checkout_id where c.client_group_id = ?) as payments`,
      [clientGroupId, clientGroupId, clientGroupId],
    );
    return row;
  }

  it('splits the cart into one order per provider and pays from the assignment that expires first', async () => {
    const { a, b } = await catalogue();
    const cats = [a.category.id, b.category.id];
    const h = await household([
      { categories: cats, amountCents: 100_000, validUntil: '2099-06-30' },
      { categories: cats, amountCents: 100_000, validUntil: '2098-06-30' }, // expires first
    ]);
    const r = await checkoutOutcome(server, h.customer(), {
      idempotencyKey: key(),
      lines: [
        { productId: a.id, quantity: 2 },
        { productId: b.id, quantity: 1 },
      ],
    });
    expect(r.errors).toEqual([]);
    expect(r.orders).toHaveLength(2);
    expect(new Set(r.orders.map((o) => o.providerId))).toEqual(new Set([a.provider.id, b.provider.id]));
    for (const o of r.orders) expect(o.status).toBe('PLACED');
    const total = a.priceCents * 2 + b.priceCents;
    expect(r.checkout!.totalCents).toBe(total);
    expect(r.checkout!.contributionCents).toBe(0);
    expect(r.payment).toBeNull();
    const bal = await balances(h.assignmentIds);
    expect(bal.get(h.assignmentIds[1]!)).toBe(100_000 - total);
    expect(bal.get(h.assignmentIds[0]!)).toBe(100_000);
  });

  it('moves on to the next assignment when the first runs out, and asks an own contribution only where allowed', async () => {
    const { a } = await catalogue();
    const h = await household([
      { categories: [a.category.id], amountCents: 100, validUntil: '2098-01-01', ownContribution: true },
      { categories: [a.category.id], amountCents: 200, validUntil: '2099-01-01', ownContribution: true },
    ]);
    const r = await checkoutOutcome(server, h.customer(), {
      idempotencyKey: key(),
      lines: [{ productId: a.id, quantity: 1 }],
    });
    expect(r.errors).toEqual([]);
    const [order] = r.orders;
    expect(order!.budgetCents).toBe(300);
    expect(order!.contributionCents).toBe(a.priceCents - 300);
    expect(order!.status).toBe('AWAITING_PAYMENT');
    expect(r.payment).toMatchObject({ amountCents: a.priceCents - 300, status: 'OPEN' });
    const allocations = await server.orm.em.fork().find(OrderAllocation, { orderId: order!.id });
    expect(Object.fromEntries(allocations.map((x) => [x.assignmentId, x.amountCents]))).toEqual({
      [h.assignmentIds[0]!]: 100,
      [h.assignmentIds[1]!]: 200,
    });
    const bal = await balances(h.assignmentIds);
    expect([...bal.values()]).toEqual([0, 0]);
  });

  it('refuses when the budget falls short and the arrangement allows no own contribution, changing nothing', async () => {
    const { a } = await catalogue();
    const h = await household([
      { categories: [a.category.id], amountCents: a.priceCents - 1, validUntil: '2099-01-01' },
    ]);
    const r = await checkoutOutcome(server, h.customer(), {
      idempotencyKey: key(),
      lines: [{ productId: a.id, quantity: 1 }],
    });
    expect(r.orders).toEqual([]);
    expect(r.errors[0]).toMatchObject({ code: 'INSUFFICIENT_BUDGET' });
    expect(r.errors[0]!.message).toMatch(/tekort/);
    expect((await balances(h.assignmentIds)).get(h.assignmentIds[0]!)).toBe(a.priceCents - 1);
    expect(await counts(h.group.id)).toEqual({ orders: '0', tx: '0', payments: '0' });
  });

  it('refuses a product no assignment may pay for, quantities of 0 or 1000, and an empty cart', async () => {
    const { a, b } = await catalogue();
    const other = b.category.id !== a.category.id ? b : a;
    const h = await household([
      {
        categories: [other.category.id === a.category.id ? b.category.id : other.category.id],
        amountCents: 100_000,
        validUntil: '2099-01-01',
      },
    ]);
    const cases: [unknown[], string][] = [
      [[{ productId: a.id, quantity: 0 }], 'INVALID_QUANTITY'],
      [[{ productId: a.id, quantity: 1000 }], 'INVALID_QUANTITY'],
      [[], 'EMPTY'],
      [[{ productId: 'geen-id', quantity: 1 }], 'NOT_FOUND'],
    ];
    if (a.category.id !== b.category.id) cases.push([[{ productId: a.id, quantity: 1 }], 'NOT_PAYABLE']);
    for (const [lines, code] of cases) {
      const r = await checkoutOutcome(server, h.customer(), { idempotencyKey: key(), lines: lines as never });
      expect(r.errors[0]?.code, JSON.stringify(lines)).toBe(code);
      expect(r.orders).toEqual([]);
    }
    expect(await counts(h.group.id)).toEqual({ orders: '0', tx: '0', payments: '0' });
  });

  it('books a second click with the same key only once', async () => {
    const { a } = await catalogue();
    const h = await household([{ categories: [a.category.id], amountCents: 100_000, validUntil: '2099-01-01' }]);
    const k = key();
    const [first, second] = await Promise.all([
      checkoutOutcome(server, h.customer(), { idempotencyKey: k, lines: [{ productId: a.id, quantity: 1 }] }),
      checkoutOutcome(server, h.customer(), { idempotencyKey: k, lines: [{ productId: a.id, quantity: 1 }] }),
    ]);
    expect(first.errors).toEqual([]);
    expect(second.errors).toEqual([]);
    expect(second.checkout!.id).toBe(first.checkout!.id);
    expect((await balances(h.assignmentIds)).get(h.assignmentIds[0]!)).toBe(100_000 - a.priceCents);
    expect((await counts(h.group.id)).orders).toBe('1');
  });

  it('lets exactly N of 200 simultaneous checkouts through on a budget that covers N, leaving nothing of the others', async () => {
    const { a } = await catalogue();
    const N = 23;
    const h = await household([
      { categories: [a.category.id], amountCents: a.priceCents * N + a.priceCents - 1, validUntil: '2099-01-01' },
    ]);
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        checkoutOutcome(server, h.customer(), {
          idempotencyKey: key(),
          lines: [{ productId: a.id, quantity: 1 }],
        }),
      ),
    );
    const ok = results.filter((r) => r.errors.length === 0);
    expect(ok).toHaveLength(N);
    for (const r of results.filter((x) => x.errors.length)) {
      expect(['INSUFFICIENT_BUDGET', 'BUDGET_CHANGED']).toContain(r.errors[0]!.code);
    }
    expect((await balances(h.assignmentIds)).get(h.assignmentIds[0]!)).toBe(a.priceCents - 1);
    const c = await counts(h.group.id);
    expect(c).toEqual({ orders: String(N), tx: String(N), payments: '0' });
    const em = server.orm.em.fork();
    const [{ checkouts }] = await em.execute<{ checkouts: string }[]>(
      `select count(*) as checkouts from checkout where client_group_id = ?`,
      [h.group.id],
    );
    expect(checkouts).toBe(String(N));
  });

  it('gives the budget back when an order is cancelled, and refuses cancelling twice', async () => {
    const { a } = await catalogue();
    const h = await household([{ categories: [a.category.id], amountCents: 100_000, validUntil: '2099-01-01' }]);
    const r = await checkoutOutcome(server, h.customer(), {
      idempotencyKey: key(),
      lines: [{ productId: a.id, quantity: 3 }],
    });
    const order = r.orders[0]!;
    const em = server.orm.em.fork();
    await em.transactional((tx) =>
      server.services.orders.cancel(tx, order.id, { kind: 'CUSTOMER', id: h.person.id }, 'Toch niet nodig'),
    );
    expect((await balances(h.assignmentIds)).get(h.assignmentIds[0]!)).toBe(100_000);
    await expect(
      server.orm.em
        .fork()
        .transactional((tx) =>
          server.services.orders.cancel(tx, order.id, { kind: 'CUSTOMER', id: h.person.id }, 'nogmaals'),
        ),
    ).rejects.toThrow(/cannot go from CANCELLED/);
    const reloaded = await server.orm.em.fork().findOneOrFail(Order, order.id);
    expect(reloaded.status).toBe('CANCELLED');
    expect(reloaded.cancelReason).toBe('Toch niet nodig');
  });

  it('releases orders when the own contribution is paid and cancels them with the budget back when it fails', async () => {
    const { a } = await catalogue();
    for (const outcome of ['paid', 'failed'] as const) {
      const h = await household([
        { categories: [a.category.id], amountCents: 100, validUntil: '2099-01-01', ownContribution: true },
      ]);
      const r = await checkoutOutcome(server, h.customer(), {
        idempotencyKey: key(),
        lines: [{ productId: a.id, quantity: 1 }],
      });
      const payment = r.payment!;
      await server.orm.em.fork().transactional(async (tx) => {
        if (outcome === 'paid')
          await server.services.orders.contributionPaid(tx, r.checkout!.id, payment.id, { kind: 'SYSTEM' });
        else
          await server.services.orders.contributionFailed(tx, r.checkout!.id, { kind: 'SYSTEM' }, 'Betaling mislukt');
      });
      const order = await server.orm.em.fork().findOneOrFail(Order, r.orders[0]!.id);
      expect(order.status).toBe(outcome === 'paid' ? 'PLACED' : 'CANCELLED');
      expect((await balances(h.assignmentIds)).get(h.assignmentIds[0]!)).toBe(outcome === 'paid' ? 0 : 100);
      expect(await server.orm.em.fork().findOne(Payment, payment.id)).not.toBeNull();
    }
    const em = server.orm.em.fork();
    const unbalanced = await em.execute(
      `select t.id from ledger_transaction t join ledger_entry e on e.transaction_id = t.id group by t.id having sum(e.amount_cents) <> 0`,
    );
    expect(unbalanced).toEqual([]);
  });
});
