import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { requestContextFor } from '../../test/context.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { Audience, Permission } from '../../kernel/permissions.js';
import { EXPORT_BATCH_SIZE } from './payment-admin.service.js';
import { PAYMENT_EXPORT_PATH } from '../../http/payment-export.routes.js';

const LIST = `query($filter: PaymentRecordFilter, $first: Int, $after: String) {
  adminPayments(filter: $filter, first: $first, after: $after) {
    totalCount
    edges { node { id kind status amountCents municipalityId municipalityName provider externalId } }
    pageInfo { hasNextPage endCursor }
  }
  adminPaymentTotals(filter: $filter) { payments paymentsCents paidCents refunds refundsCents netCents }
}`;

/**
 * The finance payments list (/admin/beheer/betalingen) against a real database: filters, totals over the filtered
 * set, municipality scope, and the CSV export of exactly the filtered rows — streamed in keyset batches, also for
 * 100,000 rows generated in SQL.
 */
describe('finance payments list and export', () => {
  let server: TestServer;
  let staff: TestClient;
  let municipalities: { id: string; name: string }[];

  beforeAll(async () => {
    server = await startTestServer({ seed: true, env: { JOBS_WORKER: 'false' } });
    municipalities = await server.orm.em.fork().execute(`select id, name from municipality order by name`);
    expect(municipalities.length).toBeGreaterThanOrEqual(2);
    staff = server.client();
    await staff.loginStaff(DEMO_STAFF.find((s) => s.role === 'FINANCIEN')!.email, DEMO_PASSWORD);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  /**
   * `count` payments in one municipality, `daysAgo` days before the application's clock, generated in SQL (a client
   * group, a checkout per payment): status cycles PAID, OPEN, FAILED; amount 100 + i cents. Returns the label.
   */
  async function generate(count: number, municipalityId: string, daysAgo: number, label: string) {
    const em = server.orm.em.fork();
    const now = server.clock.now();
    const [group] = await em.execute<{ id: string }[]>(
      `insert into client_group (municipality_id, client_number, name) values (?, ?, ?) returning id`,
      [municipalityId, `bulk-${label}`, `Bulk ${label}`],
    );
    await em.execute(
      `with c as (
         insert into checkout (client_group_id, municipality_id, idempotency_key, total_cents, budget_cents, contribution_cents, created_at)
         select ?, ?, ? || i, 100 + i, 0, 100 + i, ?::timestamptz - make_interval(days => ?) + make_interval(secs => i)
           from generate_series(1, ?) i
         returning id, total_cents, created_at, municipality_id)
       insert into payment (checkout_id, municipality_id, provider, external_id, amount_cents, status, paid_at, created_at)
       select id, municipality_id, 'simulator', 'sim_' || md5(id::text), total_cents,
              (array['PAID','OPEN','FAILED'])[1 + (total_cents % 3)],
              case when total_cents % 3 = 0 then created_at end, created_at
         from c`,
      [group!.id, municipalityId, `${label}-`, now, daysAgo, count],
    );
  }

  it('lists payments and refunds with filters in the URL’s terms, and totals over the filtered set', async () => {
    const [a, b] = municipalities as [{ id: string; name: string }, { id: string; name: string }];
    await generate(30, a.id, 40, 'list-a');
    await generate(12, b.id, 40, 'list-b');
    // A refund of one paid payment of A.
    await server.orm.em.fork().execute(
      `insert into payment_refund (payment_id, amount_cents, status, external_id, refunded_at, created_at)
       select id, 50, 'REFUNDED', 're_sim_x1', created_at + interval '1 hour', created_at + interval '1 hour'
         from payment where status = 'PAID' and municipality_id = ? order by created_at limit 1`,
      [a.id],
    );
    const day = (daysAgo: number) => {
      const d = new Date(server.clock.now().getTime() - daysAgo * 86_400_000);
      return d.toISOString().slice(0, 10);
    };
    const period = { from: day(41), to: day(39) };

    const all = await staff.gql(LIST, { filter: period, first: 100 });
    expect(all.errors).toBeUndefined();
    expect(all.data!.adminPayments.totalCount).toBe(43);
    expect(all.data!.adminPaymentTotals).toMatchObject({ payments: 42, refunds: 1, refundsCents: 50 });

    const ofA = await staff.gql(LIST, { filter: { ...period, municipalityId: a.id }, first: 10 });
    expect(ofA.data!.adminPayments.totalCount).toBe(31);
    expect(ofA.data!.adminPayments.edges).toHaveLength(10);
    expect(ofA.data!.adminPayments.pageInfo.hasNextPage).toBe(true);
    // Paging: every row once.
    const seen = new Set<string>();
    let after: string | null = null;
    do {
      const page: any = await staff.gql(LIST, { filter: { ...period, municipalityId: a.id }, first: 7, after });
      for (const e of page.data.adminPayments.edges) seen.add(e.node.id);
      after = page.data.adminPayments.pageInfo.hasNextPage ? page.data.adminPayments.pageInfo.endCursor : null;
    } while (after);
    expect(seen.size).toBe(31);

    // Amounts 101…130 in A; PAID are those with amount % 3 == 0.
    const paid = await staff.gql(LIST, { filter: { ...period, municipalityId: a.id, status: 'PAID' } });
    const paidAmounts = Array.from({ length: 30 }, (_, i) => 101 + i).filter((c) => c % 3 === 0);
    expect(paid.data!.adminPaymentTotals).toMatchObject({
      payments: paidAmounts.length,
      paymentsCents: paidAmounts.reduce((s, c) => s + c, 0),
      paidCents: paidAmounts.reduce((s, c) => s + c, 0),
      refunds: 0,
    });
    const range = await staff.gql(LIST, {
      filter: { ...period, municipalityId: a.id, kind: 'PAYMENT', minCents: 110, maxCents: 119 },
    });
    expect(range.data!.adminPayments.totalCount).toBe(10);
    expect(range.data!.adminPaymentTotals.paymentsCents).toBe(1145);
    const refunds = await staff.gql(LIST, { filter: { ...period, kind: 'REFUND' } });
    expect(refunds.data!.adminPayments.edges.map((e: any) => [e.node.status, e.node.amountCents])).toEqual([
      ['REFUNDED', 50],
    ]);
    const mollie = await staff.gql(LIST, { filter: { ...period, provider: 'MOLLIE' } });
    expect(mollie.data!.adminPayments.totalCount).toBe(0);

    // Bad input: Dutch, no database error.
    const bad = await staff.gql(LIST, { filter: { from: '2026-02-31' } });
    expect(bad.errors?.[0]?.message).toBe('Vul een geldige begindatum in, bijvoorbeeld 2026-03-01.');
    const inverted = await staff.gql(LIST, { filter: { minCents: 500, maxCents: 100 } });
    expect(inverted.errors?.[0]?.message).toBe('Het minimumbedrag is hoger dan het maximumbedrag.');

    // Municipality scope: an API client of B sees only B's.
    const ofB = server.apiClient({ permissions: [Permission.PAYMENT_READ], municipalityIds: [b.id] });
    const scoped = await ofB.gql(LIST, { filter: period });
    expect(scoped.data!.adminPayments.totalCount).toBe(12);
    const elsewhere = await ofB.gql(LIST, { filter: { ...period, municipalityId: a.id } });
    expect(elsewhere.data!.adminPayments.totalCount).toBe(0);

    // Without PAYMENT_READ: refused.
    const noRight = server.apiClient({ permissions: [Permission.ORDER_READ] });
    expect((await noRight.gql(LIST, { filter: period })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    // The CSV: exactly the filtered rows, audit-logged with the filter.
    const res = await staff.fetch(
      `${PAYMENT_EXPORT_PATH}?${new URLSearchParams({ ...period, municipalityId: a.id, status: 'PAID' })}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="betalingen-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parse((await res.text()).replace(/^\uFEFF/, ''), { delimiter: ';', columns: true }) as Record<
      string,
      string
    >[];
    expect(rows).toHaveLength(paidAmounts.length);
    expect(rows.every((r) => r.status === 'betaald' && r.gemeente === a.name && r.soort === 'betaling')).toBe(true);
    expect(rows.map((r) => r.bedrag).sort()).toEqual(
      paidAmounts.map((c) => `1,${String(c - 100).padStart(2, '0')}`).sort(),
    );
    const [audit] = await server.orm.em
      .fork()
      .execute<{ actor_kind: string; details: { filter: Record<string, unknown> } }[]>(
        `select actor_kind, details from audit_log where action = 'payments.exported' order by at desc limit 1`,
      );
    expect(audit).toMatchObject({ actor_kind: 'STAFF', details: { filter: { status: 'PAID', municipalityId: a.id } } });

    // The export keeps to the scope and the permission, and refuses a bad filter.
    expect((await server.client().fetch(PAYMENT_EXPORT_PATH)).status).toBe(401);
    expect((await noRight.fetch(PAYMENT_EXPORT_PATH)).status).toBe(403);
    const scopedCsv = await (await ofB.fetch(`${PAYMENT_EXPORT_PATH}?${new URLSearchParams(period)}`)).text();
    expect(scopedCsv.trim().split('\n')).toHaveLength(1 + 12);
    const badCsv = await staff.fetch(`${PAYMENT_EXPORT_PATH}?status=BETAALD`);
    expect(badCsv.status).toBe(400);
    expect(await badCsv.text()).toBe('Het filter van de export is ongeldig. Kies het filter opnieuw.');
    const badDate = await staff.fetch(`${PAYMENT_EXPORT_PATH}?from=gisteren`);
    expect(await badDate.text()).toBe('Vul een geldige begindatum in, bijvoorbeeld 2026-03-01.');
  });

  it('exports 100,000 rows generated in SQL, streamed in keyset batches', async () => {
    const [a] = municipalities as [{ id: string; name: string }];
    await generate(100_000, a.id, 200, 'bulk');
    const day = (daysAgo: number) =>
      new Date(server.clock.now().getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    // The rows span 100,000 seconds (27.8 hours) from 200 days back: whatever the time of day, they end before day 198
    // ends and start after day 202 began, in any time zone; nothing else in this file is that old.
    const filter = { from: day(202), to: day(198), municipalityId: a.id };

    // The service hands out batches of at most EXPORT_BATCH_SIZE rows, newest first, never a row twice.
    const ctx = requestContextFor(server.orm, {
      kind: Audience.API_CLIENT,
      apiClientId: 'test',
      permissions: new Set([Permission.PAYMENT_READ]),
      municipalityIds: null,
    });
    const query = server.services.paymentAdmin.query(ctx, filter)!;
    const sizes: number[] = [];
    const heapBefore = process.memoryUsage().heapUsed;
    let maxHeapGrowth = 0;
    for await (const batch of server.services.paymentAdmin.batches(ctx, query)) {
      sizes.push(batch.length);
      maxHeapGrowth = Math.max(maxHeapGrowth, process.memoryUsage().heapUsed - heapBefore);
    }
    expect(sizes.reduce((s, n) => s + n, 0)).toBe(100_000);
    expect(sizes).toHaveLength(100_000 / EXPORT_BATCH_SIZE);
    expect(Math.max(...sizes)).toBe(EXPORT_BATCH_SIZE);

    // Over HTTP: chunked (no length known in advance), arriving in many pieces, every row once.
    const started = Date.now();
    const res = await staff.fetch(`${PAYMENT_EXPORT_PATH}?${new URLSearchParams(filter)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBeNull();
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let chunks = 0;
    let lines = 0;
    let rest = '';
    const ids = new Set<string>();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      const text = rest + decoder.decode(value, { stream: true });
      const parts = text.split('\n');
      rest = parts.pop()!;
      for (const line of parts) {
        lines++;
        ids.add(line.slice(line.lastIndexOf(';') + 1));
      }
    }
    if (rest) lines++;
    expect(lines).toBe(1 + 100_000);
    expect(ids.size).toBe(1 + 100_000);
    expect(chunks).toBeGreaterThan(10);
    console.info(
      `payment export: 100,000 rows in ${Date.now() - started} ms, ${chunks} chunks; ` +
        `service batches: ${sizes.length}, max heap growth while iterating ${Math.round(maxHeapGrowth / 1e6)} MB`,
    );
  }, 300_000);
});
