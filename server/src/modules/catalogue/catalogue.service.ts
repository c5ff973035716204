import { registerEnumType } from 'type-graphql';
import { LRUCache } from 'lru-cache';
import { ReferenceKind } from '@mikro-orm/core';
import { catalogueVersionOf } from './catalogue-cache.js';
import type { RequestContext } from '../../kernel/request-context.js';
import { readView } from '../../kernel/read-views.js';
import { Audience } from '../../kernel/permissions.js';
import { emptyConnection, pageSize, toConnection, type ConnectionOf, type ListArgs } from '../../graphql/pagination.js';
import { isUuid } from '../../graphql/ids.js';
import { Product, ProductStatus } from './product.entity.js';
import { Provider } from '../providers/index.js';
import { offerFor } from './product-approval.js';
import { orderableBy, payableBy, payersOf, settledBy } from './payable.js';
import { today } from '../../kernel/clock.js';
import * as q from './catalogue.queries.js';
import { keyCondition, keyOrder, keysetPage, rowCursor, stripKeys, type KeyOrder } from '../../graphql/keyset.js';

export type ProductPage = ConnectionOf<Product>;

export enum ProductSort {
  RELEVANCE = 'RELEVANCE',
  NEWEST = 'NEWEST',
  PRICE_ASC = 'PRICE_ASC',
  PRICE_DESC = 'PRICE_DESC',
}
registerEnumType(ProductSort, {
  valuesConfig: {
    NEWEST: { description: 'Newest first.' },
    PRICE_ASC: { description: 'Cheapest first.' },
    PRICE_DESC: { description: 'Most expensive first.' },
    RELEVANCE: { description: 'Best match of the search text first (newest first without one).' },
  },
  name: 'ProductSort',
  description: 'Order of the offer. RELEVANCE applies to a search (without one it is NEWEST).',
});

/** The public offer's filter (the GraphQL `ProductFilter`). */
export interface OfferFilter {
  search?: string | null;
  categoryId?: string | null;
  providerId?: string | null;
  sort?: ProductSort | null;
  /** Only what the logged-in resident's arrangements pay for now (payable.ts); ignored for anyone else. */
  payable?: boolean | null;
}

/** Every public-offer ordering ends with the id, so it is total and keyset pagination never skips or repeats. */
const OFFER_ORDERS: Record<Exclude<ProductSort, ProductSort.RELEVANCE>, KeyOrder> = {
  NEWEST: keyOrder('n', 'desc', 'p', ['p.created_at', 'timestamptz']),
  PRICE_ASC: keyOrder('pa', 'asc', 'p', ['p.price_cents', 'integer']),
  PRICE_DESC: keyOrder('pd', 'desc', 'p', ['p.price_cents', 'integer']),
};

let columns: string | null = null;

/**
 * The product columns the entity maps (`p.a, p.b, …`): not the search columns (`search`, `title_words`), which only
 * PostgreSQL reads — a page of the offer does not ship and parse them.
 */
function productColumns(ctx: Pick<RequestContext, 'em'>): string {
  columns ??= ctx.em
    .getMetadata()
    .find(Product)!
    .props.filter(
      (p) => p.persist !== false && (p.kind === ReferenceKind.SCALAR || p.kind === ReferenceKind.MANY_TO_ONE),
    )
    .flatMap((p) => p.fieldNames ?? [])
    .map((f) => `p.${f}`)
    .join(', ');
  return columns;
}

/** The distinct words of a search (lower case, letters and digits) of at least `min` characters, at most 6. */
function searchWords(search: string, min: number): string[] {
  return [
    ...new Set(
      search
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length >= min),
    ),
  ].slice(0, 6);
}

/** A PostgreSQL text[] literal of plain words. */
function textArray(words: readonly string[]): string {
  return `{${words.map((w) => `"${w.replace(/["\\]/g, '')}"`).join(',')}}`;
}

/**
 * SQL: whether the word `word` is near the query word `q` (both lower case, without accents): an edit distance of 1
 * (query words of 4-5 letters) or 2 (longer), `q` starting with `word` (plurals: "voetballen" → "voetbal"), or `word`
 * starting with `q` (still being typed: "winterj" → "winterjas").
 */
function nearWord(word: string, q: string): string {
  return `(levenshtein_less_equal(${word}, ${q}, 2) <= case when length(${q}) >= 6 then 2 else 1 end
               or (length(${word}) >= 5 and starts_with(${q}, ${word}))
               or starts_with(${word}, ${q}))`;
}

/**
 * The public offer's statement parts for this viewer, filter and cursor (shared by `offer` and the benchmark's
 * reference handler, so both return the same rows): the conditions with their parameters, the order (with the rank
 * expression's parameters, once per use) and the keyset condition. Null when a filter id is malformed (nothing matches).
 */
export function offerQuery(
  ctx: Pick<RequestContext, 'viewer' | 'clock'>,
  filter: OfferFilter,
  afterCursor: string | null | undefined,
): {
  where: string[];
  params: unknown[];
  order: KeyOrder;
  exprParams: unknown[];
  after: { sql: string | null; params: unknown[] };
  /** A search: its conditions are costly per product, so a statement finds the matches once (offerPageCounted). */
  matchOnce: boolean;
} | null {
  const search = filter.search?.trim().slice(0, 200) || null;
  const visible = offerFor(ctx);
  const where: string[] = [visible.sql];
  const params: unknown[] = [...visible.params];

  if (filter.categoryId) {
    if (!isUuid(filter.categoryId)) return null;
    where.push('p.category_id = ?');
    params.push(filter.categoryId);
  }
  if (filter.providerId) {
    if (!isUuid(filter.providerId)) return null;
    where.push('p.provider_id = ?');
    params.push(filter.providerId);
  }

  if (filter.payable && ctx.viewer.kind === Audience.CUSTOMER) {
    const payable = payableBy(ctx.viewer, today(ctx.clock));
    where.push(payable.sql);
    params.push(...payable.params);
  }

  let rank: string | null = null;
  const rankParams: unknown[] = [];
  if (search) {
    // Four ways to match, best first in the ranking: Dutch stemming over title and description ("zwemlessen"
    // finds "zwemles"), trigram similarity of the title, and per word an edit distance of 1 (words of 4-5 letters)
    // or 2 (longer words) against the title's words, so a misspelt word still finds the product; a query word that
    // starts with a title word finds plurals the Dutch stemmer misses ("voetballen" → "voetbal"), and a title word
    // that starts with the query word finds what is still being typed ("winterj" → "winterjas"). The same nearness
    // against the words of a category's name finds that category's products.
    const words = searchWords(search, 4);
    // The fuzzy words are looked up in the title vocabulary once per query (product_search_word, a few thousand
    // words at most), then matched through the GIN index on product.title_words: every arm of the OR uses an index.
    // A near miss of a category's name ("computr" → Computers en internet: every query word near a word of the name)
    // finds the category's products, through the index on product.category_id (a handful of categories to compare).
    const fuzzy = words.length
      ? ` or p.title_words && array(select v.word from product_search_word v,
               unnest(array(select immutable_unaccent(x) from unnest(?::text[]) x)) q
             where ${nearWord('v.word', 'q')})
          or p.category_id = any(array(select c.id from category c
             where not exists (select 1 from unnest(array(select immutable_unaccent(x) from unnest(?::text[]) x)) q
               where not exists (select 1 from regexp_split_to_table(immutable_unaccent(lower(c.name)), '[^a-z0-9]+') w
                 where ${nearWord('w', 'q')}))))`
      : '';
    // The trigram arm last: PostgreSQL evaluates an OR from left to right, and the similarity of a title is the
    // costly test (the trigram index's candidates are rechecked one by one); a product the cheap arms already matched
    // skips it.
    where.push(
      `(p.search @@ websearch_to_tsquery('dutch', immutable_unaccent(?))${fuzzy} or immutable_unaccent(lower(p.title)) % immutable_unaccent(lower(?)))`,
    );
    params.push(search);
    if (words.length) params.push(textArray(words), textArray(words));
    params.push(search);
    rank = `(ts_rank(p.search, websearch_to_tsquery('dutch', immutable_unaccent(?))) + similarity(immutable_unaccent(lower(p.title)), immutable_unaccent(lower(?))))::float8`;
    rankParams.push(search, search);
  }

  const sort = filter.sort ?? (search ? ProductSort.RELEVANCE : ProductSort.NEWEST);
  let order: KeyOrder;
  // Parameters of the key expressions, once per use of the expression in the statement.
  let exprParams: unknown[] = [];
  if (sort === ProductSort.RELEVANCE && rank) {
    order = keyOrder('r', 'desc', 'p', [rank, 'float8'], ['p.created_at', 'timestamptz']);
    exprParams = rankParams;
  } else {
    order = OFFER_ORDERS[sort === ProductSort.RELEVANCE ? ProductSort.NEWEST : sort];
  }

  // The cursor is checked first: a bad one is an error even when nothing matches.
  const after = keyCondition(order, afterCursor);
  return { where, params, order, exprParams, after, matchOnce: search !== null };
}

/**
 * The public offer (product-approval.ts): for a resident the products approved in their own municipality, for anyone
 * else the regional shop window of products approved in at least one municipality. Search uses PostgreSQL's Dutch text search (stemming) plus trigram similarity on the title, so a
 * misspelt word still finds the product. Sorted by relevance (when searching), newest, or price, with keyset paging.
 */
export class CatalogueService {
  /**
   * The offer's counts per filter (the same for every sort and page), for anonymous requests, under the catalogue
   * version the request read before it ran (catalogue-cache.ts): a later version makes them misses.
   */
  private readonly counts = new LRUCache<string, { version: string; count: number }>({ max: 10_000 });

  async offer(
    ctx: RequestContext,
    filterOrNull: OfferFilter | null | undefined,
    page: ListArgs,
    options: { count?: boolean } = {},
  ): Promise<ProductPage> {
    const first = pageSize(page.first);
    const query = offerQuery(ctx, filterOrNull ?? {}, page.after);
    if (!query) return emptyConnection();
    const { where, params, order, exprParams, after, matchOnce } = query;
    const columns = productColumns(ctx);

    // The count only when asked for (it runs over every match; the page needs only first + 1 rows), and then in the
    // page's statement (offerPageCounted) unless this catalogue version's count is known.
    let totalCount = -1;
    let rows: Record<string, unknown>[];
    const version = options.count === false ? undefined : catalogueVersionOf(ctx);
    const countKey = `${where.join(' and ')}\u0000${JSON.stringify(params)}`;
    const known = version ? this.counts.get(countKey) : undefined;
    if ((options.count ?? true) && !(known && known.version === version)) {
      const counted = await q.offerPageCounted(
        ctx.em,
        { columns, order, where, params, exprParams, after, matchOnce },
        first + 1,
      );
      totalCount = counted.total;
      rows = counted.rows;
      if (version) this.counts.set(countKey, { version, count: totalCount });
      if (totalCount === 0) return emptyConnection();
    } else {
      if (known) {
        totalCount = known.count;
        if (totalCount === 0) return emptyConnection();
      }
      rows = await q.offerPage(ctx.em, { columns, order, where, params, exprParams, after }, first + 1);
    }
    return toConnection(rows, {
      first,
      // Not asked for: not part of the answer (the field is not selected).
      totalCount: Math.max(totalCount, 0),
      cursorOf: (row) => rowCursor(order, row),
      nodes: (page) => page.map((row) => readView(ctx.em, Product, stripKeys({ ...row }, order.keys.length))),
    });
  }

  /**
   * For a search that found nothing: a search near it that does find products in the viewer's offer with the same
   * other filters, for "Bedoelde u …?". First the search with each of its words replaced by the nearest word of the
   * catalogue's vocabulary (product titles and category names: "kompjoeter" → "computer"), else one of those nearest
   * words on its own; at most 4 tried. Null when none of them finds anything.
   */
  async suggestion(ctx: RequestContext, filter: OfferFilter): Promise<string | null> {
    const search = filter.search?.trim().slice(0, 200);
    if (!search) return null;
    const words = searchWords(search, 3);
    if (!words.length) return null;
    const near = await q.nearestWords(ctx.em, textArray(words), 3);
    if (!near.length) return null;
    const nearest = new Map<string, string>();
    for (const row of near) if (!nearest.has(row.query)) nearest.set(row.query, row.word);
    const candidates = [
      // The separators and the words that have no near word stay as they were.
      search
        .split(/([^\p{L}\p{N}]+)/u)
        .map((part) => nearest.get(part.toLowerCase()) ?? part)
        .join(''),
      ...[...near].sort((a, b) => a.distance - b.distance).map((row) => row.word),
    ];
    const tried = new Set([search.toLowerCase()]);
    for (const candidate of candidates) {
      if (tried.has(candidate.toLowerCase())) continue;
      tried.add(candidate.toLowerCase());
      const query = offerQuery(ctx, { ...filter, search: candidate }, null);
      if (query && (await q.anyInOffer(ctx.em, query.where, query.params))) return candidate;
      if (tried.size > 4) break;
    }
    return null;
  }

  /**
   * For a logged-in resident: per product, the names of the household's arrangements that pay for it now (payable.ts;
   * empty: none does), for many products in one query. Null for anyone else.
   */
  async payableWith(ctx: RequestContext, productIds: readonly string[]): Promise<Map<string, string[]> | null> {
    const viewer = ctx.viewer;
    if (viewer.kind !== Audience.CUSTOMER) return null;
    const ids = productIds.filter(isUuid);
    const result = new Map<string, string[]>(productIds.map((id) => [id, []]));
    if (!ids.length) return result;
    const orderable = orderableBy(viewer);
    const payers = payersOf(viewer, today(ctx.clock));
    const settled = settledBy(payers);
    const rows = await q.payingArrangementNames(ctx.em, ids, payers, orderable, settled);
    for (const row of rows) result.set(row.id, row.names);
    return result;
  }

  /** Providers with at least one product in the public offer (for the provider filter), by name. */
  async offerProviders(ctx: RequestContext): Promise<Provider[]> {
    const visible = offerFor(ctx);
    const rows = await q.providersInOffer(ctx.em, visible);
    return rows.map((row) => ctx.em.map(Provider, row as never));
  }

  /** One product of the public offer as the viewer sees it; null when unknown, malformed or not in that offer. */
  async publicProduct(ctx: RequestContext, id: string): Promise<Product | null> {
    if (!isUuid(id)) return null;
    const visible = offerFor(ctx);
    if (!(await q.inVisibleOffer(ctx.em, id, visible))) return null;
    return ctx.em.findOne(Product, id);
  }

  /** The logged-in provider's own products, every status, newest first. */
  async providerProducts(
    ctx: RequestContext,
    filter: { status?: ProductStatus | null } | null | undefined,
    page: ListArgs,
  ): Promise<ProductPage> {
    if (ctx.viewer.kind !== Audience.PROVIDER) return emptyConnection();
    const providerId = ctx.viewer.providerId;
    return keysetPage(
      q.OWN_PRODUCTS,
      page,
      (after, limit) => q.providerProductPage(ctx.em, providerId, filter?.status, after, limit),
      (rows) => rows.map((row) => ctx.em.map(Product, stripKeys({ ...row }, q.OWN_PRODUCTS.keys.length) as never)),
    );
  }

  /** Number of products in the offer the viewer sees, per category, in one query for all categories. */
  async publicCountsByCategory(ctx: RequestContext): Promise<Map<string, number>> {
    const visible = offerFor(ctx);
    const rows = await q.visibleCountsByCategory(ctx.em, visible);
    return new Map(rows.map((r) => [r.category_id, Number(r.n)]));
  }

  statusLabel(status: ProductStatus): string {
    return {
      DRAFT: 'Concept',
      SUBMITTED: 'Ingediend',
      APPROVED: 'Goedgekeurd',
      REJECTED: 'Afgekeurd',
      ARCHIVED: 'Gearchiveerd',
    }[status];
  }
}
