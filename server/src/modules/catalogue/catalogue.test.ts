import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, demoProviderEmail } from '../../seeders/demo-accounts.js';
import { Product, ProductStatus } from './product.entity.js';
import { ProviderUser } from '../providers/provider-user.entity.js';
import { ProviderMembership, MembershipStatus } from '../providers/provider-membership.entity.js';

const OFFER = `query($first:Int,$after:String,$search:String,$categoryId:ID){
  products(first:$first, after:$after, filter:{search:$search, categoryId:$categoryId}){
    totalCount pageInfo { hasNextPage endCursor }
    edges { cursor node { id title slug priceCents status provider { id name } category { id name } } }
  }
}`;

describe('the public offer', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function expectedPublicIds(): Promise<Set<string>> {
    const em = server.orm.em.fork();
    const approvedProviders = new Set(
      (await em.find(ProviderMembership, { status: MembershipStatus.APPROVED })).map((m) => m.provider.id),
    );
    const products = await em.find(Product, { status: ProductStatus.APPROVED });
    return new Set(products.filter((p) => approvedProviders.has(p.provider.id)).map((p) => p.id));
  }

  it('lists exactly the approved products of approved providers, over all pages', async () => {
    const c = server.client();
    const seen: string[] = [];
    let after: string | null = null;
    let total = 0;
    do {
      const r: any = await c.gql(OFFER, { first: 7, after });
      expect(r.errors).toBeUndefined();
      total = r.data.products.totalCount;
      for (const e of r.data.products.edges) {
        expect(e.node.status).toBe('APPROVED');
        seen.push(e.node.id);
      }
      after = r.data.products.pageInfo.hasNextPage ? r.data.products.pageInfo.endCursor : null;
    } while (after);
    const expected = await expectedPublicIds();
    expect(new Set(seen)).toEqual(expected);
    expect(seen).toHaveLength(expected.size);
    expect(total).toBe(expected.size);
    expect(expected.size).toBeGreaterThan(20);
  });

  it('finds products by a title word, and by the same word misspelt', async () => {
    const c = server.client();
    const expected = await expectedPublicIds();
    const em = server.orm.em.fork();
    const products = (await em.find(Product, { id: { $in: [...expected] } })).sort((a, b) =>
      a.title.localeCompare(b.title),
    );
    let checked = 0;
    for (const target of products) {
      const word = target.title.split(/\s+/).find((w) => w.length >= 7 && /^[a-z]+$/i.test(w));
      if (!word) continue;
      const exact: any = await c.gql(OFFER, { search: word, first: 100 });
      expect(
        exact.data.products.edges.map((e: any) => e.node.id),
        `"${word}"`,
      ).toContain(target.id);
      // Two neighbouring letters swapped, and one letter dropped: typos a resident makes.
      for (const typo of [word.slice(0, 3) + word[4] + word[3] + word.slice(5), word.slice(0, 4) + word.slice(5)]) {
        const fuzzy: any = await c.gql(OFFER, { search: typo, first: 100 });
        expect(
          fuzzy.data.products.edges.map((e: any) => e.node.id),
          `search "${typo}" for "${target.title}"`,
        ).toContain(target.id);
      }
      if (++checked === 5) break;
    }
    expect(checked).toBe(5);
    const none: any = await c.gql(OFFER, { search: 'qqqxxxzzz' });
    expect(none.data.products.totalCount).toBe(0);
  });

  it('finds products by Dutch plural forms and by a word still being typed', async () => {
    const c = server.client();
    for (const [search, pattern] of [
      ['zwemlessen', /zwemles/i],
      ['fietsen', /fiets/i],
      ['voetballen', /voetbal/i],
      ['gitaarl', /gitaarles/i],
    ] as const) {
      const r: any = await c.gql(OFFER, { search, first: 100 });
      expect(
        r.data.products.edges.some((e: any) => pattern.test(e.node.title)),
        search,
      ).toBe(true);
    }
  });

  it('finds the products of a category by a near miss of its name ("computr" → Computers en internet)', async () => {
    const c = server.client();
    const cats: any = await c.gql(`{ categories { id name productCount } }`);
    const computers = cats.data.categories.find((x: any) => x.name === 'Computers en internet');
    expect(computers.productCount).toBeGreaterThan(0);
    const inCategory: any = await c.gql(OFFER, { categoryId: computers.id, first: 100 });
    const ids = inCategory.data.products.edges.map((e: any) => e.node.id);
    for (const search of ['computr', 'Computers', 'komputers', 'computers internet']) {
      const r: any = await c.gql(OFFER, { search, first: 100 });
      expect(r.errors).toBeUndefined();
      const found = r.data.products.edges.map((e: any) => e.node.id);
      for (const id of ids) expect(found, search).toContain(id);
    }
    // Every query word must be near a word of the name: "computr" and a word of no category do not take the category.
    const mixed: any = await c.gql(OFFER, { search: 'computr qqqxxx', first: 100 });
    const mixedIds = mixed.data.products.edges.map((e: any) => e.node.id);
    expect(ids.filter((id: string) => !mixedIds.includes(id)).length).toBeGreaterThan(0);
  });

  it('offers a near search when a search finds nothing ("Bedoelde u …?"), and only then', async () => {
    const c = server.client();
    const SUGGEST = `query($search:String,$categoryId:ID,$after:String){
      products(first: 24, after: $after, filter:{search:$search, categoryId:$categoryId}){
        totalCount suggestion edges { node { id title } } pageInfo { endCursor }
      }
    }`;
    // Misspelt beyond what the search tolerates (4 edits from "computers", 2 from "judo").
    for (const search of ['kompjoeters', 'Jduo', 'jduo kompjoeters']) {
      const r: any = await c.gql(SUGGEST, { search });
      expect(r.errors).toBeUndefined();
      expect(r.data.products.totalCount, search).toBe(0);
      const suggestion = r.data.products.suggestion;
      expect(typeof suggestion, search).toBe('string');
      expect(suggestion.toLowerCase()).not.toBe(search.toLowerCase());
      // The suggestion is a search that finds products.
      const again: any = await c.gql(SUGGEST, { search: suggestion });
      expect(again.data.products.totalCount, `${search} → ${suggestion}`).toBeGreaterThan(0);
      expect(again.data.products.suggestion).toBeNull();
    }
    // Nothing near: no suggestion. A search that found something: none either, nor without a search.
    const none: any = await c.gql(SUGGEST, { search: 'qqqxxxzzz' });
    expect(none.data.products.suggestion).toBeNull();
    const found: any = await c.gql(SUGGEST, { search: 'judo' });
    expect(found.data.products.totalCount).toBeGreaterThan(0);
    expect(found.data.products.suggestion).toBeNull();
    const all: any = await c.gql(SUGGEST, {});
    expect(all.data.products.suggestion).toBeNull();
    // With a category filter, the suggestion finds products in that category.
    const cats: any = await c.gql(`{ categories { id name productCount } }`);
    const swimming = cats.data.categories.find((x: any) => x.name === 'Zwemmen');
    const inSwimming: any = await c.gql(SUGGEST, { search: 'zwwemmmennn', categoryId: swimming.id });
    expect(inSwimming.data.products.totalCount).toBe(0);
    const near = inSwimming.data.products.suggestion;
    expect(near).toEqual(expect.any(String));
    const there: any = await c.gql(SUGGEST, { search: near, categoryId: swimming.id });
    expect(there.data.products.totalCount).toBeGreaterThan(0);
    // Other lists of products never carry one.
    const own = server.client();
    await own.loginProvider(demoProviderEmail(1), DEMO_PASSWORD);
    const mine: any = await own.gql(`{ myProducts(first: 1) { suggestion } }`);
    expect(mine.errors).toBeUndefined();
    expect(mine.data.myProducts.suggestion).toBeNull();
  });

  it('filters by category', async () => {
    const c = server.client();
    const cats: any = await c.gql(`{ categories { id name productCount } }`);
    const cat = cats.data.categories.find((x: any) => x.productCount > 0);
    const r: any = await c.gql(OFFER, { categoryId: cat.id, first: 100 });
    expect(r.data.products.totalCount).toBe(cat.productCount);
    for (const e of r.data.products.edges) expect(e.node.category.id).toBe(cat.id);
    const bad: any = await c.gql(OFFER, { categoryId: 'geen-uuid' });
    expect(bad.data.products.totalCount).toBe(0);
  });

  it('returns one public product, and null for unknown, malformed or unapproved ids', async () => {
    const c = server.client();
    const em = server.orm.em.fork();
    const approved = [...(await expectedPublicIds())][0]!;
    const submitted = await em.findOneOrFail(Product, { status: ProductStatus.SUBMITTED });
    const q = `query($id:ID!){ product(id:$id){ id title } }`;
    expect(((await c.gql(q, { id: approved })) as any).data.product.id).toBe(approved);
    expect(((await c.gql(q, { id: submitted.id })) as any).data.product).toBeNull();
    expect(((await c.gql(q, { id: '00000000-0000-4000-8000-000000000000' })) as any).data.product).toBeNull();
    const malformed: any = await c.gql(q, { id: "1' or '1'='1" });
    expect(malformed.errors).toBeUndefined();
    expect(malformed.data.product).toBeNull();
  });

  it('uses the same number of SQL statements for a page of 5 and a page of 50 (no N+1)', async () => {
    const c = server.client();
    server.queries.length = 0;
    await c.gql(OFFER, { first: 5 });
    const small = server.queries.length;
    server.queries.length = 0;
    await c.gql(OFFER, { first: 50 });
    const large = server.queries.length;
    expect(large).toBe(small);
    expect(small).toBeLessThanOrEqual(6);
  });
});

describe("a provider's own products", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists only the logged-in provider’s products, every status', async () => {
    const em = server.orm.em.fork();
    for (const n of [1, 6]) {
      const c = server.client();
      await c.loginProvider(demoProviderEmail(n), DEMO_PASSWORD);
      const user = await em.findOneOrFail(ProviderUser, { email: demoProviderEmail(n) });
      const own = await em.count(Product, { provider: user.provider.id });
      const r: any = await c.gql(
        `{ myProducts(first: 100) { totalCount edges { node { id status provider { id } } } } }`,
      );
      expect(r.errors).toBeUndefined();
      expect(r.data.myProducts.totalCount).toBe(own);
      expect(r.data.myProducts.edges).toHaveLength(own);
      for (const e of r.data.myProducts.edges) expect(e.node.provider.id).toBe(user.provider.id);
      // The filter: one status of its own products.
      const approved = await em.count(Product, { provider: user.provider.id, status: ProductStatus.APPROVED });
      const f: any = await c.gql(
        `{ myProducts(first: 100, filter: { status: APPROVED }) { totalCount edges { node { status } } } }`,
      );
      expect(f.data.myProducts.totalCount).toBe(approved);
      expect(f.data.myProducts.edges.every((e: any) => e.node.status === 'APPROVED')).toBe(true);
    }
  });
});
