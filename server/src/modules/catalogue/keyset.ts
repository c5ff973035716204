import { GraphQLError } from 'graphql';
import { decodeCursor, encodeCursor } from '../../graphql/pagination.js';
import { isUuid } from '../../graphql/ids.js';

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

const VALID: Record<KeyOrder['keys'][number]['cast'], (v: string) => boolean> = {
  float8: (v) => v.length < 40 && Number.isFinite(Number(v)),
  timestamptz: (v) => v.length < 40 && /^\d{4}-\d{2}-\d{2}[ T][\d:.]+([+-]\d{2}(:?\d{2})?|Z)?$/.test(v) && !Number.isNaN(Date.parse(v.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'))),
  integer: (v) => /^-?\d{1,9}$/.test(v),
  uuid: (v) => isUuid(v),
};

export function badCursor(): never {
  throw new GraphQLError('De paginering is ongeldig: vraag de eerste pagina opnieuw op.', { extensions: { code: 'BAD_USER_INPUT' } });
}

/** Select list for the key values, as text: `<expr>::text as _k0, …`. */
export function keySelect(order: KeyOrder): string {
  return order.keys.map((k, i) => `(${k.expr})::text as _k${i}`).join(', ');
}

export function keyOrderBy(order: KeyOrder): string {
  return order.keys.map((k) => `${k.expr} ${order.direction}`).join(', ');
}

/** The WHERE condition that starts after `cursor`, and its parameters (none without a cursor). */
export function keyCondition(order: KeyOrder, cursor: string | null | undefined): { sql: string | null; params: unknown[] } {
  if (!cursor) return { sql: null, params: [] };
  const values = decodeCursor(cursor, order.keys.length + 1);
  if (!values || values[0] !== order.name) badCursor();
  order.keys.forEach((k, i) => {
    const v = values[i + 1];
    if (typeof v !== 'string' || !VALID[k.cast](v)) badCursor();
  });
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
