import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD } from '../../seeders/demo-accounts.js';
import { randomUUID } from 'node:crypto';
import { Audience, Permission } from '../../kernel/permissions.js';
import type { Viewer } from '../../kernel/viewer.js';
import { requestContextFor } from '../../test/context.js';
import { Category } from './category.entity.js';

const CREATE = `mutation($input: CategoryInput!){ createCategory(input:$input){ errors { field code message } category { id name slug description sortOrder featured } } }`;
const UPDATE = `mutation($id:ID!,$input: CategoryInput!){ updateCategory(id:$id,input:$input){ errors { field code message } category { id name slug description sortOrder } } }`;
const DELETE = `mutation($id:ID!){ deleteCategory(id:$id){ deletedId errors { field code message } } }`;
const FEATURE = `mutation($id:ID){ setFeaturedCategory(categoryId:$id){ errors { field code message } category { id featured } } }`;
const LIST = `{ categories { id name sortOrder featured productCount allProductCount } }`;

describe('categories: management and the featured category', () => {
  let server: TestServer;
  let editor: TestClient; // Redactie: CONTENT_EDIT
  let reviewer: TestClient; // Aanbiederbeheer: no CONTENT_EDIT

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    editor = server.client();
    await editor.loginStaff('redactie@demo.gemeentewinkel.nl', DEMO_PASSWORD);
    reviewer = server.client();
    await reviewer.loginStaff('aanbiederbeheer@demo.gemeentewinkel.nl', DEMO_PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('creates, edits and lists categories in sort order', async () => {
    const created: any = await editor.gql(CREATE, {
      input: { name: '  Muziek   en dans ', description: 'Dansles en meer.', sortOrder: 0 },
    });
    expect(created.data.createCategory.errors).toEqual([]);
    const cat = created.data.createCategory.category;
    expect(cat).toMatchObject({ name: 'Muziek en dans', slug: 'muziek-en-dans', sortOrder: 0, featured: false });
    const list: any = await editor.gql(LIST);
    expect(list.data.categories[0].id).toBe(cat.id);
    const orders = list.data.categories.map((c: any) => c.sortOrder);
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);

    const updated: any = await editor.gql(UPDATE, {
      id: cat.id,
      input: { name: 'Dans', description: '', sortOrder: 99 },
    });
    expect(updated.data.updateCategory.category).toMatchObject({ name: 'Dans', slug: 'dans', sortOrder: 99 });
    const one: any = await server
      .client()
      .gql(`query($id:ID!){ category(id:$id){ id name description } }`, { id: cat.id });
    expect(one.data.category).toMatchObject({ name: 'Dans', description: '' });
  });

  it('refuses bad input in Dutch, on the field', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ name: 'x' }, 'name', /tussen 2 en 80 tekens/],
      [{ name: '' }, 'name', /Vul een naam in/],
      [{ name: 'y'.repeat(81) }, 'name', /tussen 2 en 80 tekens/],
      [{ name: 'ZWEMMEN' }, 'name', /al een categorie met deze naam/],
      [{ name: 'Geldig', sortOrder: -1 }, 'sortOrder', /geheel getal van 0 tot en met 100\.000/],
      [{ name: 'Geldig', sortOrder: 100_001 }, 'sortOrder', /geheel getal van 0 tot en met 100\.000/],
      [{ name: 'Geldig', description: 'z'.repeat(1001) }, 'description', /hoogstens 1\.000 tekens/],
    ];
    for (const [over, field, message] of cases) {
      const r: any = await editor.gql(CREATE, { input: { name: 'Geldig', description: '', sortOrder: 1, ...over } });
      expect(r.data.createCategory.category, JSON.stringify(over).slice(0, 50)).toBeNull();
      expect(r.data.createCategory.errors[0].field).toBe(field);
      expect(r.data.createCategory.errors[0].message).toMatch(message);
    }
    const unknown: any = await editor.gql(UPDATE, {
      id: '00000000-0000-4000-8000-000000000000',
      input: { name: 'Iets', description: '', sortOrder: 1 },
    });
    expect(unknown.data.updateCategory.errors[0].code).toBe('NOT_FOUND');
  });

  it('refuses to delete a category with products, and deletes an empty one', async () => {
    const list: any = await editor.gql(LIST);
    const full = list.data.categories.find((c: any) => c.allProductCount > 0);
    const refused: any = await editor.gql(DELETE, { id: full.id });
    expect(refused.data.deleteCategory.deletedId).toBeNull();
    expect(refused.data.deleteCategory.errors[0].code).toBe('CATEGORY_HAS_PRODUCTS');
    expect(refused.data.deleteCategory.errors[0].message).toMatch(
      /kunt u niet verwijderen: er horen nog \d+ producten bij/,
    );
    const created: any = await editor.gql(CREATE, { input: { name: 'Tijdelijk', description: '', sortOrder: 5 } });
    const id = created.data.createCategory.category.id;
    const deleted: any = await editor.gql(DELETE, { id });
    expect(deleted.data.deleteCategory).toEqual({ deletedId: id, errors: [] });
    const gone: any = await editor.gql(DELETE, { id });
    expect(gone.data.deleteCategory.errors[0].code).toBe('NOT_FOUND');
  });

  it('keeps exactly one featured category, or none', async () => {
    const featured = async () =>
      ((await editor.gql(LIST)) as any).data.categories.filter((c: any) => c.featured).map((c: any) => c.id);
    const before = await featured();
    expect(before).toHaveLength(1);
    const list: any = await editor.gql(LIST);
    const other = list.data.categories.find((c: any) => !c.featured);
    const set: any = await editor.gql(FEATURE, { id: other.id });
    expect(set.data.setFeaturedCategory.category).toEqual({ id: other.id, featured: true });
    expect(await featured()).toEqual([other.id]);
    const pub: any = await server.client().gql(`{ featuredCategory { id name } }`);
    expect(pub.data.featuredCategory.id).toBe(other.id);
    // Choosing the same one again changes nothing.
    await editor.gql(FEATURE, { id: other.id });
    expect(await featured()).toEqual([other.id]);
    // Concurrent choices still leave exactly one.
    const ids = list.data.categories.slice(0, 4).map((c: any) => c.id);
    await Promise.all(ids.map((id: string) => editor.gql(FEATURE, { id })));
    expect(await featured()).toHaveLength(1);
    const none: any = await editor.gql(FEATURE, { id: null });
    expect(none.data.setFeaturedCategory).toEqual({ errors: [], category: null });
    expect(await featured()).toEqual([]);
    expect(((await server.client().gql(`{ featuredCategory { id } }`)) as any).data.featuredCategory).toBeNull();
    const unknown: any = await editor.gql(FEATURE, { id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.data.setFeaturedCategory.errors[0].code).toBe('NOT_FOUND');
  });

  it('needs CONTENT_EDIT', async () => {
    const r: any = await reviewer.gql(CREATE, { input: { name: 'Niet toegestaan', description: '', sortOrder: 1 } });
    expect(r.errors[0].extensions.code).toBe('FORBIDDEN');
    const anon: any = await server.client().gql(`{ categories { id allProductCount } }`);
    expect(anon.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('categories: the staff list (adminCategories)', () => {
  let server: TestServer;
  let editor: TestClient;
  const LIST_PAGE = `query($filter: CategoryFilter, $first: Int, $after: String) {
    adminCategories(filter: $filter, first: $first, after: $after) {
      totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id name sortOrder allProductCount } } } }`;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    editor = server.client();
    await editor.loginStaff('redactie@demo.gemeentewinkel.nl', DEMO_PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function all(filter: Record<string, unknown> | null, first: number) {
    const seen: any[] = [];
    let after: string | null = null;
    let total = 0;
    for (let i = 0; i < 50; i++) {
      const r: any = await editor.gql(LIST_PAGE, { filter, first, after });
      expect(r.errors).toBeUndefined();
      total = r.data.adminCategories.totalCount;
      seen.push(...r.data.adminCategories.edges.map((e: any) => e.node));
      if (!r.data.adminCategories.pageInfo.hasNextPage) break;
      after = r.data.adminCategories.pageInfo.endCursor;
    }
    return { seen, total };
  }

  it('pages through every category in display order, each exactly once, whatever the page size', async () => {
    const whole = ((await editor.gql(LIST)) as any).data.categories.map((c: any) => c.id);
    for (const first of [1, 3, 100]) {
      const { seen, total } = await all(null, first);
      expect(total).toBe(whole.length);
      expect(seen.map((c) => c.id)).toEqual(whole);
    }
    // The default page size is the one of every list.
    const page: any = await editor.gql(`{ adminCategories { edges { node { id } } } }`);
    expect(page.data.adminCategories.edges.length).toBe(Math.min(25, whole.length));
  });

  it('filters by part of the name (case and accents do not matter) and by having products', async () => {
    await editor.gql(CREATE, { input: { name: 'Crèche en opvang', description: '', sortOrder: 3 } });
    const found = await all({ search: 'CRECHE' }, 10);
    expect(found.seen.map((c) => c.name)).toEqual(['Crèche en opvang']);
    const empty = await all({ hasProducts: false }, 10);
    expect(empty.seen.length).toBeGreaterThan(0);
    expect(empty.seen.every((c) => c.allProductCount === 0)).toBe(true);
    const full = await all({ hasProducts: true }, 10);
    expect(full.seen.every((c) => c.allProductCount > 0)).toBe(true);
    expect(empty.total + full.total).toBe((await all(null, 100)).total);
    // `%` and `_` are plain characters in a search.
    expect((await all({ search: '%' }, 10)).total).toBe(0);
  });

  it('refuses a cursor that is not one of this list’s, and needs CONTENT_EDIT', async () => {
    for (const after of [
      'garbage!',
      'bm9uc2Vuc2U',
      Buffer.from(JSON.stringify(['display', 'x', 'y', 'z'])).toString('base64url'),
    ]) {
      const r: any = await editor.gql(LIST_PAGE, { first: 2, after });
      expect(r.errors[0].extensions.code, after).toBe('BAD_USER_INPUT');
      expect(r.errors[0].message).toMatch(/paginacursor is ongeldig/);
    }
    const anon: any = await server.client().gql(`{ adminCategories { totalCount } }`);
    expect(anon.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('categories: called directly, as an API client or a background job would', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ seed: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  const auditRows = (subjectId: string) =>
    server.orm.em.fork().execute<
      {
        action: string;
        actor_kind: string;
        actor_id: string | null;
        actor_job: string | null;
        request_id: string | null;
        details: any;
      }[]
    >(`select action, actor_kind, actor_id, actor_job, request_id, details from audit_log where subject_type = 'category' and subject_id = ? order by id`, [subjectId]);

  it('records the API client that changed a category, with the request id', async () => {
    const apiClientId = randomUUID();
    const client: Viewer = {
      kind: Audience.API_CLIENT,
      apiClientId,
      permissions: new Set([Permission.CONTENT_EDIT]),
      municipalityIds: null,
    };
    const ctx = requestContextFor(server.orm, client, { requestId: 'partner-req-0001' });
    const created = await server.services.categories.create(ctx, { name: 'Via de API', description: '', sortOrder: 7 });
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    const updated = await server.services.categories.update(
      requestContextFor(server.orm, client, { requestId: 'partner-req-0002' }),
      created.value.id,
      {
        name: 'Via de API gewijzigd',
        description: 'Nu met omschrijving.',
        sortOrder: 7,
      },
    );
    expect(updated.ok).toBe(true);
    expect(await auditRows(created.value.id)).toEqual([
      expect.objectContaining({
        action: 'CATEGORY_CREATED',
        actor_kind: 'API_CLIENT',
        actor_id: apiClientId,
        request_id: 'partner-req-0001',
      }),
      expect.objectContaining({
        action: 'CATEGORY_UPDATED',
        actor_kind: 'API_CLIENT',
        actor_id: apiClientId,
        request_id: 'partner-req-0002',
        details: { fields: ['name', 'description'] },
      }),
    ]);
  });

  it('records a background job as SYSTEM with its name, and returns problems as a Result', async () => {
    const ctx = server.contexts.forSystem('categories.import');
    expect(ctx.log.bindings()).toMatchObject({ requestId: ctx.requestId, job: 'categories.import' });
    const created = await server.services.categories.create(ctx, {
      name: 'Door een taak',
      description: '',
      sortOrder: 1,
    });
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    const [row] = await auditRows(created.value.id);
    expect(row).toMatchObject({
      actor_kind: 'SYSTEM',
      actor_id: null,
      actor_job: 'categories.import',
      request_id: ctx.requestId,
    });
    const refused = await server.services.categories.create(ctx, { name: 'x', description: '', sortOrder: -1 });
    expect(refused).toEqual({
      ok: false,
      errors: [
        expect.objectContaining({ field: 'name', code: 'LENGTH' }),
        expect.objectContaining({ field: 'sortOrder', code: 'RANGE' }),
      ],
    });
  });

  it('writes no audit row when the change is rolled back', async () => {
    const ctx = server.contexts.forSystem('test');
    const before = await server.orm.em.fork().execute<{ n: string }[]>(`select count(*)::text as n from audit_log`);
    await expect(
      ctx.em.transactional(async (em) => {
        await server.services.categories.create(
          { ...ctx, em },
          { name: 'Teruggedraaid', description: '', sortOrder: 1 },
        );
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const after = await server.orm.em.fork().execute<{ n: string }[]>(`select count(*)::text as n from audit_log`);
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(await server.orm.em.fork().count(Category, { name: 'Teruggedraaid' })).toBe(0);
  });
});
