import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';
import { catalogueCacheProcess } from './catalogue-cache.js';
import { Product, ProductStatus } from './product.entity.js';
import { ProviderMembership, MembershipStatus } from '../providers/provider-membership.entity.js';

const OFFER = `query($first:Int,$after:String,$search:String,$categoryId:ID,$providerId:ID,$sort:ProductSort){
  products(first:$first, after:$after, filter:{search:$search, categoryId:$categoryId, providerId:$providerId, sort:$sort}){
    totalCount pageInfo { hasNextPage endCursor }
    edges { cursor node { id title priceCents createdAt provider { id name } category { id } images { id thumbnailUrl } } }
  }
}`;

describe('the public offer: sorting, the provider filter and keyset paging', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    // Ties on price across pages: give several products the same price, so paging must use the id tie-break.
    const em = server.orm.em.fork();
    await em.execute(
      `update product set price_cents = 4500 where id in (select id from product where status = 'APPROVED' order by id limit 8)`,
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  async function publicIds(): Promise<Set<string>> {
    const em = server.orm.em.fork();
    const approvedProviders = new Set(
      (await em.find(ProviderMembership, { status: MembershipStatus.APPROVED })).map((m) => m.provider.id),
    );
    const products = await em.find(Product, { status: ProductStatus.APPROVED });
    return new Set(products.filter((p) => approvedProviders.has(p.provider.id)).map((p) => p.id));
  }

  async function all(variables: Record<string, unknown>, pageSize = 4) {
    const c = server.client();
    const nodes: any[] = [];
    let after: string | null = null;
    let total = -1;
    let pages = 0;
    do {
      const r: any = await c.gql(OFFER, { ...variables, first: pageSize, after });
      expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
      total = r.data.products.totalCount;
      nodes.push(...r.data.products.edges.map((e: any) => e.node));
      after = r.data.products.pageInfo.hasNextPage ? r.data.products.pageInfo.endCursor : null;
      expect(++pages).toBeLessThan(100);
    } while (after);
    return { nodes, total };
  }

  it('pages through every sort order without gaps or repeats, in the right order', async () => {
    const expected = await publicIds();
    const checks: [string, (a: any, b: any) => boolean][] = [
      ['NEWEST', (a, b) => Date.parse(a.createdAt) >= Date.parse(b.createdAt)],
      ['PRICE_ASC', (a, b) => a.priceCents < b.priceCents || (a.priceCents === b.priceCents && a.id < b.id)],
      ['PRICE_DESC', (a, b) => a.priceCents > b.priceCents || (a.priceCents === b.priceCents && a.id > b.id)],
      ['RELEVANCE', (a, b) => Date.parse(a.createdAt) >= Date.parse(b.createdAt)],
    ];
    for (const [sort, inOrder] of checks) {
      const { nodes, total } = await all({ sort });
      const ids = nodes.map((n) => n.id);
      expect(new Set(ids).size, sort).toBe(ids.length);
      expect(new Set(ids), sort).toEqual(expected);
      expect(total, sort).toBe(expected.size);
      for (let i = 1; i < nodes.length; i++) expect(inOrder(nodes[i - 1], nodes[i]), `${sort} at ${i}`).toBe(true);
    }
  });

  it('sorts a search by relevance by default, and by price when asked, paging correctly in both', async () => {
    const relevance = await all({ search: 'zwemles' }, 2);
    expect(relevance.nodes.length).toBeGreaterThan(2);
    expect(relevance.nodes[0].title).toMatch(/Zwemles/i);
    const byPrice = await all({ search: 'zwemles', sort: 'PRICE_ASC' }, 2);
    expect(new Set(byPrice.nodes.map((n) => n.id))).toEqual(new Set(relevance.nodes.map((n) => n.id)));
    const prices = byPrice.nodes.map((n) => n.priceCents);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    const desc = await all({ search: 'fiets', sort: 'PRICE_DESC' }, 3);
    const descPrices = desc.nodes.map((n) => n.priceCents);
    expect([...descPrices].sort((a, b) => b - a)).toEqual(descPrices);
  });

  it('filters by provider (combined with category and sort), and lists the providers of the offer', async () => {
    const providers: any = await server.client().gql(`{ offerProviders { id name } }`);
    const list = providers.data.offerProviders;
    expect(list.length).toBe(5); // provider 6 is still pending
    expect(list.map((p: any) => p.name)).toEqual(
      [...list.map((p: any) => p.name)].sort((a: string, b: string) => a.localeCompare(b, 'nl')),
    );
    const target = list[0];
    const { nodes, total } = await all({ providerId: target.id, sort: 'PRICE_ASC' }, 3);
    expect(total).toBeGreaterThan(0);
    expect(nodes).toHaveLength(total);
    for (const n of nodes) expect(n.provider.id).toBe(target.id);
    const category = nodes[0].category.id;
    const both = await all({ providerId: target.id, categoryId: category });
    for (const n of both.nodes) expect([n.provider.id, n.category.id]).toEqual([target.id, category]);
    const bad: any = await server.client().gql(OFFER, { providerId: 'geen-uuid' });
    expect(bad.data.products.totalCount).toBe(0);
  });

  it('refuses a cursor of another sort order or a forged one with a Dutch message', async () => {
    const c = server.client();
    const first: any = await c.gql(OFFER, { first: 2, sort: 'NEWEST' });
    const cursor = first.data.products.pageInfo.endCursor;
    const other: any = await c.gql(OFFER, { first: 2, sort: 'PRICE_ASC', after: cursor });
    expect(other.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(other.errors[0].message).toBe('De paginacursor is ongeldig. Begin opnieuw bij de eerste pagina.');
    for (const forged of [
      Buffer.from(JSON.stringify(['pa', 'abc', '00000000-0000-4000-8000-000000000000'])).toString('base64url'),
      Buffer.from(JSON.stringify(['n', '2026-99-99 99:99:99', 'x'])).toString('base64url'),
      Buffer.from(
        JSON.stringify(['r', 'NaN', '2026-01-01 00:00:00+00', '00000000-0000-4000-8000-000000000000']),
      ).toString('base64url'),
      'niet-base64-!!',
    ]) {
      const r: any = await c.gql(OFFER, {
        first: 2,
        sort: 'PRICE_ASC',
        search: forged.startsWith('r') ? 'fiets' : null,
        after: forged,
      });
      expect(r.errors?.[0]?.extensions?.code, forged).toBe('BAD_USER_INPUT');
    }
  });

  it('uses the same number of SQL statements per request for 10 and 50 products, in every sort', async () => {
    const c = server.client();
    // The uncached work (the anonymous response and count caches off; catalogue-cache.ts).
    catalogueCacheProcess.enabled = false;
    onTestFinished(() => {
      catalogueCacheProcess.enabled = true;
    });
    for (const sort of ['NEWEST', 'PRICE_ASC', 'PRICE_DESC', 'RELEVANCE']) {
      const counts: number[] = [];
      for (const first of [10, 50]) {
        server.queries.length = 0;
        const r: any = await c.gql(OFFER, { first, sort, search: sort === 'RELEVANCE' ? 'les' : null });
        expect(r.errors).toBeUndefined();
        counts.push(server.queries.length);
      }
      expect(counts[1], sort).toBe(counts[0]);
      // count + page + providers + categories + images
      expect(counts[0], sort).toBeLessThanOrEqual(6);
    }
    // The count only when the query asks for it.
    const counted = () => server.queries.filter((q) => /select count\(\*\)/i.test(q)).length;
    server.queries.length = 0;
    await c.gql(`{ products(first: 5) { edges { node { id } } pageInfo { hasNextPage } } }`);
    expect(counted()).toBe(0);
    await c.gql(`{ products(first: 5) { ...on ProductConnection { totalCount } } }`);
    expect(counted()).toBe(1);
    // From the cache: at most the catalogue version's read, whatever the page size.
    catalogueCacheProcess.enabled = true;
    for (const first of [10, 50]) {
      await c.gql(OFFER, { first, sort: 'NEWEST', search: null });
      server.queries.length = 0;
      await c.gql(OFFER, { first, sort: 'NEWEST', search: null });
      expect(server.queries.length).toBeLessThanOrEqual(1);
    }
  });
});
