import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF, demoProviderEmail } from '../../seeders/demo-accounts.js';
import { demoResidents } from '../../seeders/demo-data.js';
import { Municipality } from '../municipalities/municipality.entity.js';
import { ProviderUser } from '../providers/provider-user.entity.js';
import { Product } from './product.entity.js';
import { Category } from './category.entity.js';

/**
 * The offer is each municipality's own decision: a reviewer decides for the municipalities in their scope only, a
 * resident sees and orders only what their municipality approved, a visitor sees what at least one approved, and
 * memberships open and close a municipality's decisions. Over real HTTP against the demo data.
 */

const DECISION = `errors { field code message } product { id status approvals { status reason municipality { slug } } }`;
const APPROVE = `mutation($id:ID!,$m:[ID!]){ approveProduct(id:$id, municipalityIds:$m){ ${DECISION} } }`;
const REJECT = `mutation($id:ID!,$r:String!,$m:[ID!]){ rejectProduct(id:$id, reason:$r, municipalityIds:$m){ ${DECISION} } }`;
const CREATE = `mutation($input: ProductInput!){ createProduct(input:$input){ errors { message } product { id } } }`;
const SUBMIT = `mutation($id:ID!){ submitProduct(id:$id){ errors { code message } product { id status approvals { status municipality { slug } } } } }`;
const QUEUE = `query($m:ID,$s:ProductApprovalStatus){ reviewProducts(filter:{approvalStatus:$s, municipalityId:$m}, first:100){
  totalCount edges { node { id title approvals { status municipality { slug } } } } } }`;
const REVIEW_ONE = `query($id:ID!){ reviewProduct(id:$id){ id status approvals { status reason municipality { slug } } } }`;
const OFFER = `query($search:String,$categoryId:ID){ products(first:100, filter:{search:$search, categoryId:$categoryId}){ totalCount edges { node { id } } } }`;
const PUBLIC = `query($id:ID!){ product(id:$id){ id title } }`;
const CATEGORY = `query($id:ID!){ category(id:$id){ productCount } }`;
const CART_FIELDS = `lineCount hasUnavailable groups { lines { productId title available unavailableReason } }`;
const ADD = `mutation($p:ID!){ addToCart(productId:$p, quantity:1){ errors { field code message } cart { ${CART_FIELDS} } } }`;
const MY_CART = `{ myCart { ${CART_FIELDS} } }`;
const MERGE = `mutation($lines:[CartLineInput!]!){ mergeCart(lines:$lines){ errors { code message } cart { ${CART_FIELDS} } } }`;
const PREVIEW = `query($lines:[CartLineInput!]){ checkoutPreview(lines:$lines){ canOrder errors { code message } } }`;
const CHECKOUT = `mutation($input: CheckoutInput!){ checkout(input:$input){ errors { code message } orders { id } } }`;
const DASHBOARD = `{ adminDashboard { productsToReview } }`;
const TERMS = `query($id:ID!){ myMunicipality(municipalityId:$id){ terms { id } } }`;
const APPLY = `mutation($m:ID!,$t:ID!){ applyForMembership(municipalityId:$m, termsVersionId:$t, acceptTerms:true){ membership { id status } errors { message } } }`;
const WITHDRAW = `mutation($m:ID!){ withdrawMembership(municipalityId:$m){ membership { status } errors { message } } }`;
const APPROVE_MEMBERSHIP = `mutation($id:ID!){ approveMembership(id:$id){ membership { status } errors { message } } }`;

describe('the offer is each municipality’s own decision', () => {
  let server: TestServer;
  let zuiderveen: Municipality;
  let noorderhaven: Municipality;
  let categoryId: string;
  let admin: TestClient; // Beheerder: every municipality
  let reviewer: TestClient; // Aanbiederbeheer: Zuiderveen only
  let provider1: TestClient; // approved in Zuiderveen and Noorderhaven
  let residentZ: TestClient;
  let residentN: TestClient;
  let visitor: TestClient;
  /** Provider 1's product: approved in Zuiderveen, rejected in Noorderhaven (test 1). */
  let split: { id: string; title: string };

  const ids = (r: any) => r.data.reviewProducts.edges.map((e: any) => e.node.id);
  const offerIds = async (c: TestClient, vars: Record<string, unknown> = {}) =>
    ((await c.gql(OFFER, vars)) as any).data.products.edges.map((e: any) => e.node.id);
  const decisionsOf = (r: any) => r.approvals.map((a: any) => [a.municipality.slug, a.status]);

  async function productOf(providerN: number, title: string): Promise<Product> {
    const em = server.orm.em.fork();
    const user = await em.findOneOrFail(ProviderUser, { email: demoProviderEmail(providerN) });
    return em.findOneOrFail(Product, { provider: user.provider.id, title });
  }

  async function newSubmittedProduct(client: TestClient, title: string): Promise<{ id: string; title: string }> {
    const created: any = await client.gql(CREATE, {
      input: {
        title,
        description: 'Een product om de beslissing per gemeente te testen.',
        priceCents: 1500,
        categoryId,
        availability: 'AVAILABLE',
        redemptionMethod: 'PICKUP',
      },
    });
    const id = created.data.createProduct.product.id;
    const submitted: any = await client.gql(SUBMIT, { id });
    expect(submitted.data.submitProduct.errors).toEqual([]);
    return { id, title };
  }

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    const em = server.orm.em.fork();
    zuiderveen = await em.findOneOrFail(Municipality, { slug: 'zuiderveen' });
    noorderhaven = await em.findOneOrFail(Municipality, { slug: 'noorderhaven' });
    categoryId = (await em.findOneOrFail(Category, { slug: 'sport-en-bewegen' })).id;
    admin = server.client();
    await admin.loginStaff(DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!.email, DEMO_PASSWORD);
    reviewer = server.client();
    await reviewer.loginStaff(DEMO_STAFF.find((s) => s.role === 'AANBIEDERBEHEER')!.email, DEMO_PASSWORD);
    provider1 = server.client();
    await provider1.loginProvider(demoProviderEmail(1), DEMO_PASSWORD);
    const residents = demoResidents(new Date()); // names and BSNs are the same on any day
    residentZ = server.client();
    await residentZ.loginWithDigid(residents.find((r) => r.municipality === 'zuiderveen' && r.adult)!.bsn);
    residentN = server.client();
    await residentN.loginWithDigid(residents.find((r) => r.municipality === 'noorderhaven' && r.adult)!.bsn);
    expect(((await residentN.gql(`{ viewer { kind } }`)) as any).data.viewer.kind).toBe('CUSTOMER');
    visitor = server.client();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lets a Zuiderveen reviewer decide for Zuiderveen only, and queue only Zuiderveen’s open decisions', async () => {
    split = await newSubmittedProduct(provider1, `Klimles voor kinderen ${randomUUID().slice(0, 6)}`);
    // Kinderfeestje (demo): approved in Zuiderveen, still to be decided in Noorderhaven.
    const noorderhavenOnly = await productOf(3, 'Kinderfeestje in het zwembad (8 kinderen)');

    const queue: any = await reviewer.gql(QUEUE, { s: 'PENDING' });
    expect(ids(queue)).toContain(split.id);
    expect(ids(queue)).not.toContain(noorderhavenOnly.id);
    for (const e of queue.data.reviewProducts.edges)
      expect(e.node.approvals.map((a: any) => a.municipality.slug)).toEqual(['zuiderveen']);
    expect(
      ((await reviewer.gql(QUEUE, { s: 'PENDING', m: noorderhaven.id })) as any).data.reviewProducts.totalCount,
    ).toBe(0);
    // The dashboard counts the same queue.
    expect(((await reviewer.gql(DASHBOARD)) as any).data.adminDashboard.productsToReview).toBe(
      queue.data.reviewProducts.totalCount,
    );
    const all: any = await admin.gql(QUEUE, { s: 'PENDING', m: noorderhaven.id });
    expect(ids(all)).toEqual(expect.arrayContaining([split.id, noorderhavenOnly.id]));
    expect(((await admin.gql(DASHBOARD)) as any).data.adminDashboard.productsToReview).toBeGreaterThan(
      queue.data.reviewProducts.totalCount,
    );

    // Deciding for Noorderhaven is refused, alone or together with Zuiderveen, and changes nothing.
    for (const m of [[noorderhaven.id], [zuiderveen.id, noorderhaven.id]]) {
      const r: any = await reviewer.gql(APPROVE, { id: split.id, m });
      expect(r.data.approveProduct.product).toBeNull();
      expect(r.data.approveProduct.errors[0]).toMatchObject({ field: 'municipalityIds', code: 'FORBIDDEN' });
      expect(r.data.approveProduct.errors[0].message).toMatch(/Gemeente Noorderhaven hoort daar niet bij/);
    }
    const rejectN: any = await reviewer.gql(REJECT, {
      id: noorderhavenOnly.id,
      r: 'Niet voor onze inwoners.',
      m: [noorderhaven.id],
    });
    expect(rejectN.data.rejectProduct.errors[0]).toMatchObject({ code: 'FORBIDDEN' });
    const nothingOpen: any = await reviewer.gql(REJECT, { id: noorderhavenOnly.id, r: 'Niet voor onze inwoners.' });
    expect(nothingOpen.data.rejectProduct.errors[0]).toMatchObject({ code: 'INVALID_TRANSITION' });
    expect(decisionsOf(((await admin.gql(REVIEW_ONE, { id: split.id })) as any).data.reviewProduct)).toEqual([
      ['noorderhaven', 'PENDING'],
      ['zuiderveen', 'PENDING'],
    ]);
    expect(decisionsOf(((await admin.gql(REVIEW_ONE, { id: noorderhavenOnly.id })) as any).data.reviewProduct)).toEqual(
      [
        ['noorderhaven', 'PENDING'],
        ['zuiderveen', 'APPROVED'],
      ],
    );

    // Zuiderveen approves; the reviewer sees Zuiderveen's decision only; Noorderhaven still has to decide.
    const approved: any = await reviewer.gql(APPROVE, { id: split.id });
    expect(approved.data.approveProduct.errors).toEqual([]);
    expect(decisionsOf(approved.data.approveProduct.product)).toEqual([['zuiderveen', 'APPROVED']]);
    expect(ids(await reviewer.gql(QUEUE, { s: 'PENDING' }))).not.toContain(split.id);
    expect(ids(await admin.gql(QUEUE, { s: 'PENDING', m: noorderhaven.id }))).toContain(split.id);
    // Noorderhaven rejects it (the Beheerder, for Noorderhaven only).
    const reason = 'Klimles valt in Noorderhaven niet onder de minimaregeling.';
    const rejected: any = await admin.gql(REJECT, { id: split.id, r: reason, m: [noorderhaven.id] });
    expect(rejected.data.rejectProduct.errors).toEqual([]);
    expect(rejected.data.rejectProduct.product.status).toBe('APPROVED');
    expect(rejected.data.rejectProduct.product.approvals).toEqual([
      { status: 'REJECTED', reason, municipality: { slug: 'noorderhaven' } },
      { status: 'APPROVED', reason: null, municipality: { slug: 'zuiderveen' } },
    ]);
    expect(ids(await admin.gql(QUEUE, { s: 'REJECTED', m: noorderhaven.id }))).toContain(split.id);
    expect(ids(await reviewer.gql(QUEUE, { s: 'REJECTED' }))).not.toContain(split.id);
  });

  it('shows a product approved in Zuiderveen only to Zuiderveen’s residents and to visitors, never to Noorderhaven’s', async () => {
    // List, search, product page, category count.
    expect(await offerIds(residentZ)).toContain(split.id);
    expect(await offerIds(residentZ, { search: split.title })).toContain(split.id);
    expect(((await residentZ.gql(PUBLIC, { id: split.id })) as any).data.product.title).toBe(split.title);
    expect(await offerIds(residentN)).not.toContain(split.id);
    expect(await offerIds(residentN, { search: split.title })).not.toContain(split.id);
    expect(((await residentN.gql(PUBLIC, { id: split.id })) as any).data.product).toBeNull();
    for (const c of [residentZ, residentN, visitor]) {
      const count = ((await c.gql(CATEGORY, { id: categoryId })) as any).data.category.productCount;
      expect(count).toBe(((await c.gql(OFFER, { categoryId })) as any).data.products.totalCount);
    }
    const inCategory = async (c: TestClient) =>
      ((await c.gql(CATEGORY, { id: categoryId })) as any).data.category.productCount;
    expect(await inCategory(residentZ)).toBeGreaterThan(await inCategory(residentN));
    // A visitor sees the regional shop window: approved in at least one municipality.
    expect(await offerIds(visitor, { search: split.title })).toContain(split.id);
    expect(((await visitor.gql(PUBLIC, { id: split.id })) as any).data.product).not.toBeNull();
    const sitemap = await (await visitor.fetch('/sitemap.xml')).text();
    expect(sitemap).toContain(`/${split.id}</loc>`);
    // "Examentraining" waits for both municipalities: in nobody's offer, not in the sitemap.
    const waiting = await productOf(2, 'Examentraining muziek (havo/vwo)');
    expect(((await visitor.gql(PUBLIC, { id: waiting.id })) as any).data.product).toBeNull();
    expect(sitemap).not.toContain(waiting.id);
  });

  it('refuses a Noorderhaven resident’s cart and checkout for a product not approved in Noorderhaven', async () => {
    const added: any = await residentN.gql(ADD, { p: split.id });
    expect(added.data.addToCart.errors).toEqual([
      {
        field: 'productId',
        code: 'NOT_OFFERED_HERE',
        message: 'Dit product wordt in uw gemeente niet aangeboden. U kunt het daarom niet bestellen.',
      },
    ]);
    expect(added.data.addToCart.cart.lineCount).toBe(0);
    const merged: any = await residentN.gql(MERGE, { lines: [{ productId: split.id, quantity: 1 }] });
    expect(merged.data.mergeCart.errors[0].code).toBe('UNAVAILABLE');
    expect(merged.data.mergeCart.cart.lineCount).toBe(0);
    const preview: any = await residentN.gql(PREVIEW, { lines: [{ productId: split.id, quantity: 1 }] });
    expect(preview.data.checkoutPreview.canOrder).toBe(false);
    expect(preview.data.checkoutPreview.errors[0]).toMatchObject({ code: 'NOT_OFFERED_HERE' });
    const checkout: any = await residentN.gql(CHECKOUT, {
      input: { idempotencyKey: randomUUID(), lines: [{ productId: split.id, quantity: 1 }] },
    });
    expect(checkout.data.checkout.orders).toEqual([]);
    expect(checkout.data.checkout.errors).toEqual([
      {
        code: 'NOT_OFFERED_HERE',
        message: `‘${split.title}’ wordt in uw gemeente niet aangeboden. Haal het uit uw winkelwagen.`,
      },
    ]);
    const em = server.orm.em.fork();
    expect(await em.execute(`select 1 from order_line where product_id = ?`, [split.id])).toEqual([]);
    // A Zuiderveen resident can put it in the cart.
    const ok: any = await residentZ.gql(ADD, { p: split.id });
    expect(ok.data.addToCart.errors).toEqual([]);
    expect(
      ok.data.addToCart.cart.groups.flatMap((g: any) => g.lines).find((l: any) => l.productId === split.id).available,
    ).toBe(true);
  });

  it('takes a withdrawn provider’s products out of that municipality’s offer and cart, and asks again when it returns', async () => {
    const provider2 = server.client();
    await provider2.loginProvider(demoProviderEmail(2), DEMO_PASSWORD);
    const zangles = await productOf(2, 'Zangles en kinderkoor'); // approved in both
    const musical = await productOf(2, 'Musicalklas voor tieners'); // approved in Noorderhaven, pending in Zuiderveen
    expect(await offerIds(residentN)).toContain(zangles.id);
    expect(((await residentN.gql(ADD, { p: zangles.id })) as any).data.addToCart.errors).toEqual([]);

    const withdrawn: any = await provider2.gql(WITHDRAW, { m: noorderhaven.id });
    expect(withdrawn.data.withdrawMembership.errors).toEqual([]);

    // Out of Noorderhaven's offer; Zuiderveen keeps it.
    expect(await offerIds(residentN)).not.toContain(zangles.id);
    expect(((await residentN.gql(PUBLIC, { id: zangles.id })) as any).data.product).toBeNull();
    expect(await offerIds(residentZ)).toContain(zangles.id);
    // The resident's cart line is shown as not orderable, with the reason; the checkout refuses it.
    const cart: any = await residentN.gql(MY_CART);
    expect(cart.data.myCart.hasUnavailable).toBe(true);
    expect(
      cart.data.myCart.groups.flatMap((g: any) => g.lines).find((l: any) => l.productId === zangles.id),
    ).toMatchObject({
      title: zangles.title,
      available: false,
      unavailableReason: 'Dit product wordt in uw gemeente niet aangeboden. U kunt het daarom niet bestellen.',
    });
    const checkout: any = await residentN.gql(CHECKOUT, { input: { idempotencyKey: randomUUID() } });
    expect(checkout.data.checkout.errors.map((e: any) => e.code)).toContain('NOT_OFFERED_HERE');
    // Musicalklas was in Noorderhaven's offer only: now it is in nobody's, and waits for Zuiderveen.
    expect(((await visitor.gql(PUBLIC, { id: musical.id })) as any).data.product).toBeNull();
    const mine: any = await provider2.gql(
      `query($id:ID!){ myProduct(id:$id){ status approvals { status municipality { slug } } } }`,
      { id: musical.id },
    );
    expect(mine.data.myProduct.status).toBe('SUBMITTED');
    expect(decisionsOf(mine.data.myProduct)).toEqual([['zuiderveen', 'PENDING']]);
    // The decision stays as history.
    const em = server.orm.em.fork();
    const [kept] = await em.execute<{ status: string }[]>(
      `select status from product_approval where product_id = ? and municipality_id = ?`,
      [zangles.id, noorderhaven.id],
    );
    expect(kept!.status).toBe('APPROVED');

    // The provider applies again and is approved: Noorderhaven decides afresh; nothing is in its offer before that.
    const terms: any = await provider2.gql(TERMS, { id: noorderhaven.id });
    const applied: any = await provider2.gql(APPLY, { m: noorderhaven.id, t: terms.data.myMunicipality.terms.id });
    expect(applied.data.applyForMembership.errors).toEqual([]);
    const membership: any = await admin.gql(APPROVE_MEMBERSHIP, { id: applied.data.applyForMembership.membership.id });
    expect(membership.data.approveMembership.errors).toEqual([]);
    expect(await offerIds(residentN)).not.toContain(zangles.id);
    const queue: any = await admin.gql(QUEUE, { s: 'PENDING', m: noorderhaven.id });
    expect(ids(queue)).toEqual(expect.arrayContaining([zangles.id, musical.id]));
    const approved: any = await admin.gql(APPROVE, { id: zangles.id, m: [noorderhaven.id] });
    expect(approved.data.approveProduct.errors).toEqual([]);
    expect(await offerIds(residentN)).toContain(zangles.id);
  });

  it('opens decisions for a provider’s submitted products when its membership is approved', async () => {
    const em = server.orm.em.fork();
    const user6 = await em.findOneOrFail(ProviderUser, { email: demoProviderEmail(6) });
    const waiting = await em.find(Product, { provider: user6.provider.id, status: 'SUBMITTED' as never });
    expect(waiting).toHaveLength(3);
    // No municipality can decide yet: not in any queue.
    expect(ids(await reviewer.gql(QUEUE, { s: 'PENDING' }))).not.toContain(waiting[0]!.id);
    const [membership] = await em.execute<{ id: string }[]>(
      `select id from provider_membership where provider_id = ?`,
      [user6.provider.id],
    );
    const approved: any = await reviewer.gql(APPROVE_MEMBERSHIP, { id: membership!.id });
    expect(approved.data.approveMembership.errors).toEqual([]);
    expect(ids(await reviewer.gql(QUEUE, { s: 'PENDING' }))).toEqual(expect.arrayContaining(waiting.map((p) => p.id)));
    expect(await offerIds(residentZ)).not.toContain(waiting[0]!.id);
  });

  it('approves for every municipality in scope at once, one e-mail per municipality', async () => {
    const p = await newSubmittedProduct(provider1, `Tafeltennis ${randomUUID().slice(0, 6)}`);
    const r: any = await admin.gql(APPROVE, { id: p.id });
    expect(r.data.approveProduct.errors).toEqual([]);
    expect(decisionsOf(r.data.approveProduct.product)).toEqual([
      ['noorderhaven', 'APPROVED'],
      ['zuiderveen', 'APPROVED'],
    ]);
    expect(await offerIds(residentN, { search: p.title })).toContain(p.id);
    const em = server.orm.em.fork();
    const mails = await em.execute<{ subject: string }[]>(
      `select subject from mail_message where template_key = 'PRODUCT_APPROVED' and body like ? order by subject`,
      [`%${p.id}%`],
    );
    expect(mails.map((m) => m.subject)).toEqual([
      `Uw product "${p.title}" is goedgekeurd door Gemeente Noorderhaven`,
      `Uw product "${p.title}" is goedgekeurd door Gemeente Zuiderveen`,
    ]);
  });

  it('shows the decisions only to the owning provider and to reviewers', async () => {
    const query = `query($id:ID!){ product(id:$id){ id approvals { status } } }`;
    const anonymous: any = await visitor.gql(query, { id: split.id });
    expect(anonymous.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const customer: any = await residentZ.gql(query, { id: split.id });
    expect(customer.errors[0].extensions.code).toBe('FORBIDDEN');
    const other = server.client();
    await other.loginProvider(demoProviderEmail(2), DEMO_PASSWORD);
    expect(((await other.gql(query, { id: split.id })) as any).data.product.approvals).toEqual([]);
    expect(((await provider1.gql(query, { id: split.id })) as any).data.product.approvals).toHaveLength(2);
    expect(((await reviewer.gql(query, { id: split.id })) as any).data.product.approvals).toHaveLength(1);
  });
});
