import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF, demoProviderEmail } from '../../seeders/demo-accounts.js';
import { demoResidents } from '../../seeders/demo-data.js';
import { Category } from './category.entity.js';

/**
 * The response cache of the anonymous public offer (catalogue-cache.ts), with two instances of the application on
 * one database, over real HTTP: a listing cached on both instances shows an approval, an archived product, a
 * withdrawn membership and a provider blocked straight in the database AT ONCE on both — never a stale page — and a
 * logged-in resident is never served from the anonymous cache.
 */

const OFFER = `query($search:String,$first:Int){ products(first:$first, filter:{search:$search}){ totalCount edges { node { id title provider { name } } } } }`;
const CREATE = `mutation($input: ProductInput!){ createProduct(input:$input){ errors { message } product { id } } }`;
const SUBMIT = `mutation($id:ID!){ submitProduct(id:$id){ errors { code message } product { id status } } }`;
const APPROVE = `mutation($id:ID!){ approveProduct(id:$id){ errors { message } product { id status } } }`;
const ARCHIVE = `mutation($id:ID!){ archiveProduct(id:$id){ errors { message } product { id status } } }`;
const WITHDRAW = `mutation($m:ID!){ withdrawMembership(municipalityId:$m){ membership { status } errors { message } } }`;

describe('the anonymous offer’s response cache, on two instances', () => {
  let a: TestServer;
  let b: TestServer;
  let visitorA: TestClient;
  let visitorB: TestClient;
  let categoryId: string;

  /** The offer as one client sees it, with the instance's answer from the cache or not. */
  async function offer(client: TestClient, search: string | null = null, first = 100) {
    const res = await client.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: OFFER, variables: { search, first } }),
    });
    const body = (await res.json()) as any;
    expect(body.errors).toBeUndefined();
    return {
      ids: body.data.products.edges.map((e: any) => e.node.id) as string[],
      titles: body.data.products.edges.map((e: any) => e.node.title) as string[],
      totalCount: body.data.products.totalCount as number,
      cache: res.headers.get('x-catalogue-cache'),
    };
  }

  beforeAll(async () => {
    a = await startTestServer({ seed: true });
    b = await startTestServer({ sameDatabaseAs: a });
    visitorA = a.client();
    visitorB = b.client();
    categoryId = (await a.orm.em.fork().findOneOrFail(Category, { slug: 'sport-en-bewegen' })).id;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('serves a repeated anonymous listing from the cache, and shows an approval and an archived product at once on both instances', async () => {
    const provider = b.client();
    await provider.loginProvider(demoProviderEmail(1), DEMO_PASSWORD);
    const reviewer = a.client();
    await reviewer.loginStaff(DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!.email, DEMO_PASSWORD);
    const title = `Klimles cachetest ${randomUUID().slice(0, 6)}`;
    const created: any = await provider.gql(CREATE, {
      input: {
        title,
        description: 'Een product om de cache van het aanbod te testen.',
        priceCents: 1250,
        categoryId,
        availability: 'AVAILABLE',
        redemptionMethod: 'PICKUP',
      },
    });
    const id = created.data.createProduct.product.id as string;
    expect(((await provider.gql(SUBMIT, { id })) as any).data.submitProduct.errors).toEqual([]);

    // Both instances cache the listing (and a search) without the new product.
    for (const visitor of [visitorA, visitorB]) {
      const first = await offer(visitor);
      expect(first.ids).not.toContain(id);
      const again = await offer(visitor);
      expect(again.cache).toBe('hit');
      expect(again.ids).toEqual(first.ids);
      await offer(visitor, 'klimles cachetest');
      expect((await offer(visitor, 'klimles cachetest')).cache).toBe('hit');
    }
    const before = await offer(visitorB);

    // Approved on instance A: in the offer at once, on A and on B (no waiting, no retry).
    expect(((await reviewer.gql(APPROVE, { id })) as any).data.approveProduct.errors).toEqual([]);
    for (const visitor of [visitorB, visitorA]) {
      const now = await offer(visitor);
      expect(now.cache).toBe('miss');
      expect(now.ids).toContain(id);
      expect(now.totalCount).toBe(before.totalCount + 1);
      expect((await offer(visitor, 'klimles cachetest')).ids).toContain(id);
      expect((await offer(visitor)).cache).toBe('hit');
    }

    // Archived by its provider on instance B: gone at once on both.
    expect(((await provider.gql(ARCHIVE, { id })) as any).data.archiveProduct.errors).toEqual([]);
    for (const visitor of [visitorA, visitorB]) {
      const now = await offer(visitor);
      expect(now.ids).not.toContain(id);
      expect(now.totalCount).toBe(before.totalCount);
      expect((await offer(visitor, 'klimles cachetest')).ids).not.toContain(id);
    }
  });

  it('drops a withdrawn provider’s and a blocked provider’s products at once on both instances', async () => {
    // Provider 2's musical class is approved in Noorderhaven only (demo data): withdrawing from Noorderhaven takes
    // it out of the regional shop window.
    const musical = 'Musicalklas voor tieners';
    for (const visitor of [visitorA, visitorB]) {
      await offer(visitor, musical, 10);
      const cached = await offer(visitor, musical, 10);
      expect(cached.cache).toBe('hit');
      expect(cached.titles).toContain(musical);
    }
    const provider2 = a.client();
    await provider2.loginProvider(demoProviderEmail(2), DEMO_PASSWORD);
    const [{ id: noorderhaven }] = await a.orm.em
      .fork()
      .execute<{ id: string }[]>(`select id from municipality where slug = 'noorderhaven'`);
    const withdrawn: any = await provider2.gql(WITHDRAW, { m: noorderhaven });
    expect(withdrawn.data.withdrawMembership.errors).toEqual([]);
    for (const visitor of [visitorB, visitorA])
      expect((await offer(visitor, musical, 10)).titles).not.toContain(musical);

    // A provider blocked by any means — here straight in the database, outside the application — is gone at once too.
    const listed = await offer(visitorA);
    const [victim] = listed.ids;
    const [{ provider_id: blocked }] = await a.orm.em
      .fork()
      .execute<{ provider_id: string }[]>(`select provider_id from product where id = ?`, [victim]);
    expect((await offer(visitorB)).ids).toContain(victim);
    await b.orm.em
      .fork()
      .execute(`update provider_membership set status = 'WITHDRAWN' where provider_id = ? and status = 'APPROVED'`, [
        blocked,
      ]);
    for (const visitor of [visitorA, visitorB]) expect((await offer(visitor)).ids).not.toContain(victim);
  });

  it('answers identical requests arriving together with one execution', async () => {
    await a.orm.em.fork().execute('update catalogue_version set version = version + 1'); // an empty cache
    a.queries.length = 0;
    const answers = await Promise.all(Array.from({ length: 8 }, () => offer(a.client(), 'zwemles', 7)));
    expect(new Set(answers.map((r) => JSON.stringify(r.ids))).size).toBe(1);
    expect(answers.filter((r) => r.cache === 'miss').length).toBeGreaterThanOrEqual(1);
    const pages = a.queries.filter((q) => q.includes('p.id, p.provider_id, p.category_id')).length;
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pages).toBeLessThan(8);
  });

  it('never serves a logged-in resident from the anonymous cache', async () => {
    const resident = a.client();
    const residents = demoResidents(new Date());
    await resident.loginWithDigid(residents.find((r) => r.municipality === 'zuiderveen' && r.adult)!.bsn);
    await offer(visitorA);
    expect((await offer(visitorA)).cache).toBe('hit');
    // An anonymous visitor with some cookie (not a session) is served from the cache too, through Apollo.
    const withCookie = a.client();
    withCookie.cookies.set('voorkeur', 'compact');
    expect((await offer(withCookie)).cache).toBe('hit');
    const theirs = await offer(resident);
    expect(theirs.cache).toBeNull();
    expect((await offer(resident)).cache).toBeNull();
    // Their own municipality's offer, with what their arrangements pay for (null for a visitor).
    const payable: any = await resident.gql(`{ products(first: 5) { edges { node { payableWith } } } }`);
    expect(payable.data.products.edges[0].node.payableWith).toEqual(expect.any(Array));
    const anonymous: any = await visitorA.gql(`{ products(first: 5) { edges { node { payableWith } } } }`);
    expect(anonymous.data.products.edges[0].node.payableWith).toBeNull();
  });
});
