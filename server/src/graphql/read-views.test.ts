import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReferenceKind } from '@mikro-orm/postgresql';
import { startTestServer, type TestServer } from '../test/server.js';
import { readViewsById } from '../kernel/read-views.js';
import { Product } from '../modules/catalogue/product.entity.js';
import { ProductImage } from '../modules/catalogue/product-image.entity.js';
import { Category } from '../modules/catalogue/category.entity.js';
import { Provider } from '../modules/providers/provider.entity.js';
import { Municipality } from '../modules/municipalities/municipality.entity.js';

/**
 * Read views (kernel/read-views.ts) answer the public offer's pages and GraphQL's relation loaders instead of managed
 * entities. They must hold what MikroORM's own hydration gives for every column property, or a field of the API would
 * change its value: compared here, entity by entity, on the demo data.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(async () => server?.close());

const ENTITIES = [Product, ProductImage, Category, Provider, Municipality] as const;

describe('read views', () => {
  for (const entity of ENTITIES) {
    it(`equal MikroORM's entities for every column of ${entity.name}`, async () => {
      const em = server.orm.em.fork();
      const meta = em.getMetadata().find(entity as never)!;
      const ids = (await em.execute<{ id: string }[]>(`select id from "${meta.tableName}" order by id limit 50`)).map(
        (r) => r.id,
      );
      expect(ids.length).toBeGreaterThan(0);
      const managed = new Map(
        ((await em.find(entity as never, { id: { $in: ids } } as never)) as { id: string }[]).map((e) => [e.id, e]),
      );
      const views = await readViewsById(em.fork(), entity as never, ids);
      expect(views).toHaveLength(ids.length);
      const columns = meta.props.filter(
        (p) => p.persist !== false && (p.kind === ReferenceKind.SCALAR || p.kind === ReferenceKind.MANY_TO_ONE),
      );
      expect(columns.length).toBeGreaterThan(2);
      for (const view of views as Record<string, unknown>[]) {
        expect(view).toBeInstanceOf(entity);
        const entityOf = managed.get(view.id as string) as unknown as Record<string, unknown>;
        for (const p of columns) {
          const want = entityOf[p.name];
          const got = view[p.name];
          if (p.kind === ReferenceKind.MANY_TO_ONE)
            expect((got as { id: string } | null)?.id ?? null, `${entity.name}.${p.name}`).toBe(
              (want as { id: string } | null)?.id ?? null,
            );
          else expect(got, `${entity.name}.${p.name}`).toEqual(want ?? null);
        }
      }
    });
  }

  it('are not managed: a change to a view is never written', async () => {
    const em = server.orm.em.fork();
    const [category] = await readViewsById(em, Category, [
      (await em.execute<{ id: string }[]>(`select id from category order by name limit 1`))[0]!.id,
    ]);
    const before = category!.name;
    category!.name = 'Gewijzigd via een leesweergave';
    await em.flush();
    const [row] = await em.fork().execute<{ name: string }[]>(`select name from category where id = ?`, [category!.id]);
    expect(row!.name).toBe(before);
    expect(em.getUnitOfWork().getIdentityMap().values()).toHaveLength(0);
  });
});
