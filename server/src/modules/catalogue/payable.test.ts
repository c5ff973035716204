import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from '../../test/server.js';
import { contextFor, staffViewer } from '../../test/context.js';
import { createHousehold, offeredIn, type ArrangementSpec } from '../../test/households.js';
import { Municipality } from '../municipalities/municipality.entity.js';
import { Product } from './product.entity.js';

const PAGE = `query($first:Int,$after:String,$payable:Boolean,$sort:ProductSort,$search:String){
  products(first:$first, after:$after, filter:{payable:$payable, sort:$sort, search:$search}){
    totalCount pageInfo { hasNextPage endCursor }
    edges { node { id title payableWith } }
  }
}`;

/**
 * "Te betalen met mijn regelingen": the badge (Product.payableWith) and the filter follow the checkout's rule of which
 * budget may pay for a product (catalogue/payable.ts). Each scenario builds its own household and arrangements.
 */
describe('what the resident’s arrangements pay for', () => {
  let server: TestServer;
  let zuiderveen: Municipality;
  let noorderhaven: Municipality;
  /** In Zuiderveen's offer, available: one of category X, one of another category Y. */
  let inX: Product;
  let inY: Product;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    const em = server.orm.em.fork();
    zuiderveen = await em.findOneOrFail(Municipality, { slug: 'zuiderveen' });
    noorderhaven = await em.findOneOrFail(Municipality, { slug: 'noorderhaven' });
    const offered = (await offeredIn(server, zuiderveen.id)).filter((p) => p.availability === 'AVAILABLE');
    inX = offered[0]!;
    inY = offered.find((p) => p.category.id !== inX.category.id)!;
    expect(inY).toBeDefined();
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A household of its own in `municipality`, one arrangement of its own per spec (test/households.ts). */
  const household = (municipality: Municipality, arrangements: ArrangementSpec[]) =>
    createHousehold(server, arrangements, { municipality });

  async function payable(h: { customer: () => ReturnType<typeof contextFor> }, ...products: Product[]) {
    const map = await server.services.catalogue.payableWith(
      h.customer(),
      products.map((p) => p.id),
    );
    return products.map((p) => map?.get(p.id));
  }

  it('pays for a product whose category the arrangement covers, and not for another category', async () => {
    const h = await household(zuiderveen, [{ categories: [inX.category.id], amountCents: 500_00 }]);
    expect(await payable(h, inX, inY)).toEqual([[h.names[0]], []]);
  });

  it('names every arrangement that pays, once', async () => {
    const h = await household(zuiderveen, [
      { categories: [inX.category.id], amountCents: inX.priceCents },
      { categories: [inX.category.id, inY.category.id], amountCents: inY.priceCents },
    ]);
    const [x, y] = await payable(h, inX, inY);
    expect(x).toEqual([...h.names].sort());
    expect(y).toEqual([h.names[1]]);
  });

  it('does not count an expired, a future or a revoked assignment', async () => {
    const expired = await household(zuiderveen, [
      { categories: [inX.category.id], amountCents: 500_00, validFrom: '2000-01-01', validUntil: '2001-12-31' },
    ]);
    const upcoming = await household(zuiderveen, [
      { categories: [inX.category.id], amountCents: 500_00, validFrom: '2098-01-01', validUntil: '2098-12-31' },
    ]);
    const revoked = await household(zuiderveen, [{ categories: [inX.category.id], amountCents: 500_00 }]);
    const staff = contextFor(server.orm, server.services, staffViewer());
    expect(await payable(revoked, inX)).toEqual([[revoked.names[0]]]);
    const r = await server.services.assignments.revoke(staff, revoked.assignmentIds[0]!, 'Verhuisd naar elders');
    expect(r.ok).toBe(true);
    expect(await payable(expired, inX)).toEqual([[]]);
    expect(await payable(upcoming, inX)).toEqual([[]]);
    expect(await payable(revoked, inX)).toEqual([[]]);
  });

  it('calls a product payable only when the budgets settle its price, or the rest may be paid as own contribution', async () => {
    const short = await household(zuiderveen, [{ categories: [inX.category.id], amountCents: inX.priceCents - 1 }]);
    expect(await payable(short, inX)).toEqual([[]]);
    const together = await household(zuiderveen, [
      { categories: [inX.category.id], amountCents: inX.priceCents - 1 },
      { categories: [inX.category.id], amountCents: 1 },
    ]);
    expect(await payable(together, inX)).toEqual([[...together.names].sort()]);
    const capped = await household(zuiderveen, [
      { categories: [inX.category.id], amountCents: 500_00, maxPerOrderCents: inX.priceCents - 1 },
    ]);
    expect(await payable(capped, inX)).toEqual([[]]);
    const topUp = await household(zuiderveen, [
      {
        categories: [inX.category.id],
        amountCents: 500_00,
        maxPerOrderCents: inX.priceCents - 1,
        ownContribution: true,
      },
    ]);
    expect(await payable(topUp, inX)).toEqual([[topUp.names[0]]]);
    // The checkout agrees: the capped household cannot order it, the one with an own contribution can.
    const refused = await server.services.checkout.checkout(capped.customer(), {
      idempotencyKey: randomUUID(),
      lines: [{ productId: inX.id, quantity: 1 }],
    });
    expect(refused.ok).toBe(false);
  });

  it('does not count a budget that is spent', async () => {
    const h = await household(zuiderveen, [{ categories: [inX.category.id], amountCents: inX.priceCents }]);
    expect(await payable(h, inX)).toEqual([[h.names[0]]]);
    const placed = await server.services.checkout.checkout(h.customer(), {
      idempotencyKey: randomUUID(),
      lines: [{ productId: inX.id, quantity: 1 }],
    });
    expect(placed.ok).toBe(true);
    expect(await payable(h, inX)).toEqual([[]]);
  });

  it('pays for nothing outside the resident’s own municipality’s offer', async () => {
    const inNoorderhaven = new Set((await offeredIn(server, noorderhaven.id)).map((p) => p.id));
    const elsewhere = (await offeredIn(server, zuiderveen.id)).find(
      (p) => !inNoorderhaven.has(p.id) && p.availability === 'AVAILABLE',
    )!;
    expect(elsewhere).toBeDefined();
    const h = await household(noorderhaven, [{ categories: [elsewhere.category.id], amountCents: 500_00 }]);
    expect(await payable(h, elsewhere)).toEqual([[]]);
  });

  it('is not shown to a visitor; the filter is ignored for one', async () => {
    const visitor = server.client();
    const r: any = await visitor.gql(PAGE, { first: 3, payable: true });
    expect(r.errors).toBeUndefined();
    expect(r.data.products.edges.length).toBeGreaterThan(0);
    for (const e of r.data.products.edges) expect(e.node.payableWith).toBeNull();
    const all: any = await visitor.gql(PAGE, { first: 1 });
    expect(r.data.products.totalCount).toBe(all.data.products.totalCount);
  });

  it('filters the offer to what the arrangements pay for, paging through it without gaps or repeats', async () => {
    const h = await household(zuiderveen, [
      { categories: [inX.category.id], amountCents: 5000_00 },
      { categories: [inY.category.id], amountCents: 5000_00, validFrom: '2000-01-01', validUntil: '2001-12-31' }, // expired: Y is not payable
    ]);
    const em = server.orm.em.fork();
    const expected = (await offeredIn(server, zuiderveen.id))
      .filter((p) => p.availability === 'AVAILABLE' && p.category.id === inX.category.id)
      .map((p) => p.id)
      .sort();
    expect(expected.length).toBeGreaterThan(0);
    // More than one page of two, so the keyset paging is exercised: add a few payable products to the offer.
    if (expected.length < 5) {
      const extra = (await offeredIn(server, zuiderveen.id)).filter(
        (p) => p.availability === 'AVAILABLE' && p.category.id !== inX.category.id && p.id !== inY.id,
      );
      for (const p of extra.slice(0, 5 - expected.length)) {
        await em.execute(`update product set category_id = ? where id = ?`, [inX.category.id, p.id]);
        expected.push(p.id);
      }
      expected.sort();
    }
    const client = server.client();
    await client.loginWithDigid(h.bsn);
    for (const sort of ['NEWEST', 'PRICE_ASC', 'PRICE_DESC']) {
      const seen: string[] = [];
      let after: string | null = null;
      let pages = 0;
      do {
        const r: any = await client.gql(PAGE, { first: 2, after, payable: true, sort });
        expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
        expect(r.data.products.totalCount).toBe(expected.length);
        for (const e of r.data.products.edges) {
          seen.push(e.node.id);
          expect(e.node.payableWith).toEqual([h.names[0]]);
        }
        after = r.data.products.pageInfo.hasNextPage ? r.data.products.pageInfo.endCursor : null;
        expect(++pages).toBeLessThan(50);
      } while (after);
      expect(pages).toBeGreaterThan(1);
      expect([...seen].sort()).toEqual(expected);
    }
    // Without the filter the resident sees the rest of the offer too, with the badge saying what does not fit.
    const unfiltered: any = await client.gql(PAGE, { first: 100 });
    expect(unfiltered.data.products.totalCount).toBeGreaterThan(expected.length);
    const y = unfiltered.data.products.edges.find((e: any) => e.node.id === inY.id);
    expect(y.node.payableWith).toEqual([]);
    // Together with a search, in the same statement.
    const searched: any = await client.gql(PAGE, { first: 100, payable: true, search: inX.title });
    expect(searched.errors).toBeUndefined();
    expect(searched.data.products.edges.map((e: any) => e.node.id)).toContain(inX.id);
    for (const e of searched.data.products.edges) expect(expected).toContain(e.node.id);
  });
});
