import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from '../../test/server.js';
import { contextFor, staffViewer } from '../../test/context.js';
import { createHousehold, expectLedgerConsistent, zuiderveenCatalogue } from '../../test/households.js';
import { checkoutOutcome } from '../../test/checkout-outcome.js';
import { Audience, ALL_PERMISSIONS } from '../../kernel/permissions.js';
import { ManualClock } from '../../kernel/clock.js';
import type { Municipality } from '../municipalities/municipality.entity.js';
import type { Product } from '../catalogue/product.entity.js';

/**
 * Many residents checking out at the same moment from ONE provider: no checkout waits for another on the provider's
 * payable account (its balance is kept in parts: Migration20261127030000_payable_parts), and the ledger stays exact:
 * the provider's payable grows by exactly the orders' budget parts, and a payout afterwards pays exactly that, once.
 */

const DAY = 24 * 60 * 60 * 1000;
const RESIDENTS = 24;

describe('checkout: many residents at one provider', () => {
  const clock = new ManualClock(new Date());
  let server: TestServer;
  let zuiderveen: Municipality;
  let product: Product;

  const sql = <T>(query: string, params: unknown[] = []) => server.orm.em.fork().execute<T[]>(query, params);
  const staffCtx = () =>
    contextFor(server.orm, server.services, staffViewer({ permissions: ALL_PERMISSIONS }), { clock });
  const payable = () =>
    server.services.ledger.providerPayableBalance(server.orm.em.fork(), zuiderveen.id, product.provider.id);

  beforeAll(async () => {
    server = await startTestServer({ seed: true, clock });
    ({ zuiderveen, a: product } = await zuiderveenCatalogue(server));
  });
  afterAll(async () => {
    await server?.close();
  });

  it("books every order's budget part on the provider's payable, and a payout pays exactly that once", async () => {
    const households = [];
    for (let i = 0; i < RESIDENTS; i++)
      households.push(await createHousehold(server, [{ categories: [product.category.id], amountCents: 100_000 }]));
    const before = await payable();

    // All at once, each on a connection of its own from the pool: one order each at the same provider.
    const outcomes = await Promise.all(
      households.map((h, i) =>
        checkoutOutcome(server, h.customer(), {
          idempotencyKey: randomUUID(),
          lines: [{ productId: product.id, quantity: 1 + (i % 3) }],
        }),
      ),
    );
    for (const o of outcomes) expect(o.errors).toEqual([]);
    const orders = outcomes.flatMap((o) => o.orders);
    expect(orders).toHaveLength(RESIDENTS);
    expect(new Set(orders.map((o) => o.providerId))).toEqual(new Set([product.provider.id]));
    expect(new Set(orders.map((o) => o.number)).size).toBe(RESIDENTS);
    const budgetParts = orders.reduce((sum, o) => sum + o.budgetCents, 0);
    expect(budgetParts).toBe(orders.reduce((sum, o) => sum + o.totalCents, 0));

    // The payable (its parts summed) grew by exactly the orders' budget parts; each part was a booking in flight at once.
    expect(await payable()).toBe(before + budgetParts);
    const [{ parts }] = (await sql<{ parts: string }>(
      `select count(*)::text as parts from ledger_balance_part p join ledger_account a on a.id = p.account_id
        where a.kind = 'PROVIDER_PAYABLE' and a.provider_id = ? and a.municipality_id = ?`,
      [product.provider.id, zuiderveen.id],
    )) as [{ parts: string }];
    expect(Number(parts)).toBeGreaterThanOrEqual(1);
    expect(Number(parts)).toBeLessThanOrEqual(RESIDENTS);
    await expectLedgerConsistent(server);

    // The provider hands them all over at the counter (with each order's pickup code); after the payout delay a batch gathers exactly what is owed, and paying it
    // brings the payable back to where it was.
    const [user] = await sql<{ id: string }>(`select id from provider_user where provider_id = ? limit 1`, [
      product.provider.id,
    ]);
    const providerCtx = contextFor(
      server.orm,
      server.services,
      { kind: Audience.PROVIDER, sessionId: 'x', providerUserId: user!.id, providerId: product.provider.id },
      { clock },
    );
    for (const order of orders)
      expect((await server.services.counter.deliver(providerCtx, order.pickupCode!, order.id, 'test')).ok).toBe(true);
    clock.set(new Date(clock.now().getTime() + 15 * DAY));

    const created = await server.services.payouts.create(staffCtx(), zuiderveen.id);
    expect(created.ok ? [] : created.errors).toEqual([]);
    if (!created.ok) return;
    const lines = await server.services.payouts.lines(staffCtx(), created.value.id);
    const line = lines.find((l) => l.providerId === product.provider.id)!;
    expect(line.amountCents).toBe(before + budgetParts);
    expect(line.orderCount).toBe(RESIDENTS);

    const settings = await server.services.settings.update(staffCtx(), 'payments', {
      debtorAccounts: {
        [zuiderveen.id]: { name: 'Gemeente Zuiderveen', iban: 'NL91 ABNA 0417 1643 00', bic: 'ABNANL2A' },
      },
    });
    expect(settings.ok).toBe(true);
    const exported = await server.services.payouts.export(staffCtx(), created.value.id);
    expect(exported.ok ? [] : exported.errors).toEqual([]);
    const paid = await server.services.payouts.markPaid(staffCtx(), created.value.id);
    expect(paid.ok ? [] : paid.errors).toEqual([]);
    expect(await payable()).toBe(before);

    // Paid once: nothing is left to gather.
    const again = await server.services.payouts.create(staffCtx(), zuiderveen.id);
    expect(again.ok ? [] : again.errors.map((e) => e.code)).toEqual(['NOTHING_TO_PAY']);
    await expectLedgerConsistent(server);
  });
});
