import type { EntityManager } from '@mikro-orm/postgresql';
import { afterSql, keyOrder, keyOrderBy, keySelect, type KeyOrder } from '../../graphql/keyset.js';
import type { ProductStatus } from './product.entity.js';
import { ProductImage } from './product-image.entity.js';
import { readViewsWhere } from '../../kernel/read-views.js';
import { uuidArray } from '../../kernel/sql.js';

/**
 * The catalogue's SQL (docs, "Persistence: entities and queries"): the offer as a keyset page over the conditions
 * `offerQuery` built, the products a resident's arrangements pay for, the providers in the offer, the provider's own
 * products and the counts per category. Plain functions, no rules: `catalogue.service.ts` decides what is visible
 * (its conditions are passed in).
 */

type Condition = { sql: string; params: unknown[] };

/** The provider's own products: newest first. */
export const OWN_PRODUCTS: KeyOrder = keyOrder('own', 'desc', 'p', ['p.created_at', 'timestamptz']);

/** Whether any product (`p`) matches every condition of `where` (one index probe, not a count). */
export async function anyInOffer(em: EntityManager, where: readonly string[], params: unknown[]): Promise<boolean> {
  const rows = await em.execute<{ found: boolean }[]>(
    `select exists (select 1 from product p where ${where.join(' and ')}) as found`,
    params,
  );
  return rows[0]?.found === true;
}

/**
 * Per query word (`words`, a text[] literal), the `per` words of the catalogue's vocabulary nearest to it: the words of
 * product titles (product_search_word) and of category names, of at least 4 characters, other than the query word
 * itself, at an edit distance of at most 2 or two fifths of the query word's length (whichever is more); nearest
 * first, then by trigram similarity. A few thousand words at most: compared one by one, only when a search found
 * nothing.
 */
export function nearestWords(
  em: EntityManager,
  words: string,
  per: number,
): Promise<{ query: string; word: string; distance: number }[]> {
  return em.execute<{ query: string; word: string; distance: number }[]>(
    `with vocabulary as (
       select word from product_search_word
       union
       select w from category c, regexp_split_to_table(immutable_unaccent(lower(c.name)), '[^a-z0-9]+') w
        where char_length(w) >= 4 and w ~ '[a-z]'
     )
     select q.raw as query, near.word, near.distance
       from unnest(?::text[]) with ordinality as q(raw, n)
       cross join lateral (select immutable_unaccent(q.raw) as plain) u
       cross join lateral (
         select v.word, levenshtein_less_equal(v.word, u.plain, 6) as distance
           from vocabulary v
          where v.word <> u.plain
            and levenshtein_less_equal(v.word, u.plain, 6) <= greatest(2, char_length(u.plain) * 2 / 5)
          order by distance, similarity(v.word, u.plain) desc, v.word
          limit ?
       ) near
      order by q.n, near.distance`,
    [words, per],
  );
}

/** What a page of the offer is asked for: its columns, order, conditions with their parameters and the cursor. */
export interface OfferPageQuery {
  columns: string;
  order: KeyOrder;
  where: readonly string[];
  params: unknown[];
  exprParams: unknown[];
  after: { sql: string | null; params: unknown[] };
}

/**
 * A page of the offer: `columns` and the keys of `order` of the products that match `where`, after `after`. The
 * order's rank expression takes `exprParams` wherever it appears (select list, keyset condition, order by).
 */
export function offerPage(em: EntityManager, query: OfferPageQuery, limit: number): Promise<Record<string, unknown>[]> {
  const { columns, order, where, params, exprParams, after } = query;
  return em.execute<Record<string, unknown>[]>(
    `select ${columns}, ${keySelect(order)} from product p
     where ${[...where, ...(after.sql ? [after.sql] : [])].join(' and ')}
     order by ${keyOrderBy(order)}
     limit ?`,
    [
      // select list, where, keyset condition, order by: the rank expression's parameters wherever it appears
      ...exprParams,
      ...params,
      ...(after.sql ? [...exprParams, ...after.params] : []),
      ...exprParams,
      limit,
    ],
  );
}

/**
 * A page of the offer (as `offerPage`) and the number of ALL products that match `where` (the cursor aside), in one
 * statement: one round trip instead of two. `matchOnce`: the conditions are costly per product (a search: its full
 * text, trigram and fuzzy arms, and the rank): the matches are found once (a materialized CTE, with the order's key
 * values) and both the count and the page read them, instead of each statement finding them again. Without it the
 * count is a scalar subquery of its own (the listing's and a filter's: an index-only count over a partial index of the
 * offer) and the page an index range scan that stops after `limit` rows. An empty page still answers the count.
 */
export async function offerPageCounted(
  em: EntityManager,
  query: OfferPageQuery & { matchOnce: boolean },
  limit: number,
): Promise<{ total: number; rows: Record<string, unknown>[] }> {
  const { columns, order, where, params, exprParams, after, matchOnce } = query;
  let rows: Record<string, unknown>[];
  if (matchOnce) {
    // The order's keys as plain columns of the matches (`_o0, …`): the page sorts and continues on them.
    const inner: KeyOrder = { ...order, keys: order.keys.map((k, i) => ({ expr: `m._o${i}`, cast: k.cast })) };
    rows = await em.execute<Record<string, unknown>[]>(
      `with m as materialized (
         select ${columns}, ${order.keys.map((k, i) => `${k.expr} as _o${i}`).join(', ')} from product p
          where ${where.join(' and ')})
       select t._total, x.* from (select count(*)::int as _total from m) t
         left join lateral (select m.*, ${keySelect(inner)} from m
                             ${after.sql ? `where ${afterSql(inner)}` : ''}
                             order by ${keyOrderBy(inner)} limit ?) x on true`,
      [...exprParams, ...params, ...(after.sql ? after.params : []), limit],
    );
    for (const row of rows) for (let i = 0; i < order.keys.length; i++) delete row[`_o${i}`];
  } else {
    rows = await em.execute<Record<string, unknown>[]>(
      `select t._total, x.* from (select count(*)::int as _total from product p where ${where.join(' and ')}) t
         left join lateral (select ${columns}, ${keySelect(order)} from product p
                             where ${[...where, ...(after.sql ? [after.sql] : [])].join(' and ')}
                             order by ${keyOrderBy(order)} limit ?) x on true`,
      [
        ...params,
        ...exprParams,
        ...params,
        ...(after.sql ? [...exprParams, ...after.params] : []),
        ...exprParams,
        limit,
      ],
    );
  }
  const total = Number(rows[0]?._total ?? 0);
  for (const row of rows) delete row._total;
  return { total, rows: rows.filter((row) => row.id != null) };
}

/**
 * Per product (of `ids`) the viewer may order and that is settled, the names of the arrangements `payers` finds (a
 * condition over `pay_ar`), in one query.
 */
export function payingArrangementNames(
  em: EntityManager,
  ids: readonly string[],
  payers: Condition,
  orderable: Condition,
  settled: Condition,
): Promise<{ id: string; names: string[] }[]> {
  return em.execute<{ id: string; names: string[] }[]>(
    `select p.id, array(select distinct pay_ar.name ${payers.sql} order by pay_ar.name) as names
       from product p where p.id = any(?::uuid[]) and ${orderable.sql} and ${settled.sql}`,
    [...payers.params, `{${ids.join(',')}}`, ...orderable.params, ...settled.params],
  );
}

/** The providers with at least one product `visible` admits, by name. */
export function providersInOffer(em: EntityManager, visible: Condition): Promise<Record<string, unknown>[]> {
  return em.execute<Record<string, unknown>[]>(
    `select pr.* from provider pr where exists (select 1 from product p where p.provider_id = pr.id and ${visible.sql})
     order by lower(pr.name), pr.id`,
    visible.params,
  );
}

/** Whether `visible` admits the product. */
export async function inVisibleOffer(em: EntityManager, id: string, visible: Condition): Promise<boolean> {
  const page = await em.execute<{ id: string }[]>(`select p.id from product p where p.id = ? and ${visible.sql}`, [
    id,
    ...visible.params,
  ]);
  return page.length > 0;
}

/** A page of the provider's own products (of a status, or all), newest first, after `after`, and their number. */
export async function providerProductPage(
  em: EntityManager,
  providerId: string,
  status: ProductStatus | null | undefined,
  after: { sql: string | null; params: unknown[] },
  limit: number,
): Promise<{ total: number; rows: Record<string, unknown>[] }> {
  const where = ['p.provider_id = ?'];
  const params: unknown[] = [providerId];
  if (status) {
    where.push('p.status = ?');
    params.push(status);
  }
  const [{ count }] = (await em.execute<{ count: string }[]>(
    `select count(*)::text as count from product p where ${where.join(' and ')}`,
    params,
  )) as [{ count: string }];
  const rows = await em.execute<Record<string, unknown>[]>(
    `select p.*, ${keySelect(OWN_PRODUCTS)} from product p where ${[...where, ...(after.sql ? [after.sql] : [])].join(' and ')}
     order by ${keyOrderBy(OWN_PRODUCTS)} limit ?`,
    [...params, ...after.params, limit],
  );
  return { total: Number(count), rows };
}

/** The number of products `visible` admits, per category. */
export function visibleCountsByCategory(
  em: EntityManager,
  visible: Condition,
): Promise<{ category_id: string; n: string }[]> {
  return em.execute<{ category_id: string; n: string }[]>(
    `select p.category_id, count(*)::text as n from product p where ${visible.sql} group by p.category_id`,
    visible.params,
  );
}

/** The images of these products in display order, as read views (kernel/read-views.ts: GraphQL only reads them). */
export function imagesOfProducts(em: EntityManager, productIds: readonly string[]): Promise<ProductImage[]> {
  return readViewsWhere(
    em,
    ProductImage,
    'product_id = any(?::uuid[])',
    [uuidArray(productIds)],
    'sort_order, created_at',
  );
}
