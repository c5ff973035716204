import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from '../../test/server.js';
import { createHousehold, expectLedgerConsistent, zuiderveenCatalogue, type Household } from '../../test/households.js';
import type { Product } from '../catalogue/product.entity.js';
import { PaymentSimulator } from '../../integrations/payments/payment-simulator.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { Order } from '../orders/order.entities.js';
import { Payment, PaymentRefund, type PaymentStatus } from './payment.entities.js';
import { checkoutOutcome } from '../../test/checkout-outcome.js';
import { ManualClock, today } from '../../kernel/clock.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';

/**
 * Own-contribution payments against a real database over real HTTP: the webhook (which only names a payment; the
 * status comes from the PSP), the simulator's checkout page, the expiry sweep and refunds.
 */
describe('payments', () => {
  let server: TestServer;
  let simulator: PaymentSimulator;
  let product: Product;
  const ledger = new LedgerService();
  // The real time until a test moves it (the refund's times below, on a clock ahead of and behind the database's).
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    // No job worker: these tests call the sweep themselves, and the scheduled one must not run in between.
    server = await startTestServer({ seed: true, env: { JOBS_WORKER: 'false' }, clock });
    simulator = server.services.payments.gateway as PaymentSimulator;
    expect(simulator).toBeInstanceOf(PaymentSimulator);
    product = (await zuiderveenCatalogue(server)).a;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A household whose budget covers 100 cents of the product, the rest an own contribution; checked out and started. */
  async function checkoutWithContribution(quantity = 1) {
    const h = await createHousehold(server, [
      { categories: [product.category.id], amountCents: 100, ownContribution: true },
    ]);
    const ctx = h.customer();
    const r = await checkoutOutcome(server, ctx, {
      idempotencyKey: randomUUID(),
      lines: [{ productId: product.id, quantity }],
    });
    expect(r.errors).toEqual([]);
    const payment = await server.services.checkout.startPayment(ctx, r.payment!);
    expect(payment.externalId).toMatch(/^sim_/);
    return { h, checkout: r.checkout!, orders: r.orders, payment: payment as Payment & { externalId: string } };
  }

  const webhook = (id: string) =>
    fetch(`${server.url}/payments/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id }).toString(),
    });

  async function state(h: Household, paymentId: string) {
    const em = server.orm.em.fork();
    const payment = await em.findOneOrFail(Payment, paymentId);
    const orders = await em.find(Order, { clientGroupId: h.group.id }, { orderBy: { number: 'asc' } });
    const [counts] = await em.execute<{ tx: string; events: string; order_events: string; refunds: string }[]>(
      `select (select count(*) from ledger_transaction t where t.order_id = any(?::uuid[]) or t.payment_id = ?) as tx,
              (select count(*) from payment_event where payment_id = ?) as events,
              (select count(*) from order_event where order_id = any(?::uuid[])) as order_events,
              (select count(*) from payment_refund where payment_id = ?) as refunds`,
      [
        `{${orders.map((o) => o.id).join(',')}}`,
        paymentId,
        paymentId,
        `{${orders.map((o) => o.id).join(',')}}`,
        paymentId,
      ],
    );
    const balances = await ledger.assignmentBalances(em, h.assignmentIds);
    return { payment, orders, counts: counts!, budget: [...balances.values()].reduce((s, v) => s + v, 0) };
  }

  it('a paid payment books the contribution and places the orders; a replayed webhook changes nothing', async () => {
    const { h, payment, orders } = await checkoutWithContribution();
    expect(orders[0]!.status).toBe('AWAITING_PAYMENT');
    await simulator.settle(payment.externalId, 'PAID');

    const res = await webhook(payment.externalId);
    expect(res.status).toBe(200);
    const after = await state(h, payment.id);
    expect(after.payment.status).toBe('PAID');
    expect(after.payment.paidAt).toBeInstanceOf(Date);
    expect(after.orders.map((o) => o.status)).toEqual(['PLACED']);
    const contributions = await server.orm.em.fork().execute<{ amount: string }[]>(
      `select sum(e.amount_cents) as amount from ledger_transaction t join ledger_entry e on e.transaction_id = t.id
          where t.kind = 'CONTRIBUTION' and t.payment_id = ? and e.amount_cents > 0`,
      [payment.id],
    );
    expect(Number(contributions[0]!.amount)).toBe(product.priceCents - 100);

    // The PSP sends it again (and again, at the same time): nothing moves.
    await Promise.all([webhook(payment.externalId), webhook(payment.externalId), webhook(payment.externalId)]);
    const replayed = await state(h, payment.id);
    expect(replayed.orders.map((o) => o.status)).toEqual(['PLACED']);
    expect(replayed.counts.tx).toBe(after.counts.tx);
    expect(replayed.counts.order_events).toBe(after.counts.order_events);
    expect(replayed.budget).toBe(after.budget);
    expect(Number(replayed.counts.events)).toBe(Number(after.counts.events) + 3); // each notification is on record
    await expectLedgerConsistent(server);
  });

  it('settles exactly once when many webhooks for a paid payment arrive together', async () => {
    const { h, payment } = await checkoutWithContribution();
    await simulator.settle(payment.externalId, 'PAID');
    const answers = await Promise.all(Array.from({ length: 12 }, () => webhook(payment.externalId)));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    const s = await state(h, payment.id);
    const [{ n }] = await server.orm.em
      .fork()
      .execute<{ n: string }[]>(
        `select count(*) as n from ledger_transaction where kind = 'CONTRIBUTION' and payment_id = ?`,
        [payment.id],
      );
    expect(n).toBe('1');
    expect(s.orders.map((o) => o.status)).toEqual(['PLACED']);
  });

  for (const status of ['FAILED', 'CANCELED', 'EXPIRED'] as const) {
    it(`a ${status.toLowerCase()} payment cancels the waiting orders and gives the budget back`, async () => {
      const { h, payment } = await checkoutWithContribution();
      expect((await state(h, payment.id)).budget).toBe(0);
      await simulator.settle(payment.externalId, status);
      expect((await webhook(payment.externalId)).status).toBe(200);
      const s = await state(h, payment.id);
      expect(s.payment.status).toBe(status);
      expect(s.orders.map((o) => o.status)).toEqual(['CANCELLED']);
      expect(s.orders[0]!.cancelReason).toMatch(/betaling van de eigen bijdrage/i);
      expect(s.budget).toBe(100);
      // Replayed: the budget is not given back twice.
      await webhook(payment.externalId);
      expect((await state(h, payment.id)).budget).toBe(100);
      await expectLedgerConsistent(server);
    });
  }

  it('changes nothing for a payment that is still open, a forged id, or a malformed request', async () => {
    const { h, payment } = await checkoutWithContribution();
    const before = await state(h, payment.id);
    expect((await webhook(payment.externalId)).status).toBe(200);
    const open = await state(h, payment.id);
    expect(open.payment.status).toBe('OPEN');
    expect(open.orders.map((o) => o.status)).toEqual(['AWAITING_PAYMENT']);
    expect(open.counts.tx).toBe(before.counts.tx);

    const [{ n: eventsBefore }] = await server.orm.em
      .fork()
      .execute<{ n: string }[]>(`select count(*) as n from payment_event`);
    for (const forged of ['tr_WDqYK6vllg', 'sim_00000000000000000000', '../../etc/passwd', '']) {
      const res = await webhook(forged);
      expect(res.status, forged).toBe(200);
      expect(await res.text()).toBe('');
    }
    const noBody = await fetch(`${server.url}/payments/webhook`, { method: 'POST' });
    expect(noBody.status).toBe(200);
    const [{ n: eventsAfter }] = await server.orm.em
      .fork()
      .execute<{ n: string }[]>(`select count(*) as n from payment_event`);
    expect(eventsAfter).toBe(eventsBefore);
  });

  it('answers 500 when the PSP cannot be asked, so the PSP retries; nothing changes meanwhile', async () => {
    const { h, payment } = await checkoutWithContribution();
    await simulator.settle(payment.externalId, 'PAID');
    simulator.unreachable = true;
    try {
      expect((await webhook(payment.externalId)).status).toBe(500);
      expect((await state(h, payment.id)).payment.status).toBe('OPEN');
    } finally {
      simulator.unreachable = false;
    }
    expect((await webhook(payment.externalId)).status).toBe(200);
    expect((await state(h, payment.id)).payment.status).toBe('PAID');
  });

  it('the simulator page settles the payment, calls the webhook and sends the customer back', async () => {
    const { h, payment } = await checkoutWithContribution();
    const page = await fetch(`${server.url}/betalen/simulator/${payment.externalId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('lang="nl"');
    for (const label of ['Betaald', 'Mislukt', 'Geannuleerd', 'Verlopen']) expect(html).toContain(`>${label}</button>`);

    const post = await fetch(`${server.url}/betalen/simulator/${payment.externalId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'uitkomst=betaald',
      redirect: 'manual',
    });
    expect(post.status).toBe(303);
    expect(post.headers.get('location')).toBe(`/winkelwagen?betaling=${payment.id}`);
    const s = await state(h, payment.id);
    expect(s.payment.status).toBe('PAID');
    expect(s.orders.map((o) => o.status)).toEqual(['PLACED']);

    // Done: the page says so and does not offer the choices again.
    const again = await (await fetch(`${server.url}/betalen/simulator/${payment.externalId}`)).text();
    expect(again).toContain('al afgerond');
    expect(again).not.toContain('>Betaald</button>');
    expect((await fetch(`${server.url}/betalen/simulator/sim_unknown`)).status).toBe(404);
  });

  it('the expiry sweep settles old open payments at the PSP and leaves young or still-open ones alone', async () => {
    const missed = await checkoutWithContribution(); // expired at the PSP, webhook never arrived
    const paidMissed = await checkoutWithContribution(); // paid at the PSP, webhook never arrived
    const stillOpen = await checkoutWithContribution(); // old, but the PSP still says open
    const young = await checkoutWithContribution(); // recent
    const neverStarted = await (async () => {
      const h = await createHousehold(server, [
        { categories: [product.category.id], amountCents: 100, ownContribution: true },
      ]);
      const r = await checkoutOutcome(server, h.customer(), {
        idempotencyKey: randomUUID(),
        lines: [{ productId: product.id, quantity: 1 }],
      });
      return { h, payment: r.payment! };
    })();

    const em = server.orm.em.fork();
    const old = [missed, paidMissed, stillOpen, neverStarted].map((x) => x.payment.id);
    await em.execute(`update payment set created_at = now() - interval '31 minutes' where id = any(?::uuid[])`, [
      `{${old.join(',')}}`,
    ]);
    // At the PSP: one expired by itself (its own clock), one paid.
    await em.execute(`update payment_simulator_payment set created_at = ? where external_id = ?`, [
      new Date(Date.now() - 31 * 60_000),
      missed.payment.externalId,
    ]);
    await simulator.settle(paidMissed.payment.externalId, 'PAID');

    const result = await server.services.payments.sweep(server.contexts.forSystem('payments.test'));
    expect(result.settled).toBe(3);
    const statuses = async (x: { h: Household; payment: Payment }) => {
      const s = await state(x.h, x.payment.id);
      return [s.payment.status, ...s.orders.map((o) => o.status)];
    };
    expect(await statuses(missed)).toEqual(['EXPIRED', 'CANCELLED']);
    expect(await statuses(paidMissed)).toEqual(['PAID', 'PLACED']);
    expect(await statuses(stillOpen)).toEqual(['OPEN', 'AWAITING_PAYMENT']);
    expect(await statuses(young)).toEqual(['OPEN', 'AWAITING_PAYMENT']);
    expect(await statuses(neverStarted)).toEqual(['EXPIRED', 'CANCELLED']);
    expect((await state(missed.h, missed.payment.id)).budget).toBe(100);

    // Sweeping again finds nothing new to do.
    expect((await server.services.payments.sweep(server.contexts.forSystem('payments.test'))).settled).toBe(0);
    await expectLedgerConsistent(server);
  });

  it('refunds a paid contribution at the PSP when the order is cancelled, once, and tracks refunded_cents', async () => {
    const { h, payment, orders } = await checkoutWithContribution(2);
    await simulator.settle(payment.externalId, 'PAID');
    await webhook(payment.externalId);
    const contribution = product.priceCents * 2 - 100;

    const { refundCents } = await server.orm.em
      .fork()
      .transactional((tx) =>
        server.services.orders.cancel(tx, orders[0]!.id, { kind: 'CUSTOMER', id: h.person.id }, 'Toch niet nodig'),
      );
    expect(refundCents).toBe(contribution);
    const result = await server.services.payments.refundForOrder(server.orm.em.fork(), orders[0]!.id);
    expect(result).toEqual({ refundedCents: contribution, pendingCents: 0 });
    expect(await simulator.refundedCents(payment.externalId)).toBe(contribution);
    let s = await state(h, payment.id);
    expect(s.payment.refundedCents).toBe(contribution);
    expect(s.budget).toBe(100);

    // Called again (a retry, a double click): no second refund.
    await server.services.payments.refundForOrder(server.orm.em.fork(), orders[0]!.id);
    await server.services.payments.sweep(server.contexts.forSystem('payments.test'));
    expect(await simulator.refundedCents(payment.externalId)).toBe(contribution);
    s = await state(h, payment.id);
    expect(s.payment.refundedCents).toBe(contribution);
    expect(s.counts.refunds).toBe('1');
    const refund = await server.orm.em.fork().findOneOrFail(PaymentRefund, { paymentId: payment.id });
    expect(refund).toMatchObject({ status: 'REFUNDED', amountCents: contribution, orderId: orders[0]!.id });
    expect(refund.externalId).toMatch(/^re_sim_/);
    await expectLedgerConsistent(server);
  });

  it('a refund that fails at the PSP stays pending, and the sweep makes it (also when nobody asked for it)', async () => {
    const { h, payment, orders } = await checkoutWithContribution();
    await simulator.settle(payment.externalId, 'PAID');
    await webhook(payment.externalId);
    const contribution = product.priceCents - 100;
    const original = simulator.refund.bind(simulator);
    simulator.refund = async () => {
      throw new Error('PSP onbereikbaar');
    };
    try {
      await server.orm.em
        .fork()
        .transactional((tx) =>
          server.services.orders.cancel(tx, orders[0]!.id, { kind: 'STAFF', id: null }, 'Op verzoek'),
        );
      expect(await server.services.payments.refundForOrder(server.orm.em.fork(), orders[0]!.id)).toEqual({
        refundedCents: 0,
        pendingCents: contribution,
      });
      const pending = await server.orm.em.fork().findOneOrFail(PaymentRefund, { paymentId: payment.id });
      expect(pending.status).toBe('PENDING');
      expect(pending.lastError).toContain('onbereikbaar');
    } finally {
      simulator.refund = original;
    }
    await server.services.payments.sweep(server.contexts.forSystem('payments.test'));
    expect(await simulator.refundedCents(payment.externalId)).toBe(contribution);
    expect((await state(h, payment.id)).payment.refundedCents).toBe(contribution);

    // Crash between the cancel and refundForOrder: the sweep finds the REFUND booking and refunds it.
    const second = await checkoutWithContribution();
    await simulator.settle(second.payment.externalId, 'PAID');
    await webhook(second.payment.externalId);
    await server.orm.em
      .fork()
      .transactional((tx) =>
        server.services.orders.cancel(tx, second.orders[0]!.id, { kind: 'STAFF', id: null }, 'Op verzoek'),
      );
    await server.services.payments.sweep(server.contexts.forSystem('payments.test'));
    expect(await simulator.refundedCents(second.payment.externalId)).toBe(product.priceCents - 100);
  });

  it('money that arrives for orders already cancelled is refunded, not booked', async () => {
    const { h, payment, orders } = await checkoutWithContribution();
    // The customer cancels while the payment page is still open.
    await server.orm.em
      .fork()
      .transactional((tx) =>
        server.services.orders.cancel(tx, orders[0]!.id, { kind: 'CUSTOMER', id: h.person.id }, 'Vergissing'),
      );
    await simulator.settle(payment.externalId, 'PAID');
    await webhook(payment.externalId);
    const s = await state(h, payment.id);
    expect(s.payment.status).toBe('PAID');
    expect(s.orders.map((o) => o.status)).toEqual(['CANCELLED']);
    const [{ n }] = await server.orm.em
      .fork()
      .execute<{ n: string }[]>(
        `select count(*) as n from ledger_transaction where kind = 'CONTRIBUTION' and payment_id = ?`,
        [payment.id],
      );
    expect(n).toBe('0');
    expect(await simulator.refundedCents(payment.externalId)).toBe(payment.amountCents);
    expect(s.payment.refundedCents).toBe(payment.amountCents);
  });

  it('shows the household its payment after returning (asking the PSP), and no one else', async () => {
    const { h, payment } = await checkoutWithContribution();
    const customer = server.client();
    await customer.loginWithDigid(h.bsn);
    const QUERY = `query($id: ID!) { myPayment(id: $id) { id status amountCents refundedCents paymentUrl orders { number status } } }`;
    let r: any = await customer.gql(QUERY, { id: payment.id });
    expect(r.data.myPayment).toMatchObject({ status: 'OPEN', paymentUrl: `/betalen/simulator/${payment.externalId}` });

    // Paid, but the webhook has not arrived: the return asks the PSP.
    await simulator.settle(payment.externalId, 'PAID' as Exclude<PaymentStatus, 'OPEN'>);
    r = await customer.gql(QUERY, { id: payment.id });
    expect(r.data.myPayment).toMatchObject({ status: 'PAID', paymentUrl: null });
    expect(r.data.myPayment.orders.map((o: any) => o.status)).toEqual(['PLACED']);

    const stranger = server.client();
    const other = await createHousehold(server, []);
    await stranger.loginWithDigid(other.bsn);
    r = await stranger.gql(QUERY, { id: payment.id });
    expect(r.data.myPayment).toBeNull();
    r = await stranger.gql(
      `mutation($id: ID!) { startContributionPayment(paymentId: $id) { paymentUrl errors { code } } }`,
      { id: payment.id },
    );
    expect(r.data.startContributionPayment).toEqual({ paymentUrl: null, errors: [{ code: 'NOT_FOUND' }] });
  });

  it('stamps a refund on the application clock: cancelled, created and refunded read in order on a clock ahead or behind', async () => {
    const DAY = 24 * 60 * 60 * 1000;
    try {
      for (const days of [40, -40]) {
        // The database's now() is the real time; the application runs `days` away from it.
        clock.set(new Date(Date.now() + days * DAY));
        const { h, payment, orders } = await checkoutWithContribution();
        await simulator.settle(payment.externalId, 'PAID');
        await webhook(payment.externalId);
        await server.orm.em
          .fork()
          .transactional((tx) =>
            server.services.orders.cancel(tx, orders[0]!.id, { kind: 'CUSTOMER', id: h.person.id }, 'Toch niet'),
          );
        await server.services.payments.refundForOrder(server.orm.em.fork(), orders[0]!.id);

        const [row] = await server.orm.em
          .fork()
          .execute<{ ordered: Date; cancelled: Date; booked: Date; entries: Date; created: Date; refunded: Date }[]>(
            `select (select min(at) from order_event where order_id = r.order_id) as ordered,
                  (select max(at) from order_event where order_id = r.order_id and to_status = 'CANCELLED') as cancelled,
                  t.created_at as booked,
                  (select max(e.created_at) from ledger_entry e where e.transaction_id = t.id) as entries,
                  r.created_at as created, r.refunded_at as refunded
             from payment_refund r join ledger_transaction t on t.id = r.ledger_transaction_id
            where r.payment_id = ?`,
            [payment.id],
          );
        const times = Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, new Date(v).getTime()]));
        // On the application clock (within the test's minute), not the database's.
        for (const [name, at] of Object.entries(times))
          expect(Math.abs(at - clock.now().getTime()), `${name} (${days} days)`).toBeLessThan(60_000);
        // The cancellation and its REFUND booking are one transaction; the refund row follows both, then the refund.
        expect(times.ordered).toBeLessThanOrEqual(times.cancelled!);
        expect(times.booked).toBe(times.entries);
        expect(times.created).toBeGreaterThanOrEqual(Math.max(times.cancelled!, times.booked!));
        expect(times.created).toBeLessThanOrEqual(times.refunded!);

        // The finance list (newest first) reads the same: the refund, created before it was refunded, above its payment.
        const finance = server.client();
        await finance.loginStaff(DEMO_STAFF.find((s) => s.role === 'FINANCIEN')!.email, DEMO_PASSWORD);
        const day = today(clock);
        const list: any = await finance.gql(
          `query($f: PaymentRecordFilter) { adminPayments(first: 100, filter: $f) { edges { node {
             paymentId kind createdAt settledAt } } } }`,
          { f: { from: day, to: day } },
        );
        const mine = list.data.adminPayments.edges
          .map((e: any) => e.node)
          .filter((n: any) => n.paymentId === payment.id);
        expect(mine.map((n: any) => n.kind)).toEqual(['REFUND', 'PAYMENT']);
        const [refund, paid] = mine;
        expect(Date.parse(paid.createdAt)).toBeLessThanOrEqual(Date.parse(paid.settledAt));
        expect(Date.parse(paid.settledAt)).toBeLessThanOrEqual(Date.parse(refund.createdAt));
        expect(Date.parse(refund.createdAt)).toBeLessThanOrEqual(Date.parse(refund.settledAt));
      }
    } finally {
      clock.set(new Date());
    }
  });

  it('opens the payment page again for an open payment, and refuses for a settled one', async () => {
    const { h, payment } = await checkoutWithContribution();
    const customer = server.client();
    await customer.loginWithDigid(h.bsn);
    const START = `mutation($id: ID!) { startContributionPayment(paymentId: $id) { paymentUrl errors { code message } } }`;
    let r: any = await customer.gql(START, { id: payment.id });
    expect(r.data.startContributionPayment).toEqual({
      paymentUrl: `/betalen/simulator/${payment.externalId}`,
      errors: [],
    });
    await simulator.settle(payment.externalId, 'CANCELED');
    await webhook(payment.externalId);
    r = await customer.gql(START, { id: payment.id });
    expect(r.data.startContributionPayment.errors[0].code).toBe('NOT_PAYABLE');
  });
});
