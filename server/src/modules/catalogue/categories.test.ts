import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD } from '../../seeders/demo-accounts.js';

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
    const created: any = await editor.gql(CREATE, { input: { name: '  Muziek   en dans ', description: 'Dansles en meer.', sortOrder: 0 } });
    expect(created.data.createCategory.errors).toEqual([]);
    const cat = created.data.createCategory.category;
    expect(cat).toMatchObject({ name: 'Muziek en dans', slug: 'muziek-en-dans', sortOrder: 0, featured: false });
    const list: any = await editor.gql(LIST);
    expect(list.data.categories[0].id).toBe(cat.id);
    const orders = list.data.categories.map((c: any) => c.sortOrder);
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);

    const updated: any = await editor.gql(UPDATE, { id: cat.id, input: { name: 'Dans', description: '', sortOrder: 99 } });
    expect(updated.data.updateCategory.category).toMatchObject({ name: 'Dans', slug: 'dans', sortOrder: 99 });
    const one: any = await server.client().gql(`query($id:ID!){ category(id:$id){ id name description } }`, { id: cat.id });
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
    const unknown: any = await editor.gql(UPDATE, { id: '00000000-0000-4000-8000-000000000000', input: { name: 'Iets', description: '', sortOrder: 1 } });
    expect(unknown.data.updateCategory.errors[0].code).toBe('NOT_FOUND');
  });

  it('refuses to delete a category with products, and deletes an empty one', async () => {
    const list: any = await editor.gql(LIST);
    const full = list.data.categories.find((c: any) => c.allProductCount > 0);
    const refused: any = await editor.gql(DELETE, { id: full.id });
    expect(refused.data.deleteCategory.deletedId).toBeNull();
    expect(refused.data.deleteCategory.errors[0].code).toBe('CATEGORY_HAS_PRODUCTS');
    expect(refused.data.deleteCategory.errors[0].message).toMatch(/kunt u niet verwijderen: er horen nog \d+ producten bij/);
    const created: any = await editor.gql(CREATE, { input: { name: 'Tijdelijk', description: '', sortOrder: 5 } });
    const id = created.data.createCategory.category.id;
    const deleted: any = await editor.gql(DELETE, { id });
    expect(deleted.data.deleteCategory).toEqual({ deletedId: id, errors: [] });
    const gone: any = await editor.gql(DELETE, { id });
    expect(gone.data.deleteCategory.errors[0].code).toBe('NOT_FOUND');
  });

  it('keeps exactly one featured category, or none', async () => {
    const featured = async () => ((await editor.gql(LIST)) as any).data.categories.filter((c: any) => c.featured).map((c: any) => c.id);
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
