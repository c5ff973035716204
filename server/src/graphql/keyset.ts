import { decodeCursor, encodeCursor, invalidCursor } from './pagination.js';
import { isUuid } from './ids.js';

/**
 * Keyset pagination over SQL, for every list: an ordering is a list of keys (SQL expressions with their type, all in
 * one direction) that ends with a unique one (the id). A page after a cursor is `where (k1, k2, id) > (?, ?, ?)` —
 * an index range scan however deep the page, and stable while rows are added.
 *
 * The cursor holds the ordering's name and each key's value as PostgreSQL text, so timestamps with microseconds and
 * float ranks round-trip exactly; a cursor of another ordering, or with a value that is not of its key's type, is
 * refused with BAD_USER_INPUT (graphql/pagination.ts `decodeCursor`). Usage:
 *
 *   const BY_NAME: KeyOrder = { name: 'name', direction: 'asc', keys: [{ expr: 'c.name', cast: 'text' }, { expr: 'c.id', cast: 'uuid' }] };
 *   const after = keyCondition(BY_NAME, page.after);          // first: a bad cursor is an error even when nothing matches
 *   const rows = await ctx.em.execute(`select c.*, ${keySelect(BY_NAME)} from category c
 *     where ${[...where, ...(after.sql ? [after.sql] : [])].join(' and ')} order by ${keyOrderBy(BY_NAME)} limit ?`,
 *     [...params, ...after.params, first + 1]);
 *   return toConnection(rows, { first, totalCount, cursorOf: (row) => rowCursor(BY_NAME, row), nodes: … });
 */
export type KeyType = 'text' | 'integer' | 'bigint' | 'float8' | 'numeric' | 'timestamptz' | 'date' | 'uuid' | 'boolean';

export interface KeyOrder {
  /** Written into the cursor: a cursor of another ordering (another sort of the same list) is refused. */
  name: string;
  direction: 'asc' | 'desc';
  /** The sort keys; the last one must be unique (the id). `cast` is the key's PostgreSQL type. */
  keys: readonly { expr: string; cast: KeyType }[];
}

const VALID: Record<KeyType, (v: string) => boolean> = {
  text: (v) => v.length <= 1000,
  integer: (v) => /^-?\d{1,10}$/.test(v) && Math.abs(Number(v)) <= 2_147_483_647,
  bigint: (v) => /^-?\d{1,19}$/.test(v),
  float8: (v) => v.length < 40 && Number.isFinite(Number(v)),
  numeric: (v) => /^-?\d{1,30}(\.\d{1,30})?$/.test(v),
  timestamptz: (v) =>
    v.length < 40 &&
    /^\d{4}-\d{2}-\d{2}[ T][\d:.]+([+-]\d{2}(:?\d{2})?|Z)?$/.test(v) &&
    !Number.isNaN(Date.parse(v.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'))),
  date: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)),
  uuid: (v) => isUuid(v),
  boolean: (v) => v === 'true' || v === 'false',
};

/** @deprecated the old name; use invalidCursor from graphql/pagination.ts. */
export const badCursor = invalidCursor;

/** Select list for the key values, as text: `(<expr>)::text as _k0, …`. */
export function keySelect(order: KeyOrder): string {
  return order.keys.map((k, i) => `(${k.expr})::text as _k${i}`).join(', ');
}

export function keyOrderBy(order: KeyOrder): string {
  return order.keys.map((k) => `${k.expr} ${order.direction}`).join(', ');
}

/** The WHERE condition that starts after `cursor`, and its parameters (none without a cursor). Throws on a bad cursor. */
export function keyCondition(order: KeyOrder, cursor: string | null | undefined): { sql: string | null; params: unknown[] } {
  if (cursor == null || cursor === '') return { sql: null, params: [] };
  const values = decodeCursor(cursor, order.keys.length + 1);
  if (values[0] !== order.name) invalidCursor();
  order.keys.forEach((k, i) => {
    const v = values[i + 1];
    if (typeof v !== 'string' || !VALID[k.cast](v)) invalidCursor();
  });
  const left = order.keys.map((k) => k.expr).join(', ');
  const right = order.keys.map((k) => `?::${k.cast}`).join(', ');
  return { sql: `(${left}) ${order.direction === 'asc' ? '>' : '<'} (${right})`, params: values.slice(1) };
}

/** The cursor of a row fetched with `keySelect(order)`. */
export function rowCursor(order: KeyOrder, row: Record<string, unknown>): string {
  return encodeCursor([order.name, ...order.keys.map((_, i) => String(row[`_k${i}`]))]);
}

/**
 * Removes the key columns (_k0 …) and any other helper columns from a row before it is mapped onto an entity.
 * The defaults `search` and `title_words` are the product table's generated search columns.
 */
export function stripKeys(row: Record<string, unknown>, count: number, helpers: readonly string[] = ['search', 'title_words']): Record<string, unknown> {
  for (let i = 0; i < count; i++) delete row[`_k${i}`];
  for (const column of helpers) delete row[column];
  return row;
}
