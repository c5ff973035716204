import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from '../../test/server.js';
import { createHousehold, expectLedgerConsistent, zuiderveenCatalogue, type Household } from '../../test/households.js';
import type { Product } from '../catalogue/product.entity.js';
import { PaymentSimulator } from '../../integrations/payments/payment-simulator.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { Order } from '../orders/order.entities.js';
import { Payment, PaymentRefund } from './payment.entities.js';
import { checkoutOutcome } from '../../test/checkout-outcome.js';
import { ManualClock } from '../../kernel/clock.js';
import { demoProviderEmail, DEMO_PASSWORD } from '../../seeders/demo-accounts.js';
import type { Result } from '../../kernel/result.js';

/**
 * No dead end with money (issue 26): a resident who left the payment page of an own contribution pays again ("Eigen
 * bijdrage betalen": a new payment, the earlier one cancelled at the PSP first) or cancels the unpaid order
 * ("Bestelling annuleren": the budget back at once, the open payment cancelled, a late payment refunded).
 */
describe('own contribution: pay again or cancel', () => {
  let server: TestServer;
  let simulator: PaymentSimulator;
  let product: Product;
  const ledger = new LedgerService();
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    server = await startTestServer({ seed: true, env: { JOBS_WORKER: 'false' }, clock });
    simulator = server.services.payments.gateway as PaymentSimulator;
    expect(simulator).toBeInstanceOf(PaymentSimulator);
    product = (await zuiderveenCatalogue(server)).a;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A household whose budget covers 100 cents of the product, the rest an own contribution; the payment page opened and left. */
  async function leftThePaymentPage() {
    const h = await createHousehold(server, [
      { categories: [product.category.id], amountCents: 100, ownContribution: true },
    ]);
    const ctx = h.customer();
    const r = await checkoutOutcome(server, ctx, {
      idempotencyKey: randomUUID(),
      lines: [{ productId: product.id, quantity: 1 }],
    });
    expect(r.errors).toEqual([]);
    const payment = (await server.services.checkout.startPayment(ctx, r.payment!)) as Payment & { externalId: string };
    expect(payment.externalId).toMatch(/^sim_/);
    // The resident comes back later than a double click would.
    clock.advance(60_000);
    return { h, order: r.orders[0]!, checkoutId: r.checkout!.id, payment };
  }

  async function state(h: Household, checkoutId: string) {
    const em = server.orm.em.fork();
    const payments = await em.find(Payment, { checkoutId }, { orderBy: { createdAt: 'asc' } });
    const orders = await em.find(Order, { clientGroupId: h.group.id }, { orderBy: { number: 'asc' } });
    const balances = await ledger.assignmentBalances(em, h.assignmentIds);
    return { payments, orders, budget: [...balances.values()].reduce((s, v) => s + v, 0) };
  }

  const codes = (r: Result<unknown>) => (r.ok ? [] : r.errors.map((e) => e.code));
  const webhook = (id: string) =>
    fetch(`${server.url}/payments/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id }).toString(),
    });

  it('pays again: the earlier payment is cancelled at the PSP first, the new one opened; paying it places the order', async () => {
    const { h, order, checkoutId, payment } = await leftThePaymentPage();
    const r = await server.services.payments.payAgain(h.customer(), order.id);
    expect(codes(r)).toEqual([]);
    const s = await state(h, checkoutId);
    expect(s.payments.map((p) => p.status)).toEqual(['CANCELED', 'OPEN']);
    const fresh = s.payments[1]!;
    expect(fresh.amountCents).toBe(payment.amountCents);
    expect(r.ok && r.value).toBe(`/betalen/simulator/${fresh.externalId}`);
    expect((await simulator.find(payment.externalId))!.status).toBe('CANCELED');
    // The cancelled earlier payment does not cancel the order: it waits for the new one, with its budget held.
    expect(s.orders.map((o) => o.status)).toEqual(['AWAITING_PAYMENT']);
    expect(s.budget).toBe(0);

    // The old page can no longer be paid; the new one can.
    expect((await simulator.settle(payment.externalId, 'PAID'))!.status).toBe('CANCELED');
    await simulator.settle(fresh.externalId!, 'PAID');
    expect((await webhook(fresh.externalId!)).status).toBe(200);
    const paid = await state(h, checkoutId);
    expect(paid.payments.map((p) => p.status)).toEqual(['CANCELED', 'PAID']);
    expect(paid.orders.map((o) => o.status)).toEqual(['PLACED']);
    await expectLedgerConsistent(server);

    // Paid: nothing to pay again.
    expect(codes(await server.services.payments.payAgain(h.customer(), order.id))).toEqual(['NOT_PAYABLE']);
  });

  it('a parallel double click makes one new payment', async () => {
    const { h, order, checkoutId } = await leftThePaymentPage();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => server.services.payments.payAgain(h.customer(), order.id)),
    );
    const s = await state(h, checkoutId);
    expect(s.payments.map((p) => p.status)).toEqual(['CANCELED', 'OPEN']);
    const urls = new Set(answers.filter((a) => a.ok).map((a) => a.ok && a.value));
    expect(urls).toEqual(new Set([`/betalen/simulator/${s.payments[1]!.externalId}`]));
    const [{ n }] = await server.orm.em
      .fork()
      .execute<{ n: string }[]>(
        `select count(*) as n from payment_simulator_payment where payment_id = any(?::text[])`,
        [`{${s.payments.map((p) => p.id).join(',')}}`],
      );
    expect(n).toBe('2');
  });

  it('when the earlier payment was paid after all, the order is placed and nothing new is opened', async () => {
    const { h, order, checkoutId, payment } = await leftThePaymentPage();
    await simulator.settle(payment.externalId, 'PAID');
    const r = await server.services.payments.payAgain(h.customer(), order.id);
    expect(codes(r)).toEqual(['NOT_PAYABLE']);
    const s = await state(h, checkoutId);
    expect(s.payments.map((p) => [p.status, Boolean(p.externalId)])).toEqual([
      ['PAID', true],
      ['CANCELED', false],
    ]);
    expect(s.orders.map((o) => o.status)).toEqual(['PLACED']);
    await expectLedgerConsistent(server);
  });

  it('when the PSP cannot cancel the earlier payment, no new one is opened; the next click goes on', async () => {
    const { h, order, checkoutId, payment } = await leftThePaymentPage();
    simulator.unreachable = true;
    try {
      expect(codes(await server.services.payments.payAgain(h.customer(), order.id))).toEqual(['PSP_UNAVAILABLE']);
    } finally {
      simulator.unreachable = false;
    }
    const waiting = await state(h, checkoutId);
    expect(waiting.payments.map((p) => [p.status, Boolean(p.externalId)])).toEqual([
      ['OPEN', true],
      ['OPEN', false],
    ]);
    expect((await simulator.find(payment.externalId))!.status).toBe('OPEN');
    expect(codes(await server.services.payments.payAgain(h.customer(), order.id))).toEqual([]);
    const s = await state(h, checkoutId);
    expect(s.payments.map((p) => [p.status, Boolean(p.externalId)])).toEqual([
      ['CANCELED', true],
      ['OPEN', true],
    ]);
  });

  it('cancels the unpaid order: budget back at once, the open payment cancelled, the ledger balanced', async () => {
    const { h, order, checkoutId, payment } = await leftThePaymentPage();
    expect((await state(h, checkoutId)).budget).toBe(0);
    const r = await server.services.orderActions.cancelUnpaid(h.customer(), order.id);
    expect(codes(r)).toEqual([]);
    expect(r.ok && r.value.order.status).toBe('CANCELLED');
    const s = await state(h, checkoutId);
    expect(s.orders.map((o) => o.status)).toEqual(['CANCELLED']);
    expect(s.budget).toBe(100);
    expect(s.payments.map((p) => p.status)).toEqual(['CANCELED']);
    expect((await simulator.find(payment.externalId))!.status).toBe('CANCELED');
    await expectLedgerConsistent(server);

    // Twice, or paying a cancelled order: refused, nothing moves.
    expect(codes(await server.services.orderActions.cancelUnpaid(h.customer(), order.id))).toEqual(['INVALID_STATUS']);
    expect(codes(await server.services.payments.payAgain(h.customer(), order.id))).toEqual(['NOT_PAYABLE']);
    expect((await state(h, checkoutId)).budget).toBe(100);
  });

  it('gives the budget back in the same transaction as the status change: a failure leaves both as they were', async () => {
    const { h, order, checkoutId } = await leftThePaymentPage();
    let fail = true;
    server.services.orders.onStatusChange(async (_em, change) => {
      if (fail && change.order.id === order.id && change.to === 'CANCELLED') throw new Error('listener failed');
    });
    await expect(server.services.orderActions.cancelUnpaid(h.customer(), order.id)).rejects.toThrow('listener failed');
    const s = await state(h, checkoutId);
    expect(s.orders.map((o) => o.status)).toEqual(['AWAITING_PAYMENT']);
    expect(s.budget).toBe(0);
    fail = false;
    expect(codes(await server.services.orderActions.cancelUnpaid(h.customer(), order.id))).toEqual([]);
    expect((await state(h, checkoutId)).budget).toBe(100);
    await expectLedgerConsistent(server);
  });

  it('a payment that still comes in after the cancel is refunded, the way every late payment is', async () => {
    const { h, order, checkoutId, payment } = await leftThePaymentPage();
    // The PSP cannot be reached while cancelling: the order is cancelled anyway, its payment stays open there.
    simulator.unreachable = true;
    try {
      expect(codes(await server.services.orderActions.cancelUnpaid(h.customer(), order.id))).toEqual([]);
    } finally {
      simulator.unreachable = false;
    }
    expect((await state(h, checkoutId)).payments.map((p) => p.status)).toEqual(['OPEN']);
    await simulator.settle(payment.externalId, 'PAID');
    expect((await webhook(payment.externalId)).status).toBe(200);
    const s = await state(h, checkoutId);
    expect(s.orders.map((o) => o.status)).toEqual(['CANCELLED']);
    expect(s.budget).toBe(100);
    expect(s.payments[0]).toMatchObject({ status: 'PAID', refundedCents: payment.amountCents });
    const refunds = await server.orm.em.fork().find(PaymentRefund, { paymentId: payment.id });
    expect(refunds.map((r) => [r.status, r.amountCents, r.orderId])).toEqual([['REFUNDED', payment.amountCents, null]]);
    expect(await simulator.refundedCents(payment.externalId)).toBe(payment.amountCents);
    await expectLedgerConsistent(server);
  });

  it('refuses another household, a provider, and an order that is already paid', async () => {
    const { h, order, checkoutId, payment } = await leftThePaymentPage();
    const other = await createHousehold(server, [{ categories: [product.category.id], amountCents: 100 }]);
    expect(codes(await server.services.payments.payAgain(other.customer(), order.id))).toEqual(['NOT_FOUND']);
    expect(codes(await server.services.orderActions.cancelUnpaid(other.customer(), order.id))).toEqual(['NOT_FOUND']);
    for (const forged of ['not-a-uuid', randomUUID()]) {
      expect(codes(await server.services.payments.payAgain(h.customer(), forged))).toEqual(['NOT_FOUND']);
      expect(codes(await server.services.orderActions.cancelUnpaid(h.customer(), forged))).toEqual(['NOT_FOUND']);
    }
    const untouched = await state(h, checkoutId);
    expect(untouched.payments.map((p) => p.status)).toEqual(['OPEN']);
    expect(untouched.orders.map((o) => o.status)).toEqual(['AWAITING_PAYMENT']);

    // Over GraphQL only the household's resident may call them.
    const provider = server.client();
    await provider.loginProvider(demoProviderEmail(1), DEMO_PASSWORD);
    const pay: any = await provider.gql(`mutation($id: ID!) { payOwnContribution(orderId: $id) { paymentUrl } }`, {
      id: order.id,
    });
    expect(pay.errors[0].extensions.code).toBe('FORBIDDEN');
    const cancel: any = await provider.gql(`mutation($id: ID!) { cancelUnpaidOrder(id: $id) { refundCents } }`, {
      id: order.id,
    });
    expect(cancel.errors[0].extensions.code).toBe('FORBIDDEN');

    // Paid: neither pays again nor cancels here (the order's own cancel applies).
    await simulator.settle(payment.externalId, 'PAID');
    await webhook(payment.externalId);
    expect(codes(await server.services.payments.payAgain(h.customer(), order.id))).toEqual(['NOT_PAYABLE']);
    expect(codes(await server.services.orderActions.cancelUnpaid(h.customer(), order.id))).toEqual(['ALREADY_PAID']);
    const paid = await state(h, checkoutId);
    expect(paid.payments.map((p) => p.status)).toEqual(['PAID']);
    expect(paid.orders.map((o) => o.status)).toEqual(['PLACED']);

    // The resident's own session over GraphQL works.
    const resident = server.client();
    await resident.loginWithDigid(h.bsn);
    const mine: any = await resident.gql(
      `mutation($id: ID!) { payOwnContribution(orderId: $id) { paymentUrl errors { code message } } }`,
      { id: order.id },
    );
    expect(mine.data.payOwnContribution.errors[0].message).toBe('De eigen bijdrage van deze bestelling is al betaald.');
  });
});
