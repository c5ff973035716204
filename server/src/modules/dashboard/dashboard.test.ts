import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF, demoProviderEmail } from '../../seeders/demo-accounts.js';
import { ProviderUser } from '../providers/provider-user.entity.js';
import { Product, ProductStatus } from '../catalogue/product.entity.js';

const DASHBOARD = `{ adminDashboard { productsToReview providersToApprove approvedProducts providers clientGroups persons activeArrangements } }`;

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
});
