import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { createHousehold, expectLedgerConsistent, zuiderveenCatalogue, type Household } from '../../test/households.js';
import { Product, ProductStatus } from '../catalogue/product.entity.js';
import { OrderAllocation } from './order.entities.js';
import { checkoutOutcome } from '../../test/checkout-outcome.js';

const CART_FIELDS = `id lineCount itemCount totalCents hasUnavailable
  groups { providerId providerName subtotalCents lines { id productId title unitPriceCents quantity totalCents available unavailableReason } }`;
const MY_CART = `{ myCart { ${CART_FIELDS} } }`;
const ADD = `mutation($p: ID!, $q: Int!) { addToCart(productId: $p, quantity: $q) { errors { field code message } cart { ${CART_FIELDS} } } }`;
const SET = `mutation($p: ID!, $q: Int!) { setCartQuantity(productId: $p, quantity: $q) { errors { field code message } cart { ${CART_FIELDS} } } }`;
const REMOVE = `mutation($p: ID!) { removeFromCart(productId: $p) { errors { code } cart { ${CART_FIELDS} } } }`;
const MERGE = `mutation($lines: [CartLineInput!]!) { mergeCart(lines: $lines) { errors { code message } cart { ${CART_FIELDS} } } }`;
const ANONYMOUS = `query($lines: [CartLineInput!]!) { anonymousCart(lines: $lines) { ${CART_FIELDS} } }`;
const PREVIEW = `query($lines: [CartLineInput!]) { checkoutPreview(lines: $lines) {
  totalCents budgetCents contributionCents canOrder errors { code message }
  orders { providerId providerName totalCents budgetCents contributionCents
    lines { productId title quantity unitPriceCents totalCents budgetCents contributionCents allocations { assignmentId arrangementName amountCents } } } } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) {
  errors { code message } contributionCents paymentUrl orders { id providerId totalCents budgetCents contributionCents status } } }`;

/** The server-side cart and the checkout preview, over GraphQL as a logged-in resident. */
describe('cart', () => {
  let server: TestServer;
  let a: Product;
  let b: Product;
  let draft: Product;
  let other: Product;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    const catalogue = await zuiderveenCatalogue(server);
    ({ a, b } = catalogue);
    other = catalogue.products.find((p) => p.category.id !== a.category.id && p.priceCents > 100)!;
    draft = await server.orm.em.fork().findOneOrFail(Product, { status: { $ne: ProductStatus.APPROVED } });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function loggedIn(h: Household): Promise<TestClient> {
    const c = server.client();
    await c.loginWithDigid(h.bsn);
    return c;
  }

  const lines = (cart: any) => cart.groups.flatMap((g: any) => g.lines.map((l: any) => [l.productId, l.quantity]));

  it('adds, adds up, changes and removes lines, grouped per provider, with Dutch errors', async () => {
    const h = await createHousehold(server, []);
    const c = await loggedIn(h);
    let r: any = await c.gql(ADD, { p: a.id, q: 2 });
    expect(r.data.addToCart.errors).toEqual([]);
    r = await c.gql(ADD, { p: b.id, q: 1 });
    r = await c.gql(ADD, { p: a.id, q: 3 });
    const cart = r.data.addToCart.cart;
    expect(cart.id).toBe('mine');
    expect(lines(cart)).toEqual([
      [a.id, 5],
      [b.id, 1],
    ]);
    expect(cart.groups.map((g: any) => g.providerId)).toEqual([a.provider.id, b.provider.id]);
    expect(cart).toMatchObject({
      lineCount: 2,
      itemCount: 6,
      totalCents: a.priceCents * 5 + b.priceCents,
      hasUnavailable: false,
    });
    expect(cart.groups[0].lines[0]).toMatchObject({
      title: a.title,
      unitPriceCents: a.priceCents,
      totalCents: a.priceCents * 5,
      available: true,
    });

    r = await c.gql(SET, { p: a.id, q: 7 });
    expect(lines(r.data.setCartQuantity.cart)).toEqual([
      [a.id, 7],
      [b.id, 1],
    ]);
    for (const q of [0, 100, -1]) {
      r = await c.gql(SET, { p: a.id, q });
      expect(r.data.setCartQuantity.errors[0]).toMatchObject({
        code: 'INVALID_QUANTITY',
        message: 'Kies een aantal van 1 tot en met 99.',
      });
    }
    r = await c.gql(ADD, { p: a.id, q: 93 });
    expect(r.data.addToCart.errors[0]).toMatchObject({ code: 'INVALID_QUANTITY' });
    expect(lines(r.data.addToCart.cart)[0]).toEqual([a.id, 7]);
    for (const p of [draft.id, randomUUID(), 'geen-id']) {
      r = await c.gql(ADD, { p, q: 1 });
      expect(r.data.addToCart.errors[0], p).toMatchObject({
        code: 'UNAVAILABLE',
        message: 'Dit product kunt u nu niet bestellen.',
      });
    }
    r = await c.gql(SET, { p: draft.id, q: 1 });
    expect(r.data.setCartQuantity.errors[0].code).toBe('NOT_FOUND');

    r = await c.gql(REMOVE, { p: b.id });
    expect(lines(r.data.removeFromCart.cart)).toEqual([[a.id, 7]]);
    r = await c.gql(REMOVE, { p: b.id });
    expect(r.data.removeFromCart.errors).toEqual([]);
    r = await c.gql(MY_CART);
    expect(lines(r.data.myCart)).toEqual([[a.id, 7]]);
  });

  it('keeps each customer’s cart their own', async () => {
    const one = await loggedIn(await createHousehold(server, []));
    const two = await loggedIn(await createHousehold(server, []));
    await one.gql(ADD, { p: a.id, q: 4 });
    let r: any = await two.gql(MY_CART);
    expect(r.data.myCart.groups).toEqual([]);
    // The other customer can neither change nor remove the first one's line: lines are addressed by product, per person.
    r = await two.gql(SET, { p: a.id, q: 1 });
    expect(r.data.setCartQuantity.errors[0].code).toBe('NOT_FOUND');
    await two.gql(REMOVE, { p: a.id });
    await two.gql(ADD, { p: a.id, q: 1 });
    r = await one.gql(MY_CART);
    expect(lines(r.data.myCart)).toEqual([[a.id, 4]]);
    r = await two.gql(MY_CART);
    expect(lines(r.data.myCart)).toEqual([[a.id, 1]]);

    const anonymous: any = await server.client().gql(MY_CART);
    expect(anonymous.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const anonymousAdd: any = await server.client().gql(ADD, { p: a.id, q: 1 });
    expect(anonymousAdd.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('shows a visitor’s browser cart with product details, hiding products that are not in the offer', async () => {
    const r: any = await server.client().gql(ANONYMOUS, {
      lines: [
        { productId: a.id, quantity: 2 },
        { productId: draft.id, quantity: 1 },
        { productId: a.id, quantity: 1 },
        { productId: 'geen-id', quantity: 1 },
        { productId: b.id, quantity: 0 },
      ],
    });
    const cart = r.data.anonymousCart;
    expect(cart.id).toBe('anonymous');
    expect(lines(cart)).toEqual([
      [a.id, 3],
      [draft.id, 1],
    ]);
    const hidden = cart.groups[1].lines[0];
    expect(hidden).toMatchObject({ title: 'Onbekend product', available: false, unitPriceCents: 0 });
    expect(hidden.title).not.toBe(draft.title);
    expect(cart.totalCents).toBe(a.priceCents * 3);
    expect(cart.hasUnavailable).toBe(true);
  });

  it('merges the browser cart after log-in: quantities add up to at most 99, what cannot be ordered is left out', async () => {
    const c = await loggedIn(await createHousehold(server, []));
    await c.gql(ADD, { p: a.id, q: 2 });
    const r: any = await c.gql(MERGE, {
      lines: [
        { productId: a.id, quantity: 3 },
        { productId: b.id, quantity: 1 },
        { productId: randomUUID(), quantity: 1 },
        { productId: draft.id, quantity: 1 },
        { productId: a.id, quantity: 98 },
      ],
    });
    expect(lines(r.data.mergeCart.cart)).toEqual([
      [a.id, 99],
      [b.id, 1],
    ]);
    expect(r.data.mergeCart.errors).toEqual([
      {
        code: 'UNAVAILABLE',
        message: '2 producten uit uw winkelwagen kunt u hier niet bestellen; ze zijn weggelaten.',
      },
    ]);
    // Merging the same browser cart twice (two tabs) only adds up again, within the limit.
    const again: any = await c.gql(MERGE, { lines: [{ productId: b.id, quantity: 2 }] });
    expect(lines(again.data.mergeCart.cart)).toEqual([
      [a.id, 99],
      [b.id, 3],
    ]);
  });

  it('previews exactly the allocation the checkout then books, per line, without booking anything', async () => {
    const cats = [a.category.id, b.category.id];
    const h = await createHousehold(server, [
      { categories: cats, amountCents: a.priceCents, validUntil: '2098-06-30', ownContribution: true }, // expires first
      {
        categories: cats,
        amountCents: 100_000,
        validUntil: '2099-06-30',
        ownContribution: true,
        maxPerOrderCents: b.priceCents + 150,
      },
    ]);
    const c = await loggedIn(h);
    await c.gql(ADD, { p: a.id, q: 2 });
    await c.gql(ADD, { p: b.id, q: 2 });

    const preview: any = (await c.gql(PREVIEW)).data!.checkoutPreview;
    expect(preview.errors).toEqual([]);
    expect(preview.canOrder).toBe(true);
    expect(preview.totalCents).toBe(a.priceCents * 2 + b.priceCents * 2);
    expect(preview.budgetCents + preview.contributionCents).toBe(preview.totalCents);
    for (const o of preview.orders) {
      for (const l of o.lines) {
        expect(l.budgetCents + l.contributionCents).toBe(l.totalCents);
        expect(l.allocations.reduce((s: number, x: any) => s + x.amountCents, 0)).toBe(l.budgetCents);
      }
    }
    // The assignment that expires first pays first.
    expect(preview.orders[0].lines[0].allocations[0]).toMatchObject({
      assignmentId: h.assignmentIds[0],
      amountCents: a.priceCents,
    });
    // Nothing was booked by looking.
    const em = server.orm.em.fork();
    const [{ n }] = await em.execute<{ n: string }[]>(
      `select count(*) as n from customer_order where client_group_id = ?`,
      [h.group.id],
    );
    expect(n).toBe('0');
    expect((await c.gql(PREVIEW)).data!.checkoutPreview).toEqual(preview);

    const r: any = await c.gql(CHECKOUT, {
      input: { idempotencyKey: randomUUID(), expectedContributionCents: preview.contributionCents },
    });
    expect(r.data.checkout.errors).toEqual([]);
    const orders = r.data.checkout.orders;
    expect(r.data.checkout.contributionCents).toBe(preview.contributionCents);
    expect(orders.map((o: any) => [o.providerId, o.totalCents, o.budgetCents, o.contributionCents])).toEqual(
      preview.orders.map((o: any) => [o.providerId, o.totalCents, o.budgetCents, o.contributionCents]),
    );
    for (const [i, o] of orders.entries()) {
      const booked = await em.fork().find(OrderAllocation, { orderId: o.id });
      const expected = new Map<string, number>();
      for (const l of preview.orders[i].lines)
        for (const x of l.allocations)
          expected.set(x.assignmentId, (expected.get(x.assignmentId) ?? 0) + x.amountCents);
      expect(Object.fromEntries(booked.map((x) => [x.assignmentId, x.amountCents]))).toEqual(
        Object.fromEntries(expected),
      );
    }
    // Ordered from the cart: the cart is empty now.
    expect((await c.gql(MY_CART)).data!.myCart.groups).toEqual([]);
    await expectLedgerConsistent(server);
  });

  it('refuses the checkout with BUDGET_CHANGED when the own contribution would differ from the preview', async () => {
    const h = await createHousehold(server, [
      { categories: [a.category.id], amountCents: a.priceCents, ownContribution: true },
    ]);
    const c = await loggedIn(h);
    await c.gql(ADD, { p: a.id, q: 1 });
    const preview: any = (await c.gql(PREVIEW)).data!.checkoutPreview;
    expect(preview.contributionCents).toBe(0);
    // Meanwhile someone in the household spends the budget.
    const other = await checkoutOutcome(server, h.customer(), {
      idempotencyKey: randomUUID(),
      lines: [{ productId: a.id, quantity: 1 }],
    });
    expect(other.errors).toEqual([]);
    const r: any = await c.gql(CHECKOUT, { input: { idempotencyKey: randomUUID(), expectedContributionCents: 0 } });
    expect(r.data.checkout.errors[0]).toMatchObject({ code: 'BUDGET_CHANGED' });
    expect(r.data.checkout.orders).toEqual([]);
    const fresh: any = (await c.gql(PREVIEW)).data!.checkoutPreview;
    expect(fresh.contributionCents).toBe(a.priceCents);
  });

  it('previews the reasons a cart cannot be ordered', async () => {
    const h = await createHousehold(server, [{ categories: [other.category.id], amountCents: 100 }]);
    const c = await loggedIn(h);
    let p: any = (await c.gql(PREVIEW)).data!.checkoutPreview;
    expect(p).toMatchObject({ canOrder: false, errors: [{ code: 'EMPTY', message: 'Uw winkelwagen is leeg.' }] });
    p = (await c.gql(PREVIEW, { lines: [{ productId: draft.id, quantity: 1 }] })).data!.checkoutPreview;
    expect(p.errors[0].code).toBe('UNAVAILABLE');
    p = (await c.gql(PREVIEW, { lines: [{ productId: a.id, quantity: 1 }] })).data!.checkoutPreview;
    expect(p.errors[0]).toMatchObject({
      code: 'NOT_PAYABLE',
      message: `‘${a.title}’ kunt u met geen van uw regelingen betalen.`,
    });
    p = (await c.gql(PREVIEW, { lines: [{ productId: other.id, quantity: 1 }] })).data!.checkoutPreview;
    expect(p.canOrder).toBe(false);
    expect(p.errors[0].code).toBe('INSUFFICIENT_BUDGET');
    expect(p.errors[0].message).toMatch(/tekort/);
    expect(p.orders[0].lines[0]).toMatchObject({ budgetCents: 100, contributionCents: other.priceCents - 100 });
  });

  it('shows a temporarily unavailable product as such and refuses to order it', async () => {
    const h = await createHousehold(server, [{ categories: [a.category.id], amountCents: 100_000 }]);
    const c = await loggedIn(h);
    await c.gql(ADD, { p: a.id, q: 1 });
    const em = server.orm.em.fork();
    await em.execute(`update product set availability = 'TEMPORARILY_UNAVAILABLE' where id = ?`, [a.id]);
    try {
      const cart: any = (await c.gql(MY_CART)).data!.myCart;
      expect(cart.groups[0].lines[0]).toMatchObject({
        available: false,
        unavailableReason: 'Dit product is tijdelijk niet beschikbaar.',
      });
      expect(cart.totalCents).toBe(0);
      const r: any = await c.gql(ADD, { p: a.id, q: 1 });
      expect(r.data.addToCart.errors[0].code).toBe('UNAVAILABLE');
      const p: any = (await c.gql(PREVIEW)).data!.checkoutPreview;
      expect(p.errors[0].code).toBe('UNAVAILABLE');
      const checkout: any = await c.gql(CHECKOUT, { input: { idempotencyKey: randomUUID() } });
      expect(checkout.data.checkout.errors[0].code).toBe('UNAVAILABLE');
    } finally {
      await em.execute(`update product set availability = 'AVAILABLE' where id = ?`, [a.id]);
    }
  });
});
