import type { EntityManager } from '@mikro-orm/postgresql';
import { keyOrder, keyOrderBy, keySelect, type KeyOrder } from '../../graphql/keyset.js';
import { containsPattern } from '../../kernel/sql.js';

/**
 * The categories' SQL (docs, "Persistence: entities and queries"): the staff list as a keyset page, the product
 * counts, the checks only the database can answer, and the featured flag moved under its lock. Plain functions, no
 * rules: `category.service.ts` decides.
 */

/** Display order; the id makes it total, so keyset paging never skips or repeats a category. */
export const DISPLAY_ORDER: KeyOrder = keyOrder('display', 'asc', 'c', ['c.sort_order', 'integer'], ['c.name', 'text']);

/** A page of the categories (rows with their keys) that match the filter, after the keyset condition, and their number. */
export async function categoryPage(
  em: EntityManager,
  filter: { search?: string; hasProducts?: boolean | null },
  after: { sql: string | null; params: unknown[] },
  limit: number,
): Promise<{ total: number; rows: Record<string, unknown>[] }> {
  const where: string[] = ['true'];
  const params: unknown[] = [];
  if (filter.search) {
    where.push('immutable_unaccent(lower(c.name)) like immutable_unaccent(lower(?))');
    params.push(containsPattern(filter.search));
  }
  if (filter.hasProducts != null) {
    where.push(`${filter.hasProducts ? '' : 'not '}exists (select 1 from product p where p.category_id = c.id)`);
  }
  const [{ n }] = (await em.execute<{ n: string }[]>(
    `select count(*)::text as n from category c where ${where.join(' and ')}`,
    params,
  )) as [{ n: string }];
  const rows = await em.execute<Record<string, unknown>[]>(
    `select c.*, ${keySelect(DISPLAY_ORDER)} from category c
      where ${[...where, ...(after.sql ? [after.sql] : [])].join(' and ')}
      order by ${keyOrderBy(DISPLAY_ORDER)} limit ?`,
    [...params, ...after.params, limit],
  );
  return { total: Number(n), rows };
}

/** The number of products (any status) per category that has any. */
export function productCountsByCategory(em: EntityManager): Promise<{ category_id: string; n: string }[]> {
  return em.execute<{ category_id: string; n: string }[]>(
    `select category_id, count(*)::text as n from product group by category_id`,
  );
}

/** The category's number of products, its row locked until the transaction ends; undefined when it does not exist. */
export async function lockCategoryWithProductCount(em: EntityManager, id: string): Promise<number | undefined> {
  const rows = await em.execute<{ id: string; n: string }[]>(
    `select c.id, (select count(*) from product p where p.category_id = c.id)::text as n from category c where c.id = ? for update of c`,
    [id],
  );
  return rows[0] ? Number(rows[0].n) : undefined;
}

export async function deleteCategory(em: EntityManager, id: string): Promise<void> {
  await em.execute('delete from category where id = ?', [id]);
}

/** Takes the transaction's advisory lock on the featured category. */
export async function lockFeatured(em: EntityManager): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(hashtext('gemeentewinkel:featured-category'))`);
}

export async function categoryExists(em: EntityManager, id: string): Promise<boolean> {
  const exists = await em.execute<{ id: string }[]>('select id from category where id = ?', [id]);
  return exists.length > 0;
}

/** Unsets the featured flag of every category but `keepId`. */
export async function unsetFeatured(em: EntityManager, keepId: string | null, now: Date): Promise<void> {
  await em.execute('update category set featured = false, updated_at = ? where featured and id is distinct from ?', [
    now,
    keepId,
  ]);
}

export async function setFeatured(em: EntityManager, id: string, now: Date): Promise<void> {
  await em.execute('update category set featured = true, updated_at = ? where id = ? and not featured', [now, id]);
}

/** Whether another category (not `id`) has this name, ignoring case and the spaces around it. */
export async function nameTaken(em: EntityManager, name: string, id: string | null): Promise<boolean> {
  const same = await em.execute<{ id: string }[]>(
    'select id from category where lower(btrim(name)) = lower(?) and id is distinct from ?',
    [name, id],
  );
  return same.length > 0;
}

/** The slugs of other categories (not `id`) that are `base` or `base-…`. */
export async function slugsLike(em: EntityManager, base: string, id: string | null): Promise<string[]> {
  const rows = await em.execute<{ slug: string }[]>(
    `select slug from category where (slug = ? or slug like ?) and id is distinct from ?`,
    [base, `${base}-%`, id],
  );
  return rows.map((r) => r.slug);
}
