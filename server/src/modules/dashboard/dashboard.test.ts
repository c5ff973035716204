import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
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

    const em = server.orm.em.fork();
    const draft = await em.findOneOrFail(Product, { status: ProductStatus.DRAFT });
    draft.status = ProductStatus.SUBMITTED;
    await em.flush();
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
