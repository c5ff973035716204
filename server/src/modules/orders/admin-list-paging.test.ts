import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { COUNT_CAP } from '../../graphql/pagination.js';

const staffEmail = (role: string) => DEMO_STAFF.find((s) => s.role === role)!.email;

const ORDERS = `query($filter: AdminOrderFilter, $first: Int, $after: String) {
  adminOrders(filter: $filter, first: $first, after: $after) {
    totalCount totalCountCapped pageInfo { hasNextPage endCursor } edges { node { id createdAt } } } }`;
const GROUPS = `query($q: String, $first: Int, $after: String) {
  clientGroups(filter: { search: $q }, first: $first, after: $after) {
    totalCount totalCountCapped pageInfo { hasNextPage endCursor } edges { node { id name } } } }`;
const AUDIT = `query($filter: AuditLogFilter, $first: Int, $after: String) {
  auditLog(filter: $filter, first: $first, after: $after) {
    totalCount totalCountCapped pageInfo { hasNextPage endCursor } edges { node { id at } } } }`;
const PAYMENTS = `query($filter: PaymentRecordFilter, $first: Int, $after: String) {
  adminPayments(filter: $filter, first: $first, after: $after) {
    totalCount totalCountCapped pageInfo { hasNextPage endCursor } edges { node { id createdAt } } } }`;

/**
 * Keyset paging of the large admin lists at depth: rows with equal sort keys (many orders, payments and audit rows at
 * the same instant, households of the same name) are paged through with small pages, following each page's
 * endCursor, while rows are added in front of the list; every row comes exactly once, in the list's order. And the
 * capped count: beyond COUNT_CAP the list says so instead of counting everything.
 */
describe('admin lists: keyset paging at depth and the capped count', () => {
  let server: TestServer;
  let klantcontact: TestClient;
  let beheerder: TestClient;
  let municipalityId: string;
  let providerId: string;
  let groupIds: string[];

  beforeAll(async () => {
    server = await startTestServer({ seed: true, env: { JOBS_WORKER: 'false' } });
    klantcontact = server.client();
    await klantcontact.loginStaff(staffEmail('KLANTCONTACT'), DEMO_PASSWORD);
    beheerder = server.client();
    await beheerder.loginStaff(staffEmail('BEHEERDER'), DEMO_PASSWORD);
    const em = server.orm.em.fork();
    [{ municipality_id: municipalityId }] = await em.execute<{ municipality_id: string }[]>(
      `select m.municipality_id from admin_account_municipality m join admin_account a on a.id = m.admin_account_id
        where lower(a.email) = lower(?)`,
      [staffEmail('KLANTCONTACT')],
    );
    [{ id: providerId }] = await em.execute<{ id: string }[]>(
      `insert into provider (name, slug, kvk_number, iban, email, city)
       values ('Gelijktijdig BV', 'gelijktijdig', '87654321', 'NL91ABNA0417164300', 'gelijk@example.org', 'Zuiderveen')
       returning id`,
    );
    // 60 households all named "Huishouden Gelijknaam" (equal sort key: only the id tells them apart).
    groupIds = (
      await em.execute<{ id: string }[]>(
        `insert into client_group (municipality_id, client_number, name)
         select ?, 'GL-' || lpad(i::text, 4, '0'), 'Huishouden Gelijknaam' from generate_series(1, 60) i returning id`,
        [municipalityId],
      )
    ).map((r) => r.id);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  /** `count` orders (each with its checkout) of the provider, `perInstant` of them at each instant. */
  async function orders(count: number, perInstant: number, at: string): Promise<void> {
    await server.orm.em.fork().execute(
      `with c as (
         insert into checkout (client_group_id, municipality_id, idempotency_key, total_cents, budget_cents, contribution_cents, created_at)
         select ?, ?, 'gelijk-' || gen_random_uuid(), 1000, 1000, 0,
                ?::timestamptz - make_interval(secs => (i / ?)::int) from generate_series(0, ? - 1) i
         returning id, created_at)
       insert into customer_order (checkout_id, client_group_id, provider_id, municipality_id, status, total_cents,
                                   budget_cents, contribution_cents, pickup_code, created_at)
       select c.id, ?, ?, ?, 'PLACED', 1000, 1000, 0, upper(substr(md5(c.id::text), 1, 8)), c.created_at from c`,
      [groupIds[0], municipalityId, at, perInstant, count, groupIds[0], providerId, municipalityId],
    );
  }

  /** Every page of a list after the previous page's endCursor: the ids in order, and the pages' counts. */
  async function all(
    client: TestClient,
    query: string,
    field: string,
    variables: Record<string, unknown>,
    first: number,
    between?: (page: number) => Promise<void>,
  ): Promise<{ ids: string[]; nodes: Record<string, string>[]; counts: [number, boolean][] }> {
    const nodes: Record<string, string>[] = [];
    const counts: [number, boolean][] = [];
    let after: string | null = null;
    for (let page = 0; page < 500; page++) {
      const r: { data?: Record<string, any> | null; errors?: unknown } = await client.gql(query, {
        ...variables,
        first,
        after,
      });
      expect(r.errors).toBeUndefined();
      const c: {
        edges: { node: Record<string, string> }[];
        totalCount: number;
        totalCountCapped: boolean;
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
      } = r.data![field];
      nodes.push(...c.edges.map((e) => e.node));
      counts.push([c.totalCount, c.totalCountCapped]);
      await between?.(page);
      if (!c.pageInfo.hasNextPage) break;
      after = c.pageInfo.endCursor;
    }
    return { ids: nodes.map((n) => n.id!), nodes, counts };
  }

  it('pages through orders with equal creation times: each exactly once, newest first, also while orders are added', async () => {
    await orders(150, 25, '2026-03-01T10:00:00Z');
    const expected = await server.orm.em
      .fork()
      .execute<{ id: string }[]>(
        `select id from customer_order where provider_id = ? order by created_at desc, id desc`,
        [providerId],
      );
    expect(expected).toHaveLength(150);
    // New orders arrive in front of the list while it is being read: the pages already read do not shift.
    const { ids, counts } = await all(klantcontact, ORDERS, 'adminOrders', { filter: { providerId } }, 7, (page) =>
      page === 3 ? orders(5, 5, '2026-03-02T10:00:00Z') : Promise.resolve(),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expected.map((r) => r.id));
    expect(counts[0]).toEqual([150, false]);
  });

  it('pages through households of the same name, in the plain list and in a search, each exactly once', async () => {
    const search = await all(klantcontact, GROUPS, 'clientGroups', { q: 'Gelijknaam' }, 7);
    expect(new Set(search.ids).size).toBe(60);
    expect([...search.ids].sort()).toEqual([...groupIds].sort());
    // The same order as the database's (name, id): the id decides between equal names.
    expect(search.ids).toEqual([...groupIds].sort());
    expect(search.counts[0]).toEqual([60, false]);

    const plain = await all(klantcontact, GROUPS, 'clientGroups', { q: null }, 9);
    expect(new Set(plain.ids).size).toBe(plain.ids.length);
    const [{ n }] = await server.orm.em
      .fork()
      .execute<{ n: number }[]>(`select count(*)::int as n from client_group where municipality_id = ?`, [
        municipalityId,
      ]);
    expect(plain.ids).toHaveLength(n);
    const ours = plain.ids.filter((id) => groupIds.includes(id));
    expect(ours).toEqual([...groupIds].sort());
  });

  it('pages through audit rows and payments of the same instant, each exactly once', async () => {
    const em = server.orm.em.fork();
    await em.execute(
      `insert into audit_log (at, actor_kind, action, details)
       select '2026-02-01T08:00:00Z'::timestamptz + make_interval(secs => (i / 20)::int), 'SYSTEM', 'paging.same_instant', '{}'
         from generate_series(0, 79) i`,
    );
    const audit = await all(beheerder, AUDIT, 'auditLog', { filter: { action: 'paging.same_instant' } }, 6);
    expect(audit.ids).toHaveLength(80);
    expect(new Set(audit.ids).size).toBe(80);
    const expectedAudit = await em.execute<{ id: string }[]>(
      `select id::text as id from audit_log where action = 'paging.same_instant' order by at desc, id desc`,
    );
    expect(audit.ids).toEqual(expectedAudit.map((r) => r.id));

    await em.execute(
      `with c as (
         insert into checkout (client_group_id, municipality_id, idempotency_key, total_cents, budget_cents, contribution_cents, created_at)
         select ?, ?, 'gelijk-pay-' || i, 777, 0, 777, '2026-01-15T12:00:00Z'::timestamptz from generate_series(1, 45) i
         returning id, created_at, municipality_id)
       insert into payment (checkout_id, municipality_id, provider, external_id, amount_cents, status, created_at)
       select id, municipality_id, 'simulator', 'sim_same_' || id, 777, 'OPEN', created_at from c`,
      [groupIds[1], municipalityId],
    );
    const filter = { from: '2026-01-15', to: '2026-01-15', minCents: 777, maxCents: 777 };
    const payments = await all(beheerder, PAYMENTS, 'adminPayments', { filter }, 4);
    expect(payments.ids).toHaveLength(45);
    expect(new Set(payments.ids).size).toBe(45);
    expect(payments.counts[0]).toEqual([45, false]);
  });

  it(`counts up to ${COUNT_CAP} and then says "more than" (totalCountCapped), while the pages go on`, async () => {
    await orders(COUNT_CAP + 20, 1, '2025-06-01T10:00:00Z');
    const r = await klantcontact.gql(ORDERS, { filter: { providerId }, first: 100 });
    expect(r.data!.adminOrders.totalCount).toBe(COUNT_CAP);
    expect(r.data!.adminOrders.totalCountCapped).toBe(true);
    const few = await klantcontact.gql(ORDERS, { filter: { providerId, from: '2026-03-02', to: '2026-03-02' } });
    expect(few.data!.adminOrders).toMatchObject({ totalCount: 5, totalCountCapped: false });
    // The last page is reached by following cursors: 1,175 orders in pages of 100.
    const { ids } = await all(klantcontact, ORDERS, 'adminOrders', { filter: { providerId } }, 100);
    expect(ids).toHaveLength(150 + 5 + COUNT_CAP + 20);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
