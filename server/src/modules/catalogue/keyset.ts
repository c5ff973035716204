import { encodeCursor, readCursor, type CursorPart } from '../../graphql/pagination.js';

/**
 * Keyset pagination over raw SQL: an ordering is a list of keys (SQL expressions, all in one direction) that ends
 * with a unique one (the id). The cursor holds the sort's name and each key's value as PostgreSQL text, so values
 * such as timestamps with microseconds and float ranks round-trip exactly.
 */
export interface KeyOrder {
  /** Name written into the cursor: a cursor of another ordering is refused. */
  name: string;
  direction: 'asc' | 'desc';
  keys: { expr: string; cast: 'float8' | 'timestamptz' | 'integer' | 'uuid' }[];
}

/** How the one cursor decoder (graphql/pagination.ts) checks each key's value before PostgreSQL casts it. */
const CAST_PART: Record<KeyOrder['keys'][number]['cast'], CursorPart> = {
  float8: 'float',
  timestamptz: 'timestamp',
  integer: 'integer',
  uuid: 'uuid',
};

/** Select list for the key values, as text: `<expr>::text as _k0, …`. */
export function keySelect(order: KeyOrder): string {
  return order.keys.map((k, i) => `(${k.expr})::text as _k${i}`).join(', ');
}

export function keyOrderBy(order: KeyOrder): string {
  return order.keys.map((k) => `${k.expr} ${order.direction}`).join(', ');
}

/** The WHERE condition that starts after `cursor`, and its parameters (none without a cursor). */
export function keyCondition(order: KeyOrder, cursor: string | null | undefined): { sql: string | null; params: unknown[] } {
  const shape: CursorPart[] = [{ literal: order.name }, ...order.keys.map((k) => CAST_PART[k.cast])];
  const values = readCursor(cursor, shape);
  if (!values) return { sql: null, params: [] };
  const left = order.keys.map((k) => k.expr).join(', ');
  const right = order.keys.map((k) => `?::${k.cast}`).join(', ');
  return { sql: `(${left}) ${order.direction === 'asc' ? '>' : '<'} (${right})`, params: values.slice(1) };
}

export function rowCursor(order: KeyOrder, row: Record<string, unknown>): string {
  return encodeCursor([order.name, ...order.keys.map((_, i) => String(row[`_k${i}`]))]);
}

/** Removes the helper columns (_k0 …, search, title_words) from a row before it is mapped onto an entity. */
export function stripKeys(row: Record<string, unknown>, count: number): Record<string, unknown> {
  for (let i = 0; i < count; i++) delete row[`_k${i}`];
  delete row.search;
  delete row.title_words;
  return row;
}
