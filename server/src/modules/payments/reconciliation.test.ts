import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { createHousehold, expectLedgerConsistent, zuiderveenCatalogue } from '../../test/households.js';
import type { Product } from '../catalogue/product.entity.js';
import { PaymentSimulator } from '../../integrations/payments/payment-simulator.js';
import { checkoutOutcome } from '../../test/checkout-outcome.js';
import { today } from '../../kernel/clock.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { Permission } from '../../kernel/permissions.js';
import type { Payment } from './payment.entities.js';

const REPORT = `query($from: String!, $to: String!) {
  paymentReconciliation(from: $from, to: $to) {
    providerName providerError
    ours { payments paymentsCents refunds refundsCents }
    theirs { payments paymentsCents refunds refundsCents }
    mismatches { key kind subject externalId paymentId ourStatus theirStatus ourAmountCents theirAmountCents canTakeOver resolution note }
    stoppedRefunds { id paymentId amountCents attempts lastError }
  }
}`;

const RESOLVE = `mutation($input: ResolvePaymentMismatchInput!) {
  resolvePaymentMismatch(input: $input) { mismatch { key resolution note } errors { field code message } }
}`;

const RETRY = `mutation($id: ID!) { retryPaymentRefund(refundId: $id) { refund { id attempts } errors { code message } } }`;

/**
 * Reconciliation (controle): our payments and refunds of a period beside the payment simulator's records, every kind
 * of mismatch made at the simulator, resolutions (once, also in parallel), refunds that stopped retrying.
 */
describe('payment reconciliation', () => {
  let server: TestServer;
  let simulator: PaymentSimulator;
  let product: Product;
  let finance: TestClient;
  let period: { from: string; to: string };

  beforeAll(async () => {
    server = await startTestServer({ seed: true, env: { JOBS_WORKER: 'false' } });
    simulator = server.services.payments.gateway as PaymentSimulator;
    product = (await zuiderveenCatalogue(server)).a;
    finance = server.client();
    await finance.loginStaff(DEMO_STAFF.find((s) => s.role === 'FINANCIEN')!.email, DEMO_PASSWORD);
    period = { from: today(server.clock), to: today(server.clock) };
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  /** A checkout with an own contribution, its payment opened at the simulator; `pay` also pays it (webhook). */
  async function payment(pay: boolean) {
    const h = await createHousehold(server, [
      { categories: [product.category.id], amountCents: 100, ownContribution: true },
    ]);
    const ctx = h.customer();
    const r = await checkoutOutcome(server, ctx, {
      idempotencyKey: randomUUID(),
      lines: [{ productId: product.id, quantity: 1 }],
    });
    expect(r.errors).toEqual([]);
    const p = (await server.services.checkout.startPayment(ctx, r.payment!)) as Payment & { externalId: string };
    if (pay) {
      await simulator.settle(p.externalId, 'PAID');
      await server.services.payments.notify(server.orm.em.fork(), p.externalId, 'webhook');
    }
    return { h, payment: p };
  }

  const report = async () => {
    const r = await finance.gql(REPORT, period);
    expect(r.errors).toBeUndefined();
    return r.data!.paymentReconciliation;
  };

  it('finds every kind of mismatch made at the simulator, and nothing when both sides agree', async () => {
    const agreed = await payment(true);
    expect((await report()).mismatches.filter((m: any) => m.externalId === agreed.payment.externalId)).toEqual([]);

    const open = await payment(false);
    const amount = await payment(true);
    const gone = await payment(true);
    await simulator.mismatch({ kind: 'STATUS_DIFFERS', externalId: open.payment.externalId, status: 'PAID' });
    await simulator.mismatch({ kind: 'AMOUNT_DIFFERS', externalId: amount.payment.externalId, amountCents: 1 });
    await simulator.mismatch({ kind: 'MISSING_THERE', externalId: gone.payment.externalId });
    const foreign = (await simulator.mismatch({ kind: 'MISSING_HERE', amountCents: 777 }))!;

    const r = await report();
    expect(r.providerName).toBe('Simulator');
    const of = (id: string) => r.mismatches.filter((m: any) => m.externalId === id);
    expect(of(open.payment.externalId)).toEqual([
      expect.objectContaining({ kind: 'STATUS_DIFFERS', ourStatus: 'OPEN', theirStatus: 'PAID', canTakeOver: true }),
    ]);
    expect(of(amount.payment.externalId)).toEqual([
      expect.objectContaining({
        kind: 'AMOUNT_DIFFERS',
        ourAmountCents: amount.payment.amountCents,
        theirAmountCents: 1,
      }),
    ]);
    expect(of(gone.payment.externalId)).toEqual([
      expect.objectContaining({ kind: 'MISSING_THERE', theirStatus: null, canTakeOver: false }),
    ]);
    expect(of(foreign)).toEqual([
      expect.objectContaining({ kind: 'MISSING_HERE', paymentId: null, theirAmountCents: 777, ourStatus: null }),
    ]);
    expect(r.theirs.payments).toBe(r.ours.payments); // one missing on each side

    // A refund that failed at the PSP, and one the PSP made that we do not know.
    const refunded = await payment(true);
    await server.orm.em
      .fork()
      .execute(`insert into payment_refund (payment_id, amount_cents) values (?, 10)`, [refunded.payment.id]);
    await server.services.payments.retryRefunds(server.contexts.forSystem('test'));
    const [ourRefund] = await server.orm.em
      .fork()
      .execute<{ external_id: string }[]>(`select external_id from payment_refund where payment_id = ?`, [
        refunded.payment.id,
      ]);
    await simulator.mismatch({ kind: 'REFUND_FAILED', refundId: ourRefund!.external_id });
    const foreignRefund = (await simulator.mismatch({
      kind: 'REFUND_MISSING_HERE',
      externalId: refunded.payment.externalId,
      amountCents: 5,
    }))!;
    const r2 = await report();
    expect(r2.mismatches.filter((m: any) => m.subject === 'REFUND').map((m: any) => [m.kind, m.externalId])).toEqual(
      expect.arrayContaining([
        ['STATUS_DIFFERS', ourRefund!.external_id],
        ['MISSING_HERE', foreignRefund],
      ]),
    );
  });

  it('takes over the PSP’s status once: two resolutions at the same moment book it once, the second gets a Dutch error', async () => {
    const { h, payment: p } = await payment(false);
    await simulator.mismatch({ kind: 'STATUS_DIFFERS', externalId: p.externalId, status: 'PAID' });
    const m = (await report()).mismatches.find((x: any) => x.externalId === p.externalId);
    expect(m.canTakeOver).toBe(true);
    const other = server.client();
    await other.loginStaff(DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!.email, DEMO_PASSWORD);
    const input = { ...period, key: m.key, resolution: 'TAKE_OVER' };
    const results = await Promise.all([finance.gql(RESOLVE, { input }), other.gql(RESOLVE, { input })]);
    const payloads = results.map((r) => r.data!.resolvePaymentMismatch);
    expect(payloads.filter((x) => x.errors.length === 0)).toHaveLength(1);
    expect(payloads.flatMap((x) => x.errors)).toEqual([
      { field: null, code: 'ALREADY_RESOLVED', message: 'Deze afwijking is al opgelost. Vernieuw het overzicht.' },
    ]);

    const em = server.orm.em.fork();
    const [row] = await em.execute<{ status: string; contributions: string; events: string }[]>(
      `select p.status,
              (select count(*) from ledger_transaction t where t.payment_id = p.id and t.kind = 'CONTRIBUTION') as contributions,
              (select count(*) from payment_event e where e.payment_id = p.id and e.source = 'reconciliation') as events
         from payment p where p.id = ?`,
      [p.id],
    );
    expect(row).toEqual({ status: 'PAID', contributions: '1', events: '1' });
    const orders = await em.execute<{ status: string }[]>(
      `select status from customer_order where client_group_id = ?`,
      [h.group.id],
    );
    expect(orders.map((o) => o.status)).toEqual(['PLACED']);
    await expectLedgerConsistent(server);
    // The difference is gone; resolving again is refused and changes nothing.
    expect((await report()).mismatches.some((x: any) => x.externalId === p.externalId)).toBe(false);
    const again = await finance.gql(RESOLVE, { input });
    expect(again.data!.resolvePaymentMismatch.errors[0].code).toBe('ALREADY_RESOLVED');
    const audits = await em.execute<{ actor_kind: string; details: Record<string, unknown> }[]>(
      `select actor_kind, details from audit_log where action = 'payment.mismatch_resolved' and subject_id = ?`,
      [p.id],
    );
    expect(audits).toEqual([
      {
        actor_kind: 'STAFF',
        details: expect.objectContaining({ resolution: 'TAKE_OVER', theirStatus: 'PAID', booked: true }),
      },
    ]);
  });

  it('marks a mismatch explained with a note, once; take-over only where it applies', async () => {
    const { payment: p } = await payment(true);
    await simulator.mismatch({ kind: 'AMOUNT_DIFFERS', externalId: p.externalId, amountCents: 3 });
    const m = (await report()).mismatches.find((x: any) => x.externalId === p.externalId);
    const input = { ...period, key: m.key, resolution: 'EXPLAINED' };
    const noNote = await finance.gql(RESOLVE, { input });
    expect(noNote.data!.resolvePaymentMismatch.errors[0]).toMatchObject({ field: 'note', code: 'REQUIRED' });
    const takeOver = await finance.gql(RESOLVE, { input: { ...input, resolution: 'TAKE_OVER' } });
    expect(takeOver.data!.resolvePaymentMismatch.errors[0].code).toBe('NOT_APPLICABLE');
    const ok = await finance.gql(RESOLVE, { input: { ...input, note: 'Correctie bij Mollie aangevraagd' } });
    expect(ok.data!.resolvePaymentMismatch).toEqual({
      mismatch: { key: m.key, resolution: 'EXPLAINED', note: 'Correctie bij Mollie aangevraagd' },
      errors: [],
    });
    const listed = (await report()).mismatches.find((x: any) => x.key === m.key);
    expect(listed).toMatchObject({ resolution: 'EXPLAINED', note: 'Correctie bij Mollie aangevraagd' });
    const twice = await finance.gql(RESOLVE, { input: { ...input, note: 'Nog eens' } });
    expect(twice.data!.resolvePaymentMismatch.errors[0].message).toBe(
      'Deze afwijking is al opgelost. Vernieuw het overzicht.',
    );
    const unknown = await finance.gql(RESOLVE, {
      input: { ...input, note: 'Uitleg', key: 'PAYMENT:STATUS_DIFFERS:sim_x:OPEN:PAID' },
    });
    expect(unknown.data!.resolvePaymentMismatch.errors[0].code).toBe('NOT_FOUND');
  });

  it('lists refunds that stopped retrying, with a retry (once, audit-logged)', async () => {
    const { payment: p } = await payment(true);
    const [refund] = await server.orm.em
      .fork()
      .execute<{ id: string }[]>(
        `insert into payment_refund (payment_id, amount_cents, attempts, last_error) values (?, 25, 20, 'timeout') returning id`,
        [p.id],
      );
    const stopped = (await report()).stoppedRefunds;
    expect(stopped).toContainEqual({
      id: refund!.id,
      paymentId: p.id,
      amountCents: 25,
      attempts: 20,
      lastError: 'timeout',
    });
    const [a, b] = await Promise.all([finance.gql(RETRY, { id: refund!.id }), finance.gql(RETRY, { id: refund!.id })]);
    const payloads = [a, b].map((r) => r.data!.retryPaymentRefund);
    expect(payloads.filter((x) => !x.errors.length)).toHaveLength(1);
    expect(payloads.flatMap((x) => x.errors.map((e: any) => e.code))).toEqual(['NOT_FOUND']);
    const [row] = await server.orm.em
      .fork()
      .execute<{ status: string; refunded: number }[]>(
        `select r.status, p.refunded_cents as refunded from payment_refund r join payment p on p.id = r.payment_id where r.id = ?`,
        [refund!.id],
      );
    expect(row).toEqual({ status: 'REFUNDED', refunded: 25 });
    expect(await simulator.refundedCents(p.externalId)).toBe(25);
    expect((await report()).stoppedRefunds.some((r: any) => r.id === refund!.id)).toBe(false);
    const audits = await server.orm.em
      .fork()
      .execute(`select 1 from audit_log where action = 'payment.refund_retried' and subject_id = ?`, [refund!.id]);
    expect(audits).toHaveLength(1);
  });

  it('keeps the simulator records in the database: a new instance (a restart, another server) sees the same', async () => {
    const kept = await payment(true);
    const refunded = await payment(true);
    await server.orm.em
      .fork()
      .execute(`insert into payment_refund (payment_id, amount_cents) values (?, 10)`, [refunded.payment.id]);
    await server.services.payments.retryRefunds(server.contexts.forSystem('test'));
    const [ourRefund] = await server.orm.em
      .fork()
      .execute<{ external_id: string }[]>(`select external_id from payment_refund where payment_id = ?`, [
        refunded.payment.id,
      ]);
    const mine = [kept.payment.externalId, refunded.payment.externalId];
    const pspPeriod = { from: new Date(Date.now() - 86_400_000), to: new Date(Date.now() + 86_400_000) };
    const before = {
      payments: (await simulator.listPayments(pspPeriod)).filter((p) => mine.includes(p.externalId)),
      refunds: (await simulator.listRefunds(pspPeriod)).filter((r) => mine.includes(r.externalId)),
    };
    expect(before.payments.map((p) => p.status)).toEqual(['PAID', 'PAID']);
    expect(before.refunds.map((r) => [r.refundId, r.amountCents])).toEqual([[ourRefund!.external_id, 10]]);

    // Another instance of the application on the same database, with its own (new) simulator.
    const other = await startTestServer({ sameDatabaseAs: server, env: { JOBS_WORKER: 'false' } });
    try {
      const again = other.services.payments.gateway as PaymentSimulator;
      expect(again).toBeInstanceOf(PaymentSimulator);
      expect(again).not.toBe(simulator);
      expect((await again.listPayments(pspPeriod)).filter((p) => mine.includes(p.externalId))).toEqual(before.payments);
      expect((await again.listRefunds(pspPeriod)).filter((r) => mine.includes(r.externalId))).toEqual(before.refunds);
      expect(await again.refundedCents(refunded.payment.externalId)).toBe(10);
      // Idempotent across instances: the same payment id gives the same PSP payment.
      expect((await again.find(kept.payment.externalId))?.paymentId).toBe(kept.payment.id);

      const staff = other.client();
      await staff.loginStaff(DEMO_STAFF.find((s) => s.role === 'FINANCIEN')!.email, DEMO_PASSWORD);
      const r = await staff.gql(REPORT, period);
      expect(r.errors).toBeUndefined();
      const mismatches = r.data!.paymentReconciliation.mismatches as { externalId: string }[];
      expect(mismatches.filter((m) => [...mine, ourRefund!.external_id].includes(m.externalId))).toEqual([]);

      // A mismatch made at one instance is seen by the other.
      await again.mismatch({ kind: 'AMOUNT_DIFFERS', externalId: kept.payment.externalId, amountCents: 2 });
      expect((await report()).mismatches.filter((m: any) => m.externalId === kept.payment.externalId)).toEqual([
        expect.objectContaining({ kind: 'AMOUNT_DIFFERS', theirAmountCents: 2 }),
      ]);
    } finally {
      await other.close();
    }
  });

  it('says so when the PSP cannot be reached, refuses a bad period, and needs PAYMENT_READ', async () => {
    simulator.unreachable = true;
    try {
      const r = await report();
      expect(r.providerError).toBe(
        'De betaaldienst kon niet worden bereikt. Probeer het over een paar minuten opnieuw.',
      );
      expect(r.theirs).toBeNull();
      expect(r.mismatches).toEqual([]);
    } finally {
      simulator.unreachable = false;
    }
    const bad = await finance.gql(REPORT, { from: period.to, to: '2000-01-01' });
    expect(bad.errors?.[0]?.message).toBe('De begindatum ligt na de einddatum.');
    const noRight = server.apiClient({ permissions: [Permission.ORDER_READ] });
    expect((await noRight.gql(REPORT, period)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
