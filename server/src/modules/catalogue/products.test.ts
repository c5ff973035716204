import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, demoProviderEmail } from '../../seeders/demo-accounts.js';
import { ProviderUser } from '../providers/provider-user.entity.js';
import { Category } from './category.entity.js';

const FIELDS = `id title slug description descriptionHtml priceCents status availability redemptionMethod submittedAt
  approvals { status reason decidedAt municipality { slug } } category { id name } provider { id name }`;
const CREATE = `mutation($input: ProductInput!){ createProduct(input:$input){ errors { field code message } product { ${FIELDS} } } }`;
const UPDATE = `mutation($id:ID!,$input: ProductInput!){ updateProduct(id:$id,input:$input){ errors { field code message } product { ${FIELDS} } } }`;
const SUBMIT = `mutation($id:ID!){ submitProduct(id:$id){ errors { field code message } product { id status submittedAt approvals { status reason municipality { slug } } } } }`;
const ARCHIVE = `mutation($id:ID!){ archiveProduct(id:$id){ errors { field code message } product { id status } } }`;
const DECISION = `errors { field code message } product { id status approvals { status reason decidedAt municipality { slug } } }`;
const APPROVE = `mutation($id:ID!,$m:[ID!]){ approveProduct(id:$id, municipalityIds:$m){ ${DECISION} } }`;
const REJECT = `mutation($id:ID!,$reason:String!,$m:[ID!]){ rejectProduct(id:$id,reason:$reason, municipalityIds:$m){ ${DECISION} } }`;
const MINE = `query($id:ID!){ myProduct(id:$id){ ${FIELDS} } }`;
const REVIEW_ONE = `query($id:ID!){ reviewProduct(id:$id){ id status title provider { id } } }`;
const REVIEW_LIST = `query($approvalStatus: ProductApprovalStatus, $status: ProductStatus, $providerId: ID, $first:Int, $after:String){
  reviewProducts(filter:{approvalStatus:$approvalStatus, status:$status, providerId:$providerId}, first:$first, after:$after){
    totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id status title submittedAt createdAt provider { id }
      approvals { status reason requestedAt decidedAt municipality { slug } } } } } }`;
const PUBLIC = `query($id:ID!){ product(id:$id){ id title descriptionHtml } }`;

describe('products: provider CRUD, the state machine, review, ownership', () => {
  let server: TestServer;
  let provider1: TestClient;
  let provider2: TestClient;
  let reviewer: TestClient; // Aanbiederbeheer, scope: Zuiderveen
  let admin: TestClient; // Beheerder, every municipality
  let editor: TestClient; // Redactie: no PRODUCT_REVIEW
  let categoryId: string;
  let otherCategoryId: string;

  const input = (over: Record<string, unknown> = {}) => ({
    title: 'Tennisles voor de jeugd',
    description: 'Tien lessen **tennis** op gravel.\n\nRackets zijn te leen.',
    priceCents: 12_50,
    categoryId,
    availability: 'AVAILABLE',
    redemptionMethod: 'PICKUP',
    ...over,
  });

  async function create(client: TestClient, over: Record<string, unknown> = {}) {
    const r: any = await client.gql(CREATE, { input: input(over) });
    expect(r.errors).toBeUndefined();
    expect(r.data.createProduct.errors).toEqual([]);
    return r.data.createProduct.product;
  }

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    provider1 = server.client();
    await provider1.loginProvider(demoProviderEmail(1), DEMO_PASSWORD);
    provider2 = server.client();
    await provider2.loginProvider(demoProviderEmail(2), DEMO_PASSWORD);
    reviewer = server.client();
    await reviewer.loginStaff('aanbiederbeheer@demo.gemeentewinkel.nl', DEMO_PASSWORD);
    admin = server.client();
    await admin.loginStaff('beheerder@demo.gemeentewinkel.nl', DEMO_PASSWORD);
    editor = server.client();
    await editor.loginStaff('redactie@demo.gemeentewinkel.nl', DEMO_PASSWORD);
    const em = server.orm.em.fork();
    const cats = await em.find(Category, {}, { orderBy: { sortOrder: 'asc' } });
    categoryId = cats[0]!.id;
    otherCategoryId = cats[1]!.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('creates a draft with a slug, Markdown rendered to HTML, and Dutch-labelled enums', async () => {
    const p = await create(provider1);
    expect(p).toMatchObject({
      title: 'Tennisles voor de jeugd',
      slug: 'tennisles-voor-de-jeugd',
      priceCents: 1250,
      status: 'DRAFT',
      availability: 'AVAILABLE',
      redemptionMethod: 'PICKUP',
      approvals: [],
      category: { id: categoryId },
    });
    expect(p.descriptionHtml).toBe(
      '<p>Tien lessen <strong>tennis</strong> op gravel.</p>\n<p>Rackets zijn te leen.</p>\n',
    );
    const mine: any = await provider1.gql(MINE, { id: p.id });
    expect(mine.data.myProduct.id).toBe(p.id);
    // A draft is not public.
    expect(((await server.client().gql(PUBLIC, { id: p.id })) as any).data.product).toBeNull();
  });

  it('accepts the price limits exactly: 1 cent and € 10.000', async () => {
    expect((await create(provider1, { priceCents: 1 })).priceCents).toBe(1);
    expect((await create(provider1, { priceCents: 1_000_000 })).priceCents).toBe(1_000_000);
  });

  it('refuses every bad input with Dutch messages on the right field, and stores nothing', async () => {
    const em = server.orm.em.fork();
    const before = Number((await em.execute<{ n: string }[]>(`select count(*)::text as n from product`))[0]!.n);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ title: 'ab' }, 'title', /tussen 3 en 120 tekens/],
      [{ title: 'x'.repeat(121) }, 'title', /tussen 3 en 120 tekens/],
      [{ title: '   ' }, 'title', /Vul een titel in/],
      [{ priceCents: 0 }, 'priceCents', /tussen € 0,01 en € 10\.000,00/],
      [{ priceCents: -5 }, 'priceCents', /tussen € 0,01 en € 10\.000,00/],
      [{ priceCents: 1_000_001 }, 'priceCents', /tussen € 0,01 en € 10\.000,00/],
      [{ description: 'x'.repeat(10_001) }, 'description', /hoogstens 10\.000 tekens/],
      [{ categoryId: 'geen-uuid' }, 'categoryId', /Kies een categorie/],
      [{ categoryId: '00000000-0000-4000-8000-000000000000' }, 'categoryId', /Kies een categorie/],
    ];
    for (const [over, field, message] of cases) {
      const r: any = await provider1.gql(CREATE, { input: input(over) });
      expect(r.data.createProduct.product, JSON.stringify(over).slice(0, 60)).toBeNull();
      expect(r.data.createProduct.errors).toHaveLength(1);
      expect(r.data.createProduct.errors[0].field).toBe(field);
      expect(r.data.createProduct.errors[0].message).toMatch(message);
    }
    // Several problems at once: every field gets its own error.
    const many: any = await provider1.gql(CREATE, { input: input({ title: 'a', priceCents: 0, categoryId: 'x' }) });
    expect(many.data.createProduct.errors.map((e: any) => e.field).sort()).toEqual([
      'categoryId',
      'priceCents',
      'title',
    ]);
    // Not an integer, or an unknown enum value: refused by the schema before the service.
    for (const over of [{ priceCents: 12.5 }, { redemptionMethod: 'TELEPORT' }, { availability: 'SOMETIMES' }]) {
      const r: any = await provider1.gql(CREATE, { input: input(over) });
      expect(r.errors?.[0]?.extensions?.code, JSON.stringify(over)).toMatch(/BAD_USER_INPUT|GRAPHQL_VALIDATION_FAILED/);
    }
    const after = Number((await em.execute<{ n: string }[]>(`select count(*)::text as n from product`))[0]!.n);
    expect(after).toBe(before);
  });

  it('never renders provider input as script: raw HTML is escaped, javascript: and data: links are dropped', async () => {
    const payloads = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '[klik](javascript:alert(1))',
      '[klik](JaVaScRiPt:alert(1))',
      '[klik](java\tscript:alert(1))',
      '[klik](&#106;avascript:alert(1))',
      '[klik](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '[klik](vbscript:msgbox(1))',
      '<a href="javascript:alert(1)">klik</a>',
      '![x](javascript:alert(1))',
      '<svg onload=alert(1)>',
      '[klik](https://example.org "title\\" onmouseover=\\"alert(1)")',
    ];
    const p = await create(provider1, {
      description: payloads.join('\n\n') + '\n\n[goede link](https://www.example.org/pad)',
    });
    const html: string = p.descriptionHtml;
    expect(html).not.toMatch(/<script|<img|<svg|<iframe/i);
    expect(html).not.toMatch(/href="\s*(javascript|vbscript|data):/i);
    expect(html).not.toMatch(/\son\w+="/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain(
      '<a href="https://www.example.org/pad" rel="nofollow noopener noreferrer ugc">goede link</a>',
    );
    // The title is plain text everywhere (GraphQL returns it as a string; the client never renders it as HTML).
    const t = await create(provider1, { title: '<b>Vet</b> product' });
    expect(t.title).toBe('<b>Vet</b> product');
    expect(t.slug).toBe('b-vet-b-product');
  });

  it('previews a description exactly as the product page renders it, for providers only', async () => {
    const source =
      '## Wat u krijgt\n\n**Tien** lessen, *gratis* rackets:\n\n- gravel\n- les\n\n1. aanmelden\n2. spelen\n\n[meer](https://example.org) <script>x</script> [slecht](javascript:alert(1))';
    const p = await create(provider1, { description: source });
    const preview: any = await provider1.gql(`query($s:String!){ previewMarkdown(source:$s) }`, { s: source });
    expect(preview.data.previewMarkdown).toBe(p.descriptionHtml);
    expect(preview.data.previewMarkdown).toContain('<h4>Wat u krijgt</h4>');
    expect(preview.data.previewMarkdown).toContain('<ol>');
    expect(preview.data.previewMarkdown).not.toContain('<script');
    const anonymous: any = await server.client().gql(`query($s:String!){ previewMarkdown(source:$s) }`, { s: source });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('runs the whole review cycle per municipality: submit, reject with a reason, fix, resubmit, approve', async () => {
    // Provider 1 is an approved provider in Zuiderveen and Noorderhaven: each municipality decides for itself.
    const p = await create(provider1, { title: 'Padel voor beginners' });
    // A draft can not be decided on.
    const early: any = await reviewer.gql(APPROVE, { id: p.id });
    expect(early.data.approveProduct.errors[0]).toMatchObject({ code: 'INVALID_TRANSITION' });
    expect(early.data.approveProduct.errors[0].message).toMatch(/Alleen een ingediend product/);

    // Submitting opens a decision in every municipality where the provider is approved; it is frozen meanwhile.
    const submitted: any = await provider1.gql(SUBMIT, { id: p.id });
    expect(submitted.data.submitProduct.product.status).toBe('SUBMITTED');
    expect(submitted.data.submitProduct.product.submittedAt).toBeTruthy();
    expect(submitted.data.submitProduct.product.approvals).toEqual([
      { status: 'PENDING', reason: null, municipality: { slug: 'noorderhaven' } },
      { status: 'PENDING', reason: null, municipality: { slug: 'zuiderveen' } },
    ]);
    const again: any = await provider1.gql(SUBMIT, { id: p.id });
    expect(again.data.submitProduct.errors[0].message).toMatch(
      /Alleen een concept of een afgekeurd product kunt u indienen/,
    );
    const frozen: any = await provider1.gql(UPDATE, { id: p.id, input: input({ title: 'Padel voor iedereen' }) });
    expect(frozen.data.updateProduct.errors[0]).toMatchObject({ code: 'INVALID_TRANSITION' });
    expect(frozen.data.updateProduct.errors[0].message).toMatch(/wordt beoordeeld/);

    // It is in the review queue of the Zuiderveen reviewer, who sees only Zuiderveen's decision.
    const queue: any = await reviewer.gql(REVIEW_LIST, { approvalStatus: 'PENDING', first: 100 });
    const queued = queue.data.reviewProducts.edges.find((e: any) => e.node.id === p.id);
    expect(queued.node.approvals.map((a: any) => [a.municipality.slug, a.status])).toEqual([['zuiderveen', 'PENDING']]);

    // A reason is required.
    for (const reason of ['', '    ', 'kort']) {
      const r: any = await admin.gql(REJECT, { id: p.id, reason });
      expect(r.data.rejectProduct.product).toBeNull();
      expect(r.data.rejectProduct.errors[0]).toMatchObject({ field: 'reason', code: 'REQUIRED' });
    }
    // The Beheerder (every municipality) rejects it for both at once.
    const reason = 'Vermeld de leeftijd van de deelnemers en hoe lang de cursus duurt.';
    const rejected: any = await admin.gql(REJECT, { id: p.id, reason: `  ${reason}  ` });
    expect(rejected.data.rejectProduct.errors).toEqual([]);
    expect(rejected.data.rejectProduct.product.status).toBe('REJECTED');
    expect(
      rejected.data.rejectProduct.product.approvals.map((a: any) => [a.municipality.slug, a.status, a.reason]),
    ).toEqual([
      ['noorderhaven', 'REJECTED', reason],
      ['zuiderveen', 'REJECTED', reason],
    ]);

    // The provider sees the reasons per municipality, fixes the product (it stays rejected until resubmitted), and resubmits.
    const seen: any = await provider1.gql(MINE, { id: p.id });
    expect(seen.data.myProduct.status).toBe('REJECTED');
    expect(seen.data.myProduct.approvals.map((a: any) => a.reason)).toEqual([reason, reason]);
    const fixed: any = await provider1.gql(UPDATE, {
      id: p.id,
      input: input({
        title: 'Padel voor beginners (8-12 jaar, 10 weken)',
        description: 'Tien weken padel voor kinderen van 8 tot 12 jaar.',
      }),
    });
    expect(fixed.data.updateProduct.errors).toEqual([]);
    expect(fixed.data.updateProduct.product).toMatchObject({
      status: 'REJECTED',
      slug: 'padel-voor-beginners-8-12-jaar-10-weken',
    });
    const resubmitted: any = await provider1.gql(SUBMIT, { id: p.id });
    expect(resubmitted.data.submitProduct.product.status).toBe('SUBMITTED');
    expect(resubmitted.data.submitProduct.product.approvals.map((a: any) => [a.status, a.reason])).toEqual([
      ['PENDING', null],
      ['PENDING', null],
    ]);

    // Zuiderveen approves: it is in Zuiderveen's offer, and still waits for Noorderhaven.
    const approved: any = await reviewer.gql(APPROVE, { id: p.id });
    expect(approved.data.approveProduct.errors).toEqual([]);
    expect(approved.data.approveProduct.product.status).toBe('APPROVED');
    expect(approved.data.approveProduct.product.approvals.map((a: any) => [a.municipality.slug, a.status])).toEqual([
      ['zuiderveen', 'APPROVED'],
    ]);
    const twice: any = await reviewer.gql(APPROVE, { id: p.id });
    expect(twice.data.approveProduct.errors[0]).toMatchObject({ code: 'INVALID_TRANSITION' });
    expect(twice.data.approveProduct.errors[0].message).toMatch(
      /wacht in uw gemeenten niet \(meer\) op een beoordeling/,
    );
    const mine: any = await provider1.gql(MINE, { id: p.id });
    expect(mine.data.myProduct.approvals.map((a: any) => [a.municipality.slug, a.status])).toEqual([
      ['noorderhaven', 'PENDING'],
      ['zuiderveen', 'APPROVED'],
    ]);

    // Now it is public.
    const pub: any = await server.client().gql(PUBLIC, { id: p.id });
    expect(pub.data.product.title).toBe('Padel voor beginners (8-12 jaar, 10 weken)');

    // Every municipality's decision was e-mailed to the provider's user, naming the municipality, and audited.
    const em = server.orm.em.fork();
    const mails = await em.execute<{ template_key: string; subject: string; body: string }[]>(
      `select template_key, subject, body from mail_message where to_address = ? and template_key like 'PRODUCT_%' and body like ? order by created_at, subject`,
      [demoProviderEmail(1), `%/aanbieder/producten/${p.id}%`],
    );
    expect(mails.map((m) => [m.template_key, m.subject])).toEqual([
      ['PRODUCT_REJECTED', 'Uw product "Padel voor beginners" is afgekeurd door Gemeente Noorderhaven'],
      ['PRODUCT_REJECTED', 'Uw product "Padel voor beginners" is afgekeurd door Gemeente Zuiderveen'],
      [
        'PRODUCT_APPROVED',
        'Uw product "Padel voor beginners (8-12 jaar, 10 weken)" is goedgekeurd door Gemeente Zuiderveen',
      ],
    ]);
    expect(mails[0]!.body).toContain(reason);
    const audit = await em.execute<{ action: string; details: Record<string, unknown> }[]>(
      `select action, details from audit_log where subject_type = 'product' and subject_id = ? order by id`,
      [p.id],
    );
    expect(audit.map((a) => a.action)).toEqual([
      'PRODUCT_CREATED',
      'PRODUCT_SUBMITTED',
      'PRODUCT_REJECTED',
      'PRODUCT_REJECTED',
      'PRODUCT_UPDATED',
      'PRODUCT_SUBMITTED',
      'PRODUCT_APPROVED',
    ]);
    const zuiderveenId = (
      await em.execute<{ id: string }[]>(`select id from municipality where slug = 'zuiderveen'`)
    )[0]!.id;
    expect(audit[6]!.details).toEqual({ municipalityId: zuiderveenId });
    expect(audit[2]!.details).toMatchObject({ reason });
  });

  it('takes an approved product out of every offer when its content changes, but not for availability alone', async () => {
    const p = await create(provider1, { title: 'Squash proefles' });
    await provider1.gql(SUBMIT, { id: p.id });
    const approved: any = await admin.gql(APPROVE, { id: p.id });
    expect(approved.data.approveProduct.product.approvals.map((a: any) => a.status)).toEqual(['APPROVED', 'APPROVED']);
    const unavailable: any = await provider1.gql(UPDATE, {
      id: p.id,
      input: input({ title: 'Squash proefles', availability: 'TEMPORARILY_UNAVAILABLE' }),
    });
    expect(unavailable.data.updateProduct.product).toMatchObject({
      status: 'APPROVED',
      availability: 'TEMPORARILY_UNAVAILABLE',
    });
    const priced: any = await provider1.gql(UPDATE, {
      id: p.id,
      input: input({ title: 'Squash proefles', priceCents: 999 }),
    });
    expect(priced.data.updateProduct.product).toMatchObject({ status: 'DRAFT', priceCents: 999, approvals: [] });
    expect(((await server.client().gql(PUBLIC, { id: p.id })) as any).data.product).toBeNull();
    // Submitted again: every municipality decides again.
    const again: any = await provider1.gql(SUBMIT, { id: p.id });
    expect(again.data.submitProduct.product.approvals.map((a: any) => a.status)).toEqual(['PENDING', 'PENDING']);
    expect(((await server.client().gql(PUBLIC, { id: p.id })) as any).data.product).toBeNull();
  });

  it('archives: from any state but archived, and an archived product can not change any more', async () => {
    const p = await create(provider1, { title: 'Oude cursus' });
    const archived: any = await provider1.gql(ARCHIVE, { id: p.id });
    expect(archived.data.archiveProduct.product.status).toBe('ARCHIVED');
    const twice: any = await provider1.gql(ARCHIVE, { id: p.id });
    expect(twice.data.archiveProduct.errors[0].message).toBe('Dit product is al gearchiveerd.');
    const edit: any = await provider1.gql(UPDATE, { id: p.id, input: input() });
    expect(edit.data.updateProduct.errors[0].message).toMatch(/gearchiveerd product kunt u niet meer wijzigen/);
    const submit: any = await provider1.gql(SUBMIT, { id: p.id });
    expect(submit.data.submitProduct.errors[0].code).toBe('INVALID_TRANSITION');
  });

  it('never lets a provider read or change another provider’s products', async () => {
    const p = await create(provider1, { title: 'Alleen van aanbieder 1' });
    const read: any = await provider2.gql(MINE, { id: p.id });
    expect(read.errors).toBeUndefined();
    expect(read.data.myProduct).toBeNull();
    for (const [query, vars, key] of [
      [UPDATE, { id: p.id, input: input({ title: 'Overgenomen' }) }, 'updateProduct'],
      [SUBMIT, { id: p.id }, 'submitProduct'],
      [ARCHIVE, { id: p.id }, 'archiveProduct'],
    ] as const) {
      const r: any = await provider2.gql(query, vars);
      expect(r.data[key].product, key).toBeNull();
      expect(r.data[key].errors[0], key).toMatchObject({ code: 'NOT_FOUND', message: 'Dit product is niet gevonden.' });
    }
    const mine: any = await provider2.gql(`{ myProducts(first: 100) { edges { node { id } } } }`);
    expect(mine.data.myProducts.edges.map((e: any) => e.node.id)).not.toContain(p.id);
    const still: any = await provider1.gql(MINE, { id: p.id });
    expect(still.data.myProduct).toMatchObject({ title: 'Alleen van aanbieder 1', status: 'DRAFT' });
    // Staff, customers and visitors can not use the provider mutations at all.
    const anon: any = await server.client().gql(CREATE, { input: input() });
    expect(anon.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const staff: any = await admin.gql(SUBMIT, { id: p.id });
    expect(staff.errors[0].extensions.code).toBe('FORBIDDEN');
    // …and providers can not review.
    const selfApprove: any = await provider1.gql(APPROVE, { id: p.id });
    expect(selfApprove.errors[0].extensions.code).toBe('FORBIDDEN');
    const noReview: any = await editor.gql(REVIEW_LIST, { approvalStatus: 'PENDING' });
    expect(noReview.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('limits review to the reviewer’s municipalities', async () => {
    const em = server.orm.em.fork();
    // Provider 5 moves to Noorderhaven only: the Zuiderveen reviewer no longer sees its products; the Beheerder does.
    const user5 = await em.findOneOrFail(ProviderUser, { email: demoProviderEmail(5) });
    const provider5 = server.client();
    await provider5.loginProvider(demoProviderEmail(5), DEMO_PASSWORD);
    await em.execute(
      `update provider_membership set municipality_id = (select id from municipality where slug = 'noorderhaven') where provider_id = ?`,
      [user5.provider.id],
    );
    const p = await create(provider5, { title: 'Fietsles voor volwassenen', categoryId: otherCategoryId });
    await provider5.gql(SUBMIT, { id: p.id });
    const list: any = await reviewer.gql(REVIEW_LIST, { approvalStatus: 'PENDING', first: 100 });
    expect(list.data.reviewProducts.edges.map((e: any) => e.node.id)).not.toContain(p.id);
    expect(((await reviewer.gql(REVIEW_ONE, { id: p.id })) as any).data.reviewProduct).toBeNull();
    const denied: any = await reviewer.gql(APPROVE, { id: p.id });
    expect(denied.data.approveProduct.errors[0].code).toBe('NOT_FOUND');
    const byProvider: any = await reviewer.gql(REVIEW_LIST, { providerId: user5.provider.id });
    expect(byProvider.data.reviewProducts.totalCount).toBe(0);

    expect(((await admin.gql(REVIEW_ONE, { id: p.id })) as any).data.reviewProduct.id).toBe(p.id);
    const ok: any = await admin.gql(APPROVE, { id: p.id });
    expect(ok.data.approveProduct.product.status).toBe('APPROVED');
    expect(ok.data.approveProduct.product.approvals.map((a: any) => [a.municipality.slug, a.status])).toEqual([
      ['noorderhaven', 'APPROVED'],
    ]);
  });

  it('orders the queue oldest submission first, the rejected list newest decision first, and pages without gaps', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const p = await create(provider1, { title: `Wachtrijproduct ${i + 1}` });
      await provider1.gql(SUBMIT, { id: p.id });
      ids.push(p.id);
    }
    const seen: any[] = [];
    let after: string | null = null;
    do {
      const r: any = await reviewer.gql(REVIEW_LIST, { approvalStatus: 'PENDING', first: 2, after });
      expect(r.errors).toBeUndefined();
      seen.push(...r.data.reviewProducts.edges.map((e: any) => e.node));
      after = r.data.reviewProducts.pageInfo.hasNextPage ? r.data.reviewProducts.pageInfo.endCursor : null;
    } while (after);
    expect(new Set(seen.map((n) => n.id)).size).toBe(seen.length);
    expect(seen.every((n) => n.approvals.some((a: any) => a.status === 'PENDING'))).toBe(true);
    const times = seen.map((n) =>
      Math.min(...n.approvals.filter((a: any) => a.status === 'PENDING').map((a: any) => Date.parse(a.requestedAt))),
    );
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // Ours were submitted last, in this order.
    expect(seen.slice(-5).map((n) => n.id)).toEqual(ids);

    await reviewer.gql(REJECT, { id: ids[0], reason: 'Eerste afkeuring met een reden.' });
    await reviewer.gql(REJECT, { id: ids[1], reason: 'Tweede afkeuring met een reden.' });
    const rejected: any = await reviewer.gql(REVIEW_LIST, { approvalStatus: 'REJECTED', first: 2 });
    expect(rejected.data.reviewProducts.edges.map((e: any) => e.node.id)).toEqual([ids[1], ids[0]]);
    // Rejected in Zuiderveen, still waiting in Noorderhaven: the product is "submitted" as a whole.
    expect(rejected.data.reviewProducts.edges[0].node.status).toBe('SUBMITTED');

    // A cursor of another list, or a forged one, is refused with a Dutch message (never a server error).
    const mixed: any = await reviewer.gql(REVIEW_LIST, {
      approvalStatus: 'REJECTED',
      after: seen[0] && (await firstCursor()),
    });
    expect(mixed.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const forged = Buffer.from(JSON.stringify(['q', "2026-01-01'; drop table product; --", 'x'])).toString('base64url');
    const bad: any = await reviewer.gql(REVIEW_LIST, { approvalStatus: 'PENDING', after: forged });
    expect(bad.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(bad.errors[0].message).toMatch(/paginacursor is ongeldig/);

    async function firstCursor() {
      const r: any = await reviewer.gql(REVIEW_LIST, { approvalStatus: 'PENDING', first: 1 });
      return r.data.reviewProducts.edges[0].cursor;
    }
  });

  it('lists one provider’s products in every status for staff', async () => {
    const em = server.orm.em.fork();
    const user1 = await em.findOneOrFail(ProviderUser, { email: demoProviderEmail(1) });
    const total = Number(
      (
        await em.execute<{ n: string }[]>(`select count(*)::text as n from product where provider_id = ?`, [
          user1.provider.id,
        ])
      )[0]!.n,
    );
    const r: any = await reviewer.gql(REVIEW_LIST, { providerId: user1.provider.id, first: 100 });
    expect(r.data.reviewProducts.totalCount).toBe(total);
    expect(new Set(r.data.reviewProducts.edges.map((e: any) => e.node.status))).toEqual(
      new Set(['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED', 'ARCHIVED']),
    );
    for (const e of r.data.reviewProducts.edges) expect(e.node.provider.id).toBe(user1.provider.id);
  });
});
