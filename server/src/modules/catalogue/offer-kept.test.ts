import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF, demoProviderEmail } from '../../seeders/demo-accounts.js';
import { demoResidents } from '../../seeders/demo-data.js';
import { Municipality } from '../municipalities/municipality.entity.js';
import { ProviderUser } from '../providers/provider-user.entity.js';
import { Category } from './category.entity.js';
import { catalogueCacheProcess } from './catalogue-cache.js';
import { inOffer } from './product-approval.js';

/**
 * "In the offer" is kept in `product.offer_municipalities` by triggers (migration 20261129040000): every change that
 * moves a product in or out of an offer — a decision, a membership approved, withdrawn or ended by the municipality, a
 * product archived, a municipality leaving — shows in the next listing, and already inside the transaction that made
 * it. After every step the column equals the rule written out the old way (two nested EXISTS, below), for every
 * product. Over real HTTP against the demo data, with the response cache off: every listing goes to PostgreSQL.
 */

const OFFER = `query($search:String){ products(first:100, filter:{search:$search}){ totalCount edges { node { id } } } }`;
const PUBLIC = `query($id:ID!){ product(id:$id){ id } }`;
const SITEMAP = `{ sitemap { products { path } } }`;
const CATEGORY_COUNT = `query($id:ID!){ category(id:$id){ productCount } }`;
const CREATE = `mutation($input: ProductInput!){ createProduct(input:$input){ errors { message } product { id } } }`;
const SUBMIT = `mutation($id:ID!){ submitProduct(id:$id){ errors { code message } product { id status } } }`;
const APPROVE = `mutation($id:ID!,$m:[ID!]){ approveProduct(id:$id, municipalityIds:$m){ errors { message } product { status } } }`;
const ARCHIVE = `mutation($id:ID!){ archiveProduct(id:$id){ errors { message } product { status } } }`;
const WITHDRAW = `mutation($m:ID!){ withdrawMembership(municipalityId:$m){ membership { status } errors { message } } }`;

/** The rule as it was written before the column (product-approval.ts, issue 26): the oracle. */
const OLD_RULE = `p.status = 'APPROVED' and exists (
  select 1 from product_approval pa where pa.product_id = p.id and pa.status = 'APPROVED' and exists (
    select 1 from provider_membership pm where pm.provider_id = p.provider_id
       and pm.municipality_id = pa.municipality_id and pm.status = 'APPROVED'))`;

/** Products whose column differs from the old rule, per municipality (none: the column is right for all). */
async function drift(em: EntityManager): Promise<unknown[]> {
  return em.execute(
    `select p.id, p.title, m.slug,
            ${OLD_RULE.replaceAll('pa.product_id = p.id', 'pa.product_id = p.id and pa.municipality_id = m.id')} as rule,
            p.offer_municipalities @> array[m.id] as kept
       from product p cross join municipality m
      where (${OLD_RULE.replaceAll('pa.product_id = p.id', 'pa.product_id = p.id and pa.municipality_id = m.id')})
            is distinct from (p.offer_municipalities @> array[m.id])`,
  );
}

describe('what "in the offer" means, kept in the same transaction as every change', () => {
  let server: TestServer;
  let zuiderveen: Municipality;
  let noorderhaven: Municipality;
  let categoryId: string;
  let admin: TestClient;
  let provider1: TestClient;
  let provider2: TestClient;
  let residentZ: TestClient;
  let residentN: TestClient;
  let visitor: TestClient;
  let product: { id: string; title: string };
  let provider1Id: string;

  const listed = async (c: TestClient, search?: string): Promise<string[]> => {
    const r: any = await c.gql(OFFER, { search });
    expect(r.errors).toBeUndefined();
    return r.data.products.edges.map((e: any) => e.node.id);
  };
  const total = async (c: TestClient): Promise<number> => ((await c.gql(OFFER, {})) as any).data.products.totalCount;
  /** Where the product shows: the visitor's and each resident's search, the product page, the sitemap. */
  const seenBy = async (id: string, title: string) => ({
    visitor: (await listed(visitor, title)).includes(id),
    zuiderveen: (await listed(residentZ, title)).includes(id),
    noorderhaven: (await listed(residentN, title)).includes(id),
    page: ((await visitor.gql(PUBLIC, { id })) as any).data.product?.id === id,
    sitemap: ((await visitor.gql(SITEMAP)) as any).data.sitemap.products.some((p: any) => p.path.includes(id)),
  });
  const nowhere = { visitor: false, zuiderveen: false, noorderhaven: false, page: false, sitemap: false };
  /** The offer of `municipality` (null: anywhere) as a query of `em` sees it: inside a transaction, before commit. */
  const offerIn = async (em: EntityManager, municipality: string | null): Promise<string[]> => {
    const c = inOffer(municipality);
    return (await em.execute<{ id: string }[]>(`select p.id from product p where ${c.sql}`, c.params)).map((r) => r.id);
  };

  beforeAll(async () => {
    catalogueCacheProcess.enabled = false;
    server = await startTestServer({ seed: true });
    const em = server.orm.em.fork();
    zuiderveen = await em.findOneOrFail(Municipality, { slug: 'zuiderveen' });
    noorderhaven = await em.findOneOrFail(Municipality, { slug: 'noorderhaven' });
    categoryId = (await em.findOneOrFail(Category, { slug: 'sport-en-bewegen' })).id;
    provider1Id = (await em.findOneOrFail(ProviderUser, { email: demoProviderEmail(1) })).provider.id;
    admin = server.client();
    await admin.loginStaff(DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!.email, DEMO_PASSWORD);
    provider1 = server.client();
    await provider1.loginProvider(demoProviderEmail(1), DEMO_PASSWORD);
    provider2 = server.client();
    await provider2.loginProvider(demoProviderEmail(2), DEMO_PASSWORD);
    const residents = demoResidents(new Date()); // names and BSNs are the same on any day
    residentZ = server.client();
    await residentZ.loginWithDigid(residents.find((r) => r.municipality === 'zuiderveen' && r.adult)!.bsn);
    residentN = server.client();
    await residentN.loginWithDigid(residents.find((r) => r.municipality === 'noorderhaven' && r.adult)!.bsn);
    visitor = server.client();
    expect(await drift(server.orm.em.fork())).toEqual([]);
    // The demo's template database is made once per set of migrations: the first run after a new one seeds it.
  }, 300_000);
  afterAll(async () => {
    catalogueCacheProcess.enabled = true;
    await server?.close();
  });

  it('a submitted product enters each municipality’s offer with that municipality’s approval', async () => {
    const title = `Boogschieten ${randomUUID().slice(0, 8)}`;
    const created: any = await provider1.gql(CREATE, {
      input: {
        title,
        description: 'Een product om het aanbod per gemeente te volgen.',
        priceCents: 1250,
        categoryId,
        availability: 'AVAILABLE',
        redemptionMethod: 'PICKUP',
      },
    });
    product = { id: created.data.createProduct.product.id, title };
    expect(((await provider1.gql(SUBMIT, { id: product.id })) as any).data.submitProduct.errors).toEqual([]);
    expect(await seenBy(product.id, title)).toEqual(nowhere);
    const countBefore = ((await visitor.gql(CATEGORY_COUNT, { id: categoryId })) as any).data.category.productCount;

    const approved: any = await admin.gql(APPROVE, { id: product.id, m: [zuiderveen.id] });
    expect(approved.data.approveProduct.errors).toEqual([]);
    expect(await seenBy(product.id, title)).toEqual({
      ...nowhere,
      visitor: true,
      zuiderveen: true,
      page: true,
      sitemap: true,
    });
    expect(((await visitor.gql(CATEGORY_COUNT, { id: categoryId })) as any).data.category.productCount).toBe(
      countBefore + 1,
    );
    await admin.gql(APPROVE, { id: product.id, m: [noorderhaven.id] });
    expect(await seenBy(product.id, title)).toEqual({
      visitor: true,
      zuiderveen: true,
      noorderhaven: true,
      page: true,
      sitemap: true,
    });
    expect(await drift(server.orm.em.fork())).toEqual([]);
  });

  it('a municipality that ends the provider’s membership takes the products out of its offer, in that transaction', async () => {
    await server.orm.em.fork().transactional(async (em) => {
      await em.execute(
        `update provider_membership set status = 'REJECTED', reason = 'Geblokkeerd' where provider_id = ? and municipality_id = ?`,
        [provider1Id, noorderhaven.id],
      );
      // Before commit: this transaction's own queries already read the new offer.
      expect(await offerIn(em as EntityManager, noorderhaven.id)).not.toContain(product.id);
      expect(await offerIn(em as EntityManager, zuiderveen.id)).toContain(product.id);
      expect(await drift(em as EntityManager)).toEqual([]);
      // And nobody else sees it before the commit.
      expect(await listed(residentN, product.title)).toContain(product.id);
    });
    expect(await seenBy(product.id, product.title)).toEqual({
      visitor: true,
      zuiderveen: true,
      noorderhaven: false,
      page: true,
      sitemap: true,
    });
  });

  it('a provider that withdraws from a municipality leaves its offer; from its last one, the shop window', async () => {
    const visitorTotal = await total(visitor);
    const provider1InZ = (await offerIn(server.orm.em.fork(), zuiderveen.id)).length;
    const withdrawn: any = await provider1.gql(WITHDRAW, { m: zuiderveen.id });
    expect(withdrawn.data.withdrawMembership.errors).toEqual([]);
    expect(await seenBy(product.id, product.title)).toEqual(nowhere);
    // Every product of provider 1 left with it (it is an approved member nowhere now).
    const left = provider1InZ - (await offerIn(server.orm.em.fork(), zuiderveen.id)).length;
    expect(left).toBeGreaterThan(1);
    expect(await total(visitor)).toBe(visitorTotal - left);
    expect(await drift(server.orm.em.fork())).toEqual([]);
  });

  it('an archived product leaves every offer', async () => {
    const em = server.orm.em.fork();
    const provider2Id = (await em.findOneOrFail(ProviderUser, { email: demoProviderEmail(2) })).provider.id;
    const [one] = await em.execute<{ id: string; title: string }[]>(
      `select p.id, p.title from product p where p.provider_id = ? and p.offer_municipalities <> '{}' order by p.title limit 1`,
      [provider2Id],
    );
    expect(one).toBeDefined();
    expect((await listed(visitor, one!.title)).includes(one!.id)).toBe(true);
    const archived: any = await provider2.gql(ARCHIVE, { id: one!.id });
    expect(archived.data.archiveProduct.errors).toEqual([]);
    expect(await seenBy(one!.id, one!.title)).toEqual(nowhere);
    expect(await drift(server.orm.em.fork())).toEqual([]);
  });

  it('a municipality that leaves the platform empties its residents’ offer, in that transaction', async () => {
    expect(await total(residentN)).toBeGreaterThan(0);
    const zuiderveenTotal = await total(residentZ);
    await server.orm.em.fork().transactional(async (em) => {
      await em.execute(`delete from product_approval where municipality_id = ?`, [noorderhaven.id]);
      await em.execute(`delete from provider_membership where municipality_id = ?`, [noorderhaven.id]);
      expect(await offerIn(em as EntityManager, noorderhaven.id)).toEqual([]);
      expect(await drift(em as EntityManager)).toEqual([]);
    });
    expect(await total(residentN)).toBe(0);
    expect(await total(residentZ)).toBe(zuiderveenTotal);
    expect(await drift(server.orm.em.fork())).toEqual([]);
  });

  it('stays right when a decision and the end of the membership it depends on happen at the same moment', async () => {
    const em = server.orm.em.fork();
    const provider2Id = (await em.findOneOrFail(ProviderUser, { email: demoProviderEmail(2) })).provider.id;
    const inZ = await em.execute<{ id: string }[]>(
      `select p.id from product p where p.provider_id = ? and p.offer_municipalities @> array[?::uuid]`,
      [provider2Id, zuiderveen.id],
    );
    expect(inZ.length).toBeGreaterThan(0);
    // One transaction ends provider 2's Zuiderveen membership, the other approves (again) its decisions there: in
    // either order, the products are in Zuiderveen's offer exactly when the rule says so.
    await Promise.all([
      server.orm.em.fork().transactional(async (tx) => {
        await tx.execute(
          `update provider_membership set status = 'WITHDRAWN' where provider_id = ? and municipality_id = ?`,
          [provider2Id, zuiderveen.id],
        );
        await tx.execute(`select pg_sleep(0.2)`);
      }),
      server.orm.em.fork().transactional(async (tx) => {
        await tx.execute(
          `update product_approval set status = 'APPROVED', updated_at = now()
            where municipality_id = ? and product_id = any(?::uuid[])`,
          [zuiderveen.id, `{${inZ.map((r) => r.id).join(',')}}`],
        );
        await tx.execute(`select pg_sleep(0.2)`);
      }),
    ]);
    expect(await drift(server.orm.em.fork())).toEqual([]);
    const after = await listed(residentZ);
    for (const { id } of inZ) expect(after).not.toContain(id);
  });
});
