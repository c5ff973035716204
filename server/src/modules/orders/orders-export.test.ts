import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF, demoProviderEmail } from '../../seeders/demo-accounts.js';
import { ORDERS_EXPORT_PATH } from './orders-export.routes.js';

const staffEmail = (role: string) => DEMO_STAFF.find((s) => s.role === role)!.email;

const LIST = `query($filter: AdminOrderFilter, $after: String) { adminOrders(filter: $filter, first: 100, after: $after) {
  totalCount edges { node { number } } pageInfo { hasNextPage endCursor } } }`;

describe('orders CSV export (/admin/bestellingen)', () => {
  let server: TestServer;
  let beheerder: TestClient;
  let scoped: TestClient;

  /** Every order number of the list with this filter, page by page. */
  const listed = async (client: TestClient, filter: Record<string, unknown>) => {
    const numbers: string[] = [];
    let after: string | null = null;
    for (;;) {
      const r: any = await client.gql(LIST, { filter, after });
      expect(r.errors).toBeUndefined();
      numbers.push(...r.data.adminOrders.edges.map((e: any) => e.node.number));
      if (!r.data.adminOrders.pageInfo.hasNextPage) return numbers;
      after = r.data.adminOrders.pageInfo.endCursor;
    }
  };
  const exported = async (client: TestClient, query: Record<string, string>) => {
    const res = await client.fetch(`${ORDERS_EXPORT_PATH}?${new URLSearchParams(query)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="?bestellingen-\d{4}-\d{2}-\d{2}\.csv"?$/,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    // UTF-8 with a byte-order mark, so a spreadsheet reads the accents right.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return parse(bytes.subarray(3).toString('utf8'), { delimiter: ';', columns: true }) as Record<string, string>[];
  };

  beforeAll(async () => {
    server = await startTestServer({ seed: true, demoActivity: true });
    beheerder = server.client();
    await beheerder.loginStaff(staffEmail('BEHEERDER'), DEMO_PASSWORD);
    scoped = server.client();
    await scoped.loginStaff(staffEmail('KLANTCONTACT'), DEMO_PASSWORD);
    // Enough orders for several batches of the stream: 2,400 delivered orders of one Zuiderveen household.
    await server.orm.em.fork().execute(
      `with g as (select cg.id, cg.municipality_id from client_group cg join municipality mu on mu.id = cg.municipality_id
                   where mu.slug = 'zuiderveen' order by cg.client_number limit 1),
            c as (insert into checkout (client_group_id, municipality_id, idempotency_key, total_cents, budget_cents, contribution_cents)
                  select g.id, g.municipality_id, 'EXPORTTEST', 1250, 1250, 0 from g returning id, client_group_id, municipality_id)
       insert into customer_order (checkout_id, client_group_id, provider_id, municipality_id, status, total_cents, budget_cents,
                                   contribution_cents, pickup_code, created_at)
       select c.id, c.client_group_id, (select id from provider order by name limit 1), c.municipality_id, 'DELIVERED',
              1250, 1000, 250, 'EXP' || lpad(i::text, 5, '0'), now() - make_interval(mins => i)
         from c, generate_series(1, 2400) i`,
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it('exports exactly the filtered list, streamed in batches, and audit-logs it', async () => {
    const all = await exported(beheerder, {});
    expect(all.length).toBe((await listed(beheerder, {})).length);
    expect(all.length).toBeGreaterThan(2400);
    expect(Object.keys(all[0]!)).toEqual([
      'Bestelnummer',
      'Besteld op',
      'Status',
      'Aanbieder',
      'Gemeente',
      'Klantnummer',
      'Levering',
      'Overdracht',
      'Totaal',
      'Uit tegoed',
      'Eigen bijdrage',
    ]);
    const test = all.find((r) => r.Totaal === '12,50' && r['Eigen bijdrage'] === '2,50')!;
    expect(test).toMatchObject({ Status: 'Geleverd', 'Uit tegoed': '10,00', Gemeente: 'Gemeente Zuiderveen' });
    // Inserted without a delivery step: delivered before the hand-over was recorded.
    expect(test).toMatchObject({ Levering: 'Afhalen aan de balie', Overdracht: 'Onbekend (vóór registratie)' });
    expect(all.filter((r) => r.Status !== 'Geleverd').every((r) => r.Overdracht === '')).toBe(true);
    // The demo's delivered orders were handed over at the counter, with the card or the code.
    expect(all.some((r) => r.Overdracht.startsWith('Afgegeven aan de balie met'))).toBe(true);
    expect(test['Besteld op']).toMatch(/^\d{2}-\d{2}-\d{4},? \d{2}:\d{2}$/);

    // The same filters as the list: status, and a scoped staff member sees only their municipality.
    const cancelled = await exported(beheerder, { status: 'CANCELLED' });
    expect(cancelled.map((r) => r.Bestelnummer)).toEqual(await listed(beheerder, { status: 'CANCELLED' }));
    expect(cancelled.length).toBeGreaterThan(0);
    const mine = await exported(scoped, { status: 'CANCELLED' });
    expect(mine.map((r) => r.Bestelnummer)).toEqual(await listed(scoped, { status: 'CANCELLED' }));
    expect(new Set(mine.map((r) => r.Gemeente))).toEqual(new Set(['Gemeente Zuiderveen']));
    const byNumber = await exported(beheerder, { search: all[5]!.Bestelnummer! });
    expect(byNumber.map((r) => r.Bestelnummer)).toEqual([all[5]!.Bestelnummer]);

    const audit = await server.orm.em
      .fork()
      .execute<{ actor_kind: string; details: { filter: Record<string, string> } }[]>(
        `select actor_kind, details from audit_log where action = 'orders.exported' order by id`,
      );
    expect(audit.length).toBe(4);
    expect(audit[1]).toMatchObject({ actor_kind: 'STAFF', details: { filter: { status: 'CANCELLED' } } });
  });

  it('refuses visitors, providers and bad filters', async () => {
    expect((await server.client().fetch(ORDERS_EXPORT_PATH)).status).toBe(401);
    const provider = server.client();
    await provider.loginProvider(demoProviderEmail(1), DEMO_PASSWORD);
    expect((await provider.fetch(ORDERS_EXPORT_PATH)).status).toBe(403);
    const bad = await beheerder.fetch(`${ORDERS_EXPORT_PATH}?from=gisteren`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/geldige begindatum/);
    expect((await beheerder.fetch(`${ORDERS_EXPORT_PATH}?status=KWIJT`)).status).toBe(400);
  });
});
