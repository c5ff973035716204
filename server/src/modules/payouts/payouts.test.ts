import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { contextFor, staffViewer } from '../../test/context.js';
import { createHousehold, expectLedgerConsistent, zuiderveenCatalogue } from '../../test/households.js';
import { checkoutOutcome } from '../../test/checkout-outcome.js';
import { validatePain001 } from '../../test/sepa-xsd.js';
import { Audience, ALL_PERMISSIONS } from '../../kernel/permissions.js';
import { ManualClock } from '../../kernel/clock.js';
import { DEMO_PASSWORD, DEMO_STAFF, demoProviderEmail } from '../../seeders/demo-accounts.js';
import type { Municipality } from '../municipalities/municipality.entity.js';
import type { Product } from '../catalogue/product.entity.js';
import { DOWNLOAD_HEADER, payoutExportPath } from './payout.routes.js';
import { REMITTANCE_MAX, remittanceInfo } from './sepa-file.js';

/**
 * Payouts to providers: delivered orders older than the payout delay gathered per provider, the SEPA file valid
 * against the official XSDs, the ledger booked once when paid, an order paid out once (also when two staff create a
 * batch at the same moment), the second person for "niet uitgevoerd", and the provider's own view and specification.
 */

const staffEmail = (role: string) => DEMO_STAFF.find((s) => s.role === role)!.email;
const DAY = 24 * 60 * 60 * 1000;

const BATCH = `id reference status totalCents orderCount providerCount notExecutedReason notExecutedRequestedByViewer
  lines { providerId providerName reference amountCents orderCount remittanceInfo orders { number handoverMethod } }`;
const CREATE = `mutation($m: ID!) { createPayoutBatch(municipalityId: $m) { errors { field code message } batch { ${BATCH} } } }`;
const PREVIEW = `query($m: ID!) { payoutPreview(municipalityId: $m) { orderCount totalCents payoutDelayDays
  lines { providerId orderCount amountCents } } }`;
const CANCEL = `mutation($id: ID!) { cancelPayoutBatch(id: $id) { errors { code message } batch { status } } }`;
const PAID = `mutation($id: ID!) { markPayoutBatchPaid(id: $id) { errors { code message } batch { status } } }`;
const REPORT = `mutation($id: ID!, $r: String!) { reportPayoutNotExecuted(id: $id, reason: $r) { errors { field code message }
  batch { status notExecutedReason notExecutedRequestedByViewer } } }`;
const CONFIRM = `mutation($id: ID!) { confirmPayoutNotExecuted(id: $id) { errors { code message } batch { status } } }`;
const LIST = `{ payoutBatches(first: 50) { totalCount edges { node { id reference status totalCents } } } }`;
const MY_PAYOUTS = `{ myPayouts { totalCount edges { node { id reference amountCents orderCount specificationUrl paidAt } } } }`;

describe('payouts to providers', () => {
  // Relative to the real moment the test runs: the test moves the clock by days.
  const clock = new ManualClock(new Date());
  let server: TestServer;
  let zuiderveen: Municipality;
  let a: Product;
  let b: Product;
  let finance: TestClient;
  let admin: TestClient;
  let providerA: TestClient;
  let providerB: TestClient;
  const providerNumber = new Map<string, number>();

  const staffCtx = () =>
    contextFor(server.orm, server.services, staffViewer({ permissions: ALL_PERMISSIONS }), { clock });

  const sql = <T>(query: string, params: unknown[] = []) => server.orm.em.fork().execute<T[]>(query, params);

  /**
   * `count` delivered orders: for each, a household buys one of `a` and one of `b`; both providers hand them over at
   * the counter.
   */
  async function deliveredOrders(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const household = await createHousehold(server, [
        { categories: [a.category.id, b.category.id], amountCents: 100_000 },
      ]);
      const r = await checkoutOutcome(server, household.customer(), {
        idempotencyKey: randomUUID(),
        lines: [
          { productId: a.id, quantity: 1 },
          { productId: b.id, quantity: 1 },
        ],
      });
      expect(r.errors).toEqual([]);
      for (const order of r.orders) {
        const [user] = await sql<{ id: string }>(`select id from provider_user where provider_id = ? limit 1`, [
          order.providerId,
        ]);
        const ctx = contextFor(
          server.orm,
          server.services,
          { kind: Audience.PROVIDER, sessionId: 'x', providerUserId: user!.id, providerId: order.providerId },
          { clock },
        );
        // At the counter, with the pickup code the resident shows.
        const delivered = await server.services.counter.deliver(ctx, order.pickupCode!, order.id, 'test');
        expect(delivered.ok).toBe(true);
        ids.push(order.id);
      }
    }
    return ids;
  }

  const payable = async (providerId: string) =>
    Number(
      (
        await sql<{ b: string }>(
          // A payable account's balance is kept in parts (ledger_balance_part): the view sums them.
          `select coalesce(sum(balance_cents), 0)::text as b from ledger_account_balance
            where kind = 'PROVIDER_PAYABLE' and provider_id = ? and municipality_id = ?`,
          [providerId, zuiderveen.id],
        )
      )[0]!.b,
    );

  const exportFile = (client: TestClient, id: string) =>
    client.fetch(payoutExportPath(id), { method: 'POST', headers: { [DOWNLOAD_HEADER]: '1' } });

  async function setPayments(patch: Record<string, unknown>) {
    const r = await server.services.settings.update(staffCtx(), 'payments', patch);
    expect(r.ok ? [] : r.errors).toEqual([]);
  }

  /** Moves the clock `days` on; sessions time out meanwhile, so everybody logs in again. */
  async function later(days: number) {
    clock.set(new Date(clock.now().getTime() + days * DAY));
    await logIn();
  }

  async function logIn() {
    finance = server.client();
    await finance.loginStaff(staffEmail('FINANCIEN'), DEMO_PASSWORD);
    admin = server.client();
    await admin.loginStaff(staffEmail('BEHEERDER'), DEMO_PASSWORD);
    providerA = server.client();
    await providerA.loginProvider(demoProviderEmail(providerNumber.get(a.provider.id)!), DEMO_PASSWORD);
    providerB = server.client();
    await providerB.loginProvider(demoProviderEmail(providerNumber.get(b.provider.id)!), DEMO_PASSWORD);
  }

  beforeAll(async () => {
    server = await startTestServer({ seed: true, clock });
    ({ zuiderveen, a, b } = await zuiderveenCatalogue(server));
    for (const p of [a, b]) {
      const [u] = await sql<{ email: string }>(`select email from provider_user where provider_id = ? order by email`, [
        p.provider.id,
      ]);
      providerNumber.set(p.provider.id, Number(/aanbieder(\d+)@/.exec(u!.email)![1]));
    }
    await logIn();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps the remittance information within 140 characters: the reference, the numbers that fit and "e.a."', () => {
    expect(remittanceInfo('U1001-001', ['B100001', 'B100002'])).toBe('U1001-001 B100001 B100002');
    const many = Array.from({ length: 40 }, (_, i) => `B${100001 + i}`);
    const text = remittanceInfo('U1001-001', many);
    expect(text.length).toBeLessThanOrEqual(REMITTANCE_MAX);
    expect(text.startsWith('U1001-001 B100001 B100002')).toBe(true);
    expect(text.endsWith(' e.a.')).toBe(true);
    expect(remittanceInfo('U1001-001', many.slice(0, 16)).length).toBeLessThanOrEqual(REMITTANCE_MAX);
  });

  it('gathers delivered orders after the payout delay, exports a valid pain.001.001.09 once, and books the payout when paid', async () => {
    const orderIds = await deliveredOrders(2);
    const before = { a: await payable(a.provider.id), b: await payable(b.provider.id) };
    expect(before.a).toBeGreaterThan(0);

    // Not yet: delivered today, the payout delay is 14 days.
    let preview: any = await finance.gql(PREVIEW, { m: zuiderveen.id });
    expect(preview.data.payoutPreview.orderCount).toBe(0);
    expect(((await finance.gql(CREATE, { m: zuiderveen.id })) as any).data.createPayoutBatch.errors[0].code).toBe(
      'NOTHING_TO_PAY',
    );

    await later(15);
    preview = await finance.gql(PREVIEW, { m: zuiderveen.id });
    expect(preview.data.payoutPreview).toMatchObject({ orderCount: 4, payoutDelayDays: 14 });

    const created: any = await finance.gql(CREATE, { m: zuiderveen.id });
    expect(created.data.createPayoutBatch.errors).toEqual([]);
    const batch = created.data.createPayoutBatch.batch;
    expect(batch).toMatchObject({ status: 'DRAFT', orderCount: 4, providerCount: 2 });
    // Totals per provider equal what the ledger's provider payables owe for these orders.
    const lineOf = (providerId: string) => batch.lines.find((l: any) => l.providerId === providerId);
    expect(lineOf(a.provider.id).amountCents).toBe(before.a);
    expect(lineOf(b.provider.id).amountCents).toBe(before.b);
    expect(batch.totalCents).toBe(before.a + before.b);
    const numbers = await sql<{ number: string }>(
      `select number from customer_order where id = any(?::uuid[]) and provider_id = ? order by number`,
      [`{${orderIds.join(',')}}`, a.provider.id],
    );
    expect(lineOf(a.provider.id).remittanceInfo).toBe(
      [lineOf(a.provider.id).reference, ...numbers.map((n) => n.number)].join(' '),
    );
    // The batch lists how each order was handed over (here: at the counter, with the pickup code).
    expect(lineOf(a.provider.id).orders).toEqual(
      numbers.map((n) => ({ number: n.number, handoverMethod: 'COUNTER_PICKUP_CODE' })),
    );

    // No debtor account yet: refused in Dutch, nothing changes.
    let res = await exportFile(finance, batch.id);
    expect(res.status).toBe(409);
    expect(((await res.json()) as any).errors[0]).toMatchObject({ code: 'NO_DEBTOR_ACCOUNT' });
    await setPayments({
      debtorAccounts: {
        [zuiderveen.id]: { name: 'Gemeente Zuiderveen', iban: 'NL91 ABNA 0417 1643 00', bic: 'ABNANL2A' },
      },
    });

    // A provider's IBAN that fails the check: refused, naming the provider.
    const [{ iban }] = (await sql<{ iban: string }>(`select iban from provider where id = ?`, [a.provider.id])) as [
      { iban: string },
    ];
    await sql(`update provider set iban = 'NL00ABNA0123456789' where id = ?`, [a.provider.id]);
    res = await exportFile(finance, batch.id);
    expect(res.status).toBe(409);
    const refused: any = await res.json();
    expect(refused.errors[0].code).toBe('INVALID_IBAN');
    expect(refused.errors[0].message).toContain('klopt niet');
    await sql(`update provider set iban = ? where id = ?`, [iban, a.provider.id]);
    expect((await sql<{ status: string }>(`select status from payout_batch where id = ?`, [batch.id]))[0]!.status).toBe(
      'DRAFT',
    );

    // Only with PAYOUT_MANAGE, and only from our own client (the header).
    const klant = server.client();
    await klant.loginStaff(staffEmail('KLANTCONTACT'), DEMO_PASSWORD);
    expect((await exportFile(klant, batch.id)).status).toBe(403);
    expect((await finance.fetch(payoutExportPath(batch.id), { method: 'POST' })).status).toBe(400);

    res = await exportFile(finance, batch.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`uitbetaling-${batch.reference}.xml`);
    const xml = await res.text();
    expect(await validatePain001(xml, 'pain.001.001.09')).toEqual({ valid: true, errors: [] });
    expect(xml).toContain('<PmtMtd>TRF</PmtMtd>');
    expect(xml).toContain(`<CtrlSum>${(batch.totalCents / 100).toFixed(2)}</CtrlSum>`);
    // The hand-over is for finance and the provider, not for the bank: not in the remittance.
    expect(xml).not.toMatch(/balie|afhaalcode/i);
    for (const line of batch.lines) {
      expect(xml).toContain(`<EndToEndId>${line.reference}</EndToEndId>`);
      expect(xml).toContain(`<InstdAmt Ccy="EUR">${(line.amountCents / 100).toFixed(2)}</InstdAmt>`);
    }
    const audit = await sql<{ action: string }>(`select action from audit_log where subject_id = ? order by id`, [
      batch.id,
    ]);
    expect(audit.map((r) => r.action)).toEqual(['payout.created', 'payout.exported']);

    // Exported twice: refused in Dutch. An exported batch cannot be cancelled.
    res = await exportFile(finance, batch.id);
    expect(res.status).toBe(409);
    expect(((await res.json()) as any).errors[0].message).toMatch(/al geëxporteerd/);
    const cancel: any = await finance.gql(CANCEL, { id: batch.id });
    expect(cancel.data.cancelPayoutBatch.errors[0].message).toMatch(/al geëxporteerd/);

    const paid: any = await finance.gql(PAID, { id: batch.id });
    expect(paid.data.markPayoutBatchPaid).toEqual({ errors: [], batch: { status: 'PAID' } });
    expect(await payable(a.provider.id)).toBe(0);
    expect(await payable(b.provider.id)).toBe(0);
    const [bank] = await sql<{ balance_cents: string }>(
      `select balance_cents from ledger_account where kind = 'BANK' and municipality_id = ?`,
      [zuiderveen.id],
    );
    expect(Number(bank!.balance_cents)).toBe(batch.totalCents);
    const payouts = await sql<{ n: string }>(
      `select count(*)::text as n from ledger_transaction where kind = 'PAYOUT'`,
    );
    expect(payouts[0]!.n).toBe('1');
    // The export and the payment are events in the partner webhooks' outbox, with the batch's total.
    const events = await sql<{ type: string; total: number }>(
      `select type, (payload->>'totalCents')::int as total from webhook_event where subject = ? order by seq`,
      [`payout:${batch.id}`],
    );
    expect(events).toEqual([
      { type: 'payout.exported', total: batch.totalCents },
      { type: 'payout.paid', total: batch.totalCents },
    ]);
    // Paid once.
    expect(((await finance.gql(PAID, { id: batch.id })) as any).data.markPayoutBatchPaid.errors[0].code).toBe(
      'INVALID_STATUS',
    );
    await expectLedgerConsistent(server);

    // The provider sees its payout and downloads the specification; another provider cannot.
    const mine: any = await providerA.gql(MY_PAYOUTS);
    expect(mine.data.myPayouts.totalCount).toBe(1);
    const payout = mine.data.myPayouts.edges[0].node;
    expect(payout).toMatchObject({ reference: lineOf(a.provider.id).reference, amountCents: before.a, orderCount: 2 });
    const csv = await providerA.fetch(payout.specificationUrl);
    expect(csv.status).toBe(200);
    const text = await csv.text();
    const rows = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(rows[0]).toBe('Kenmerk;Bestelling;Geleverd op;Overdracht;Bedrag (EUR)');
    for (const n of numbers) {
      const row = rows.find((r) => r.includes(n.number))!;
      expect(row.split(';')[3]).toBe('Afgegeven aan de balie met de afhaalcode');
    }
    expect(text).toContain(`Totaal;`);
    // … and never the resident's pickup code.
    const pickupCodes = await sql<{ pickup_code: string }>(
      `select pickup_code from customer_order where id = any(?::uuid[])`,
      [`{${orderIds.join(',')}}`],
    );
    for (const { pickup_code } of pickupCodes) expect(text).not.toContain(pickup_code);
    expect((await providerB.fetch(payout.specificationUrl)).status).toBe(404);
    expect((await finance.fetch(payout.specificationUrl)).status).toBe(403);
  });

  it('cancels a draft and releases its orders; exports pain.001.001.03 when set', async () => {
    await deliveredOrders(1);
    await later(15);
    const first: any = await finance.gql(CREATE, { m: zuiderveen.id });
    const id = first.data.createPayoutBatch.batch.id;
    expect(((await finance.gql(CANCEL, { id })) as any).data.cancelPayoutBatch).toEqual({
      errors: [],
      batch: { status: 'CANCELLED' },
    });
    expect((await exportFile(finance, id)).status).toBe(409);
    const again: any = await finance.gql(CREATE, { m: zuiderveen.id });
    expect(again.data.createPayoutBatch.batch.orderCount).toBe(2);
    await setPayments({ sepaVersion: 'pain.001.001.03' });
    const res = await exportFile(finance, again.data.createPayoutBatch.batch.id);
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03');
    expect(await validatePain001(xml, 'pain.001.001.03')).toEqual({ valid: true, errors: [] });
    await setPayments({ sepaVersion: 'pain.001.001.09' });
    await finance.gql(PAID, { id: again.data.createPayoutBatch.batch.id });
  });

  it('marks an exported batch "niet uitgevoerd" only with a reason and a second person, releasing its orders', async () => {
    await deliveredOrders(1);
    await later(15);
    const created: any = await finance.gql(CREATE, { m: zuiderveen.id });
    const id = created.data.createPayoutBatch.batch.id;
    // Not before it is exported.
    expect(
      ((await finance.gql(REPORT, { id, r: 'Rekening geblokkeerd' })) as any).data.reportPayoutNotExecuted.errors[0]
        .code,
    ).toBe('INVALID_STATUS');
    expect((await exportFile(finance, id)).status).toBe(200);
    expect(((await finance.gql(REPORT, { id, r: ' ' })) as any).data.reportPayoutNotExecuted.errors[0].field).toBe(
      'reason',
    );
    expect(((await finance.gql(CONFIRM, { id })) as any).data.confirmPayoutNotExecuted.errors[0].code).toBe(
      'NOT_REPORTED',
    );
    const reported: any = await finance.gql(REPORT, { id, r: 'De bank heeft het bestand geweigerd' });
    expect(reported.data.reportPayoutNotExecuted.batch).toEqual({
      status: 'EXPORTED',
      notExecutedReason: 'De bank heeft het bestand geweigerd',
      notExecutedRequestedByViewer: true,
    });
    // The same person cannot confirm.
    const self: any = await finance.gql(CONFIRM, { id });
    expect(self.data.confirmPayoutNotExecuted.errors[0].code).toBe('SECOND_PERSON_REQUIRED');
    const confirmed: any = await admin.gql(CONFIRM, { id });
    expect(confirmed.data.confirmPayoutNotExecuted).toEqual({ errors: [], batch: { status: 'NOT_EXECUTED' } });
    const [row] = await sql<{ requested: string; confirmed: string }>(
      `select not_executed_requested_by::text as requested, not_executed_confirmed_by::text as confirmed from payout_batch where id = ?`,
      [id],
    );
    expect(row!.requested).not.toBe(row!.confirmed);
    // Nothing was booked; the orders go into the next batch.
    expect(
      (await sql<{ n: string }>(`select count(*)::text as n from ledger_transaction where kind = 'PAYOUT'`))[0]!.n,
    ).toBe('2');
    const next: any = await finance.gql(CREATE, { m: zuiderveen.id });
    expect(next.data.createPayoutBatch.batch.orderCount).toBe(2);
    await finance.gql(CANCEL, { id: next.data.createPayoutBatch.batch.id });
  });

  it('pays an order out once: two staff creating a batch at the same moment get one batch, and the database refuses a second row', async () => {
    await deliveredOrders(3);
    await later(15);
    const [one, two]: any[] = await Promise.all([
      finance.gql(CREATE, { m: zuiderveen.id }),
      admin.gql(CREATE, { m: zuiderveen.id }),
    ]);
    const outcomes = [one.data.createPayoutBatch, two.data.createPayoutBatch];
    const made = outcomes.filter((o) => o.batch);
    expect(made).toHaveLength(1);
    // The 2 released orders of the cancelled batch of the previous test and the 6 new ones.
    expect(made[0].batch.orderCount).toBe(8);
    expect(outcomes.find((o) => !o.batch).errors[0].code).toBe('NOTHING_TO_PAY');
    const twice = await sql(
      `select order_id from payout_order where not released group by order_id having count(*) > 1`,
    );
    expect(twice).toEqual([]);
    // The guarantee is the database's: a second unreleased row for an order is refused.
    const [po] = await sql<{ batch_id: string; line_id: string; order_id: string }>(
      `select batch_id, line_id, order_id from payout_order where batch_id = ? limit 1`,
      [made[0].batch.id],
    );
    await expect(
      sql(`insert into payout_order (batch_id, line_id, order_id, amount_cents) values (?, ?, ?, 1)`, [
        po!.batch_id,
        po!.line_id,
        po!.order_id,
      ]),
    ).rejects.toMatchObject({ code: '23505' });
    const list: any = await finance.gql(LIST);
    expect(list.data.payoutBatches.edges[0].node.id).toBe(made[0].batch.id);
    await expectLedgerConsistent(server);
  });

  it('writes every letter, Dutch time and the next banking day into the exported file, with the debtor address a bank outside the EEA needs', async () => {
    await deliveredOrders(1);
    await later(15);
    const created: any = await finance.gql(CREATE, { m: zuiderveen.id });
    const id = created.data.createPayoutBatch.batch.id;
    const [{ name, iban }] = (await sql<{ name: string; iban: string }>(
      `select name, iban from provider where id = ?`,
      [b.provider.id],
    )) as [{ name: string; iban: string }];
    // A provider with letters outside the EPC set, banking in Switzerland (SEPA, not the EEA).
    await sql(`update provider set name = ?, iban = ? where id = ?`, [
      'Ĳsselmonde Straße Ørsted Æ Œ Łódź é ë',
      'CH9300762011623852957',
      b.provider.id,
    ]);
    // 23:30 UTC on Friday 27 November 2026 is 00:30 on Saturday in Amsterdam.
    const friday = () =>
      contextFor(server.orm, server.services, staffViewer({ permissions: ALL_PERMISSIONS }), {
        clock: new ManualClock(new Date('2026-11-27T23:30:00Z')),
      });
    try {
      let exported = await server.services.payouts.export(friday(), id);
      expect(exported.ok ? [] : exported.errors.map((e) => e.code)).toEqual(['NO_DEBTOR_ADDRESS']);
      if (!exported.ok) expect(exported.errors[0]!.message).toContain('Ĳsselmonde Straße');

      // The address is checked with the shared rules, in Dutch.
      const bad = await server.services.settings.update(staffCtx(), 'payments', {
        debtorAccounts: {
          [zuiderveen.id]: { address: { street: 'R', houseNumber: 'x', postcode: '123', town: '' } },
        },
      });
      expect(bad.ok ? [] : bad.errors.map((e) => [e.field, e.message])).toEqual([
        [`debtorAccounts.${zuiderveen.id}.address.street`, 'De straat moet tussen 2 en 70 tekens lang zijn.'],
        [
          `debtorAccounts.${zuiderveen.id}.address.houseNumber`,
          'Vul een geldig huisnummer in, bijvoorbeeld 12 of 12a.',
        ],
        [`debtorAccounts.${zuiderveen.id}.address.postcode`, 'Vul een geldige postcode in, bijvoorbeeld 1234 AB.'],
        [`debtorAccounts.${zuiderveen.id}.address.town`, 'Vul de plaats in.'],
      ]);
      await setPayments({
        debtorAccounts: {
          [zuiderveen.id]: {
            address: { street: 'Raadhuisplein', houseNumber: ' 1 ', postcode: '7831hg', town: 'Zuiderveen' },
          },
        },
      });

      exported = await server.services.payouts.export(friday(), id);
      expect(exported.ok ? [] : exported.errors).toEqual([]);
      if (!exported.ok) return;
      const xml = exported.value.xml;
      expect(await validatePain001(xml, 'pain.001.001.09')).toEqual({ valid: true, errors: [] });
      expect(xml).toContain('<CreDtTm>2026-11-28T00:30:00+01:00</CreDtTm>');
      expect(xml).toContain('<ReqdExctnDt><Dt>2026-11-30</Dt></ReqdExctnDt>');
      expect(xml).toContain('<Nm>IJsselmonde Strasse Orsted AE OE Lodz e e</Nm>');
      expect(xml).toContain(
        '<PstlAdr><StrtNm>Raadhuisplein</StrtNm><BldgNb>1</BldgNb><PstCd>7831 HG</PstCd><TwnNm>Zuiderveen</TwnNm><Ctry>NL</Ctry></PstlAdr>',
      );
    } finally {
      await sql(`update provider set name = ?, iban = ? where id = ?`, [name, iban, b.provider.id]);
    }
    await finance.gql(PAID, { id });
  });

  it('refuses the payout screens to staff without PAYOUT_MANAGE and to providers', async () => {
    const klant = server.client();
    await klant.loginStaff(staffEmail('KLANTCONTACT'), DEMO_PASSWORD);
    expect(((await klant.gql(LIST)) as any).errors[0].extensions.code).toBe('FORBIDDEN');
    expect(((await providerA.gql(CREATE, { m: zuiderveen.id })) as any).errors[0].extensions.code).toBe('FORBIDDEN');
  });
});
