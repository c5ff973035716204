import type { EntityManager } from '@mikro-orm/postgresql';
import { keyOrder, keyOrderBy, keySelect, type KeyOrder } from '../../graphql/keyset.js';
import { containsPattern } from '../../kernel/sql.js';
import type { NewsStatus } from './news-article.entity.js';

/**
 * The news' SQL (docs, "Persistence: entities and queries"): the public and the editors' lists as keyset pages, and
 * the checks only the database can answer (municipality, slug). Plain functions, no rules: `news.service.ts` decides
 * what a visitor may see (its condition is passed in).
 */

type Condition = { sql: string; params: unknown[] };

/** The public order: newest first; the id makes it total, so paging never skips or repeats an article. */
export const PUBLIC_ORDER: KeyOrder = keyOrder('news', 'desc', 'n', ['n.publish_at', 'timestamptz']);

/** The editors' order: last changed first. */
export const ADMIN_ORDER: KeyOrder = keyOrder('news-admin', 'desc', 'n', ['n.updated_at', 'timestamptz']);

/** A page of the articles `visible` admits (rows with their keys), newest first, after `after`, and their number. */
export async function publicNewsPage(
  em: EntityManager,
  visible: Condition,
  after: { sql: string | null; params: unknown[] },
  limit: number,
): Promise<{ total: number; rows: Record<string, unknown>[] }> {
  const [{ n }] = (await em.execute<{ n: string }[]>(
    `select count(*)::text as n from news_article n where ${visible.sql}`,
    visible.params,
  )) as [{ n: string }];
  const rows = await em.execute<Record<string, unknown>[]>(
    `select n.*, ${keySelect(PUBLIC_ORDER)} from news_article n
      where ${visible.sql}${after.sql ? ` and ${after.sql}` : ''}
      order by ${keyOrderBy(PUBLIC_ORDER)} limit ?`,
    [...visible.params, ...after.params, limit],
  );
  return { total: Number(n), rows };
}

/** Up to `limit` articles `visible` admits, newest first. */
export function visibleNews(em: EntityManager, visible: Condition, limit: number): Promise<Record<string, unknown>[]> {
  return em.execute<Record<string, unknown>[]>(
    `select n.* from news_article n where ${visible.sql} order by n.publish_at desc, n.id desc limit ?`,
    [...visible.params, limit],
  );
}

/**
 * A page of the articles a scope condition on `n.municipality_id` admits, filtered, last changed first, after
 * `after`, and their number.
 */
export async function adminNewsPage(
  em: EntityManager,
  scope: Condition,
  filter: { search?: string; status?: NewsStatus | null },
  after: { sql: string | null; params: unknown[] },
  limit: number,
): Promise<{ total: number; rows: Record<string, unknown>[] }> {
  const where = [scope.sql];
  const params = [...scope.params];
  if (filter.search) {
    where.push('immutable_unaccent(lower(n.title)) like immutable_unaccent(lower(?))');
    params.push(containsPattern(filter.search));
  }
  if (filter.status) {
    where.push('n.status = ?');
    params.push(filter.status);
  }
  const [{ n }] = (await em.execute<{ n: string }[]>(
    `select count(*)::text as n from news_article n where ${where.join(' and ')}`,
    params,
  )) as [{ n: string }];
  const rows = await em.execute<Record<string, unknown>[]>(
    `select n.*, ${keySelect(ADMIN_ORDER)} from news_article n
      where ${[...where, ...(after.sql ? [after.sql] : [])].join(' and ')}
      order by ${keyOrderBy(ADMIN_ORDER)} limit ?`,
    [...params, ...after.params, limit],
  );
  return { total: Number(n), rows };
}

export async function municipalityExists(em: EntityManager, id: string): Promise<boolean> {
  const found = await em.execute<{ id: string }[]>('select id from municipality where id = ?', [id]);
  return found.length > 0;
}

/** Whether another article (not `id`) has this slug. */
export async function slugTaken(em: EntityManager, slug: string, id: string | null): Promise<boolean> {
  const taken = await em.execute<{ id: string }[]>(
    'select id from news_article where slug = ? and id is distinct from ?',
    [slug, id],
  );
  return taken.length > 0;
}

/** The slugs of other articles (not `id`) that are `base` or `base-…`. */
export async function slugsLike(em: EntityManager, base: string, id: string | null): Promise<string[]> {
  const rows = await em.execute<{ slug: string }[]>(
    `select slug from news_article where (slug = ? or slug like ?) and id is distinct from ?`,
    [base, `${base}-%`, id],
  );
  return rows.map((r) => r.slug);
}

export async function deleteArticle(em: EntityManager, id: string): Promise<void> {
  await em.execute('delete from news_article where id = ?', [id]);
}
