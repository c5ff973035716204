import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF, demoProviderEmail } from '../../seeders/demo-accounts.js';
import { ProviderUser } from '../providers/provider-user.entity.js';
import { Product, ProductStatus } from '../catalogue/product.entity.js';

const DASHBOARD = `{ adminDashboard { productsToReview providersToApprove approvedProducts providers clientGroups persons activeArrangements
  ordersWaiting ordersWaitingDays ordersWaitingPlacedUntil
  municipalities { municipalityId municipalityName activeArrangements budgetGrantedCents spentThisMonthCents ordersThisMonth } } }`;

describe('admin dashboard', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows live counts, and they follow the data', async () => {
    const c = server.client();
    await c.loginStaff(DEMO_STAFF[0]!.email, DEMO_PASSWORD);
    const before: any = (await c.gql(DASHBOARD)).data!.adminDashboard;
    expect(before.clientGroups).toBe(20);
    expect(before.providersToApprove).toBeGreaterThanOrEqual(1);
    expect(before.productsToReview).toBeGreaterThanOrEqual(1);
    expect(before.activeArrangements).toBeGreaterThanOrEqual(0);

    // Provider 1 submits its draft: it waits for a decision in Zuiderveen and Noorderhaven (one product to review).
    const em = server.orm.em.fork();
    const user = await em.findOneOrFail(ProviderUser, { email: demoProviderEmail(1) });
    const draft = await em.findOneOrFail(Product, { status: ProductStatus.DRAFT, provider: user.provider.id });
    const provider = server.client();
    await provider.loginProvider(demoProviderEmail(1), DEMO_PASSWORD);
    const submitted: any = await provider.gql(`mutation($id:ID!){ submitProduct(id:$id){ errors { message } } }`, {
      id: draft.id,
    });
    expect(submitted.data.submitProduct.errors).toEqual([]);
    const after: any = (await c.gql(DASHBOARD)).data!.adminDashboard;
    expect(after.productsToReview).toBe(before.productsToReview + 1);
  });

  it('counts only the municipalities in a staff member’s scope', async () => {
    const all = server.client();
    await all.loginStaff(DEMO_STAFF[0]!.email, DEMO_PASSWORD);
    const scoped = server.client();
    await scoped.loginStaff(DEMO_STAFF.find((s) => s.role === 'KLANTCONTACT')!.email, DEMO_PASSWORD);
    const a: any = (await all.gql(DASHBOARD)).data!.adminDashboard;
    const s: any = (await scoped.gql(DASHBOARD)).data!.adminDashboard;
    expect(s.clientGroups).toBeLessThan(a.clientGroups);
    expect(s.persons).toBeLessThan(a.persons);
  });

  it('counts placed orders waiting longer than the limit, and totals per municipality, within the scope', async () => {
    const all = server.client();
    await all.loginStaff(DEMO_STAFF[0]!.email, DEMO_PASSWORD);
    const scoped = server.client();
    await scoped.loginStaff(DEMO_STAFF.find((s) => s.role === 'KLANTCONTACT')!.email, DEMO_PASSWORD);
    const get = async (c: typeof all) => (await c.gql(DASHBOARD)).data!.adminDashboard as any;
    const first = await get(all);
    expect(first.ordersWaitingDays).toBe(3);
    const em = server.orm.em.fork();
    // A placed order in each municipality (the demo has none), placed on the day after the limit: not waiting yet.
    const recent = `${first.ordersWaitingPlacedUntil}T12:00:00Z`;
    const place = async (slug: string, key: string) => {
      const [row] = await em.execute<{ id: string }[]>(
        `with g as (select cg.id, cg.municipality_id from client_group cg join municipality mu on mu.id = cg.municipality_id
                     where mu.slug = ? order by cg.client_number limit 1),
              c as (insert into checkout (client_group_id, municipality_id, idempotency_key, total_cents, budget_cents, contribution_cents)
                    select g.id, g.municipality_id, ?, 1000, 1000, 0 from g returning id, client_group_id, municipality_id)
         insert into customer_order (checkout_id, client_group_id, provider_id, municipality_id, status, total_cents, budget_cents,
                                     contribution_cents, pickup_code, created_at)
         select c.id, c.client_group_id, (select id from provider order by name limit 1), c.municipality_id, 'PLACED', 1000, 1000, 0,
                ?, ?::timestamptz + interval '1 day' from c returning id`,
        [slug, key, key, recent],
      );
      return row!.id;
    };
    const zv = await place('zuiderveen', 'WAITZV01');
    const nh = await place('noorderhaven', 'WAITNH01');
    expect((await get(all)).ordersWaiting).toBe(0);
    // The last day of the limit still waits; one Zuiderveen order and one Noorderhaven order now wait.
    await em.execute(`update customer_order set created_at = ?::timestamptz where id in (?, ?)`, [recent, zv, nh]);
    const a = await get(all);
    const s = await get(scoped);
    expect(a.ordersWaiting).toBe(2);
    expect(s.ordersWaiting).toBe(1);

    // Totals: the scoped staff member sees only Zuiderveen, with the same figures as the Beheerder sees for it.
    expect(a.municipalities.map((m: any) => m.municipalityName).sort()).toEqual([
      'Gemeente Noorderhaven',
      'Gemeente Zuiderveen',
    ]);
    expect(s.municipalities).toHaveLength(1);
    const zvAll = a.municipalities.find((m: any) => m.municipalityName === 'Gemeente Zuiderveen');
    expect(s.municipalities[0]).toEqual(zvAll);
    expect(zvAll.activeArrangements).toBeGreaterThan(0);
    expect(zvAll.budgetGrantedCents).toBeGreaterThan(0);
  });
  it('shows budget use per arrangement from the ledger, month by month, within the scope', async () => {
    const BUDGET = `{ adminDashboard { budgetUse { arrangementId arrangementName municipalityName grantedCents spentCents
      expiredCents remainingCents months { month grantedCents spentCents expiredCents remainingCents } } } }`;
    const all = server.client();
    await all.loginStaff(DEMO_STAFF[0]!.email, DEMO_PASSWORD);
    const scoped = server.client();
    await scoped.loginStaff(DEMO_STAFF.find((s) => s.role === 'KLANTCONTACT')!.email, DEMO_PASSWORD);
    const a: any = await all.gql(BUDGET);
    expect(a.errors).toBeUndefined();
    const uses = a.data.adminDashboard.budgetUse as any[];
    expect(uses.length).toBeGreaterThanOrEqual(3);
    const em = server.orm.em.fork();
    for (const u of uses) {
      // Remaining is what the ledger holds on the arrangement's assignments; the months add up to the totals.
      const [{ balance }] = (await em.execute<{ balance: string }[]>(
        `select coalesce(sum(acc.balance_cents), 0) as balance from ledger_account acc
           join assignment s on s.id = acc.assignment_id where acc.kind = 'ASSIGNMENT' and s.arrangement_id = ?`,
        [u.arrangementId],
      )) as [{ balance: string }];
      expect(u.remainingCents, u.arrangementName).toBe(Number(balance));
      expect(u.grantedCents - u.spentCents - u.expiredCents).toBe(u.remainingCents);
      expect(u.months.length).toBeGreaterThan(0);
      expect(u.months.at(-1).remainingCents).toBe(u.remainingCents);
      expect(u.months.reduce((n: number, m: any) => n + m.grantedCents, 0)).toBe(u.grantedCents);
    }
    const s: any = await scoped.gql(BUDGET);
    const names = new Set((s.data.adminDashboard.budgetUse as any[]).map((u) => u.municipalityName));
    expect([...names]).toEqual(['Gemeente Zuiderveen']);
  });
});
