import {
  emptyConnection,
  encodeCursor,
  pageSize,
  readCursor,
  toConnection,
  type ConnectionOf,
  type CursorPart,
} from './pagination.js';

/**
 * Keyset pagination over SQL, for every list: an ordering is a list of keys (SQL expressions with their type, all in
 * one direction) that ends with a unique one (the id). A page after a cursor is `where (k1, k2, id) > (?, ?, ?)` —
 * an index range scan however deep the page, and stable while rows are added.
 *
 * The cursor holds the ordering's name and each key's value as PostgreSQL text, so timestamps with microseconds and
 * float ranks round-trip exactly; a cursor of another ordering, or with a value that is not of its key's type, is
 * refused with BAD_USER_INPUT by the one cursor decoder (graphql/pagination.ts `readCursor`). Usage:
 *
 *   const BY_NAME: KeyOrder = { name: 'name', direction: 'asc', keys: [{ expr: 'c.name', cast: 'text' }, { expr: 'c.id', cast: 'uuid' }] };
 *   const after = keyCondition(BY_NAME, page.after);          // first: a bad cursor is an error even when nothing matches
 *   const rows = await ctx.em.execute(`select c.*, ${keySelect(BY_NAME)} from category c
 *     where ${[...where, ...(after.sql ? [after.sql] : [])].join(' and ')} order by ${keyOrderBy(BY_NAME)} limit ?`,
 *     [...params, ...after.params, first + 1]);
 *   return toConnection(rows, { first, totalCount, cursorOf: (row) => rowCursor(BY_NAME, row), nodes: … });
 */
export type KeyType =
  | 'text'
  | 'integer'
  | 'bigint'
  | 'float8'
  | 'numeric'
  | 'timestamptz'
  | 'date'
  | 'uuid'
  | 'boolean';

export interface KeyOrder {
  /** Written into the cursor: a cursor of another ordering (another sort of the same list) is refused. */
  name: string;
  direction: 'asc' | 'desc';
  /** The sort keys; the last one must be unique (the id). `cast` is the key's PostgreSQL type. */
  keys: readonly { expr: string; cast: KeyType }[];
}

/**
 * The usual keyset order: the given keys, then the row's id (`<alias>.id`, a uuid) to make the order total.
 * `keyOrder('inbox', 'desc', 'm', ['m.created_at', 'timestamptz'])` is newest first, then by id.
 */
export function keyOrder(
  name: string,
  direction: 'asc' | 'desc',
  alias: string,
  ...keys: readonly (readonly [expr: string, cast: KeyType])[]
): KeyOrder {
  return {
    name,
    direction,
    keys: [...keys.map(([expr, cast]) => ({ expr, cast })), { expr: `${alias}.id`, cast: 'uuid' }],
  };
}

/** How the one cursor decoder (graphql/pagination.ts) checks each key's value before PostgreSQL casts it. */
const CAST_PART: Record<KeyType, CursorPart> = {
  text: 'text',
  integer: 'integer',
  bigint: 'bigint',
  float8: 'float',
  numeric: 'numeric',
  timestamptz: 'timestamp',
  date: 'date',
  uuid: 'uuid',
  boolean: 'boolean',
};

/** Select list for the key values, as text: `(<expr>)::text as _k0, …`. */
export function keySelect(order: KeyOrder): string {
  return order.keys.map((k, i) => `(${k.expr})::text as _k${i}`).join(', ');
}

export function keyOrderBy(order: KeyOrder): string {
  return order.keys.map((k) => `${k.expr} ${order.direction}`).join(', ');
}

/** The WHERE condition that starts after `cursor`, and its parameters (none without a cursor). Throws on a bad cursor. */
export function keyCondition(
  order: KeyOrder,
  cursor: string | null | undefined,
): { sql: string | null; params: unknown[] } {
  const values = readCursor(cursor, [{ literal: order.name }, ...order.keys.map((k) => CAST_PART[k.cast])]);
  if (!values) return { sql: null, params: [] };
  return { sql: afterSql(order), params: values.slice(1) };
}

/** The condition "after the cursor's key values" (one `?` per key, in order) of `order`. */
export function afterSql(order: KeyOrder): string {
  const left = order.keys.map((k) => k.expr).join(', ');
  const right = order.keys.map((k) => `?::${k.cast}`).join(', ');
  return `(${left}) ${order.direction === 'asc' ? '>' : '<'} (${right})`;
}

/** The cursor of a row fetched with `keySelect(order)`. */
export function rowCursor(order: KeyOrder, row: Record<string, unknown>): string {
  return encodeCursor([order.name, ...order.keys.map((_, i) => String(row[`_k${i}`]))]);
}

/**
 * Removes the key columns (_k0 …) and any other helper columns from a row before it is mapped onto an entity.
 * The defaults `search` and `title_words` are the product table's generated search columns.
 */
export function stripKeys(
  row: Record<string, unknown>,
  count: number,
  helpers: readonly string[] = ['search', 'title_words'],
): Record<string, unknown> {
  for (let i = 0; i < count; i++) delete row[`_k${i}`];
  for (const column of helpers) delete row[column];
  return row;
}

/** Where a page starts: the SQL condition (with its parameters) for the rows after the cursor; null for the first page. */
export type KeyCondition = ReturnType<typeof keyCondition>;

/**
 * One page of a list in a keyset order, the common case: the cursor is checked first (a bad one is an error even when
 * nothing matches), `read` fetches up to `limit` (the page size plus one) rows after it with the total count, and
 * `nodes` makes the page's nodes (toConnection; default: the rows themselves). `read` answers null for a filter that
 * cannot match anything (an empty connection). `defaultSize` is the page size without `first`.
 */
export async function keysetPage<R extends object, N = R>(
  order: KeyOrder,
  page: { first?: number | null; after?: string | null },
  read: (after: KeyCondition, limit: number) => Promise<{ total: number; rows: R[] }> | null,
  nodes?: (rows: R[]) => N[] | Promise<N[]>,
  defaultSize?: number,
): Promise<ConnectionOf<N>> {
  const after = keyCondition(order, page.after);
  const first = pageSize(page.first, defaultSize);
  const found = read(after, first + 1);
  if (!found) return emptyConnection();
  const { total, rows } = await found;
  return toConnection(rows, {
    first,
    totalCount: total,
    cursorOf: (row) => rowCursor(order, row as unknown as Record<string, unknown>),
    nodes,
  });
}
