import { GraphQLError } from 'graphql';
import type { Context } from '../../graphql/context.js';
import { Audience } from '../../graphql/auth/permissions.js';
import { clampPageSize, decodeCursor, encodeCursor } from '../../graphql/pagination.js';
import { isUuid } from '../../graphql/ids.js';
import { Product, ProductStatus } from './product.entity.js';
import { Category } from './category.entity.js';

export interface ProductPage {
  items: { cursor: string; node: Product }[];
  hasNextPage: boolean;
  endCursor: string | null;
  totalCount: number;
}

export interface OfferFilter {
  search?: string | null;
  categoryId?: string | null;
  providerId?: string | null;
  first?: number | null;
  after?: string | null;
}

function badCursor(): never {
  throw new GraphQLError('De paginering is ongeldig: vraag de eerste pagina opnieuw op.', { extensions: { code: 'BAD_USER_INPUT' } });
}

/**
 * The public offer: APPROVED products of providers with an APPROVED membership (for a customer: in their own
 * municipality). Search uses PostgreSQL's Dutch text search (stemming) plus trigram similarity on the title, so a
 * misspelt word still finds the product.
 */
export class CatalogueService {
  async offer(ctx: Context, filter: OfferFilter): Promise<ProductPage> {
    const first = clampPageSize(filter.first, 24);
    const search = filter.search?.trim().slice(0, 200) || null;
    const where: string[] = [`p.status = 'APPROVED'`];
    const params: unknown[] = [];

    const municipalityId = ctx.viewer.kind === Audience.CUSTOMER ? ctx.viewer.municipalityId : null;
    where.push(
      `exists (select 1 from provider_membership pm where pm.provider_id = p.provider_id and pm.status = 'APPROVED'${
        municipalityId ? ' and pm.municipality_id = ?' : ''
      })`,
    );
    if (municipalityId) params.push(municipalityId);

    if (filter.categoryId) {
      if (!isUuid(filter.categoryId)) return { items: [], hasNextPage: false, endCursor: null, totalCount: 0 };
      where.push('p.category_id = ?');
      params.push(filter.categoryId);
    }
    if (filter.providerId) {
      if (!isUuid(filter.providerId)) return { items: [], hasNextPage: false, endCursor: null, totalCount: 0 };
      where.push('p.provider_id = ?');
      params.push(filter.providerId);
    }

    let rank = '0::float8';
    const rankParams: unknown[] = [];
    if (search) {
      // Three ways to match, best first in the ranking: Dutch stemming over title and description ("zwemlessen"
      // finds "zwemles"), trigram similarity of the title, and per word an edit distance of 1 (words of 4-5 letters)
      // or 2 (longer words) against the title's words, so a misspelt word still finds the product; a query word that
      // starts with a title word finds plurals the Dutch stemmer misses ("voetballen" → "voetbal"), and a title word
      // that starts with the query word finds what is still being typed ("winterj" → "winterjas").
      const words = [...new Set(search.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 4))].slice(0, 6);
      const fuzzy = words.length
        ? ` or exists (select 1 from regexp_split_to_table(immutable_unaccent(lower(p.title)), '[^a-z0-9]+') w, unnest(?::text[]) q
             where length(w) >= 4 and (
               levenshtein_less_equal(w, immutable_unaccent(q), 2) <= case when length(q) >= 6 then 2 else 1 end
               or (length(w) >= 5 and starts_with(immutable_unaccent(q), w))
               or starts_with(w, immutable_unaccent(q))))`
        : '';
      where.push(
        `(p.search @@ websearch_to_tsquery('dutch', immutable_unaccent(?)) or immutable_unaccent(lower(p.title)) % immutable_unaccent(lower(?))${fuzzy})`,
      );
      params.push(search, search);
      if (words.length) params.push(`{${words.map((w) => `"${w.replace(/["\\]/g, '')}"`).join(',')}}`);
      rank = `(ts_rank(p.search, websearch_to_tsquery('dutch', immutable_unaccent(?))) + similarity(immutable_unaccent(lower(p.title)), immutable_unaccent(lower(?))))::float8`;
      rankParams.push(search, search);
    }

    const countRows = await ctx.em.execute<{ count: string }[]>(
      `select count(*)::text as count from product p where ${where.join(' and ')}`,
      params,
    );
    const totalCount = Number(countRows[0]?.count ?? 0);

    // Keyset pagination on (rank desc, created_at desc, id desc).
    const keyset: string[] = [];
    const keyParams: unknown[] = [];
    if (filter.after) {
      const cursor = decodeCursor(filter.after, 3);
      if (!cursor) badCursor();
      const [r, created, id] = cursor as [number, string, string];
      keyset.push(`(${rank}, p.created_at, p.id) < (?::float8, ?::timestamptz, ?::uuid)`);
      keyParams.push(...rankParams, r, created, id);
    }

    const rows = await ctx.em.execute<Record<string, unknown>[]>(
      `select p.*, ${rank} as _rank from product p
       where ${[...where, ...keyset].join(' and ')}
       order by _rank desc, p.created_at desc, p.id desc
       limit ?`,
      [...rankParams, ...params, ...keyParams, first + 1],
    );
    const hasNextPage = rows.length > first;
    const page = rows.slice(0, first);
    const items = page.map((row) => {
      const r = Number(row._rank);
      const created = new Date(row.created_at as string).toISOString();
      delete row._rank;
      delete row.search;
      const node = ctx.em.map(Product, row as never);
      return { cursor: encodeCursor([r, created, node.id]), node };
    });
    return { items, hasNextPage, endCursor: items.at(-1)?.cursor ?? null, totalCount };
  }

  /** One product of the public offer; null when unknown, malformed or not public. */
  async publicProduct(ctx: Context, id: string): Promise<Product | null> {
    if (!isUuid(id)) return null;
    const page = await ctx.em.execute<{ id: string }[]>(
      `select p.id from product p where p.id = ? and p.status = 'APPROVED' and exists (
         select 1 from provider_membership pm where pm.provider_id = p.provider_id and pm.status = 'APPROVED')`,
      [id],
    );
    if (!page.length) return null;
    return ctx.em.findOne(Product, id);
  }

  /** The logged-in provider's own products, every status, newest first. */
  async providerProducts(ctx: Context, first?: number | null, after?: string | null): Promise<ProductPage> {
    if (ctx.viewer.kind !== Audience.PROVIDER) return { items: [], hasNextPage: false, endCursor: null, totalCount: 0 };
    const size = clampPageSize(first, 50);
    const providerId = ctx.viewer.providerId;
    const where: Record<string, unknown> = { provider: providerId };
    const totalCount = await ctx.em.count(Product, where);
    if (after) {
      const cursor = decodeCursor(after, 2);
      if (!cursor) badCursor();
      const [created, id] = cursor as [string, string];
      Object.assign(where, {
        $or: [{ createdAt: { $lt: new Date(created) } }, { createdAt: new Date(created), id: { $lt: id } }],
      });
    }
    const rows = await ctx.em.find(Product, where, { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], limit: size + 1 });
    const page = rows.slice(0, size);
    const items = page.map((node) => ({ cursor: encodeCursor([node.createdAt.toISOString(), node.id]), node }));
    return { items, hasNextPage: rows.length > size, endCursor: items.at(-1)?.cursor ?? null, totalCount };
  }

  async categories(ctx: Context): Promise<Category[]> {
    return ctx.em.find(Category, {}, { orderBy: [{ sortOrder: 'asc' }, { name: 'asc' }] });
  }

  /** Number of public products per category, in one query for all categories. */
  async publicCountsByCategory(ctx: Context): Promise<Map<string, number>> {
    const rows = await ctx.em.execute<{ category_id: string; n: string }[]>(
      `select p.category_id, count(*)::text as n from product p where p.status = 'APPROVED' and exists (
         select 1 from provider_membership pm where pm.provider_id = p.provider_id and pm.status = 'APPROVED')
       group by p.category_id`,
    );
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
