import { createHash } from 'node:crypto';
import type { EntityManager, Transaction } from '@mikro-orm/postgresql';

/** `%`, `_` and `\` typed by a user are literal characters in a LIKE pattern. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern matching `text` anywhere (case and accents are the query's business: lower() / immutable_unaccent()). */
export function containsPattern(text: string): string {
  return `%${likeEscape(text)}%`;
}

/** A uuid[] parameter: `= any(?::uuid[])`. */
export function uuidArray(ids: readonly string[]): string {
  return `{${ids.join(',')}}`;
}

/**
 * Runs SQL on the EntityManager's connection (its transaction's, inside one) with PostgreSQL's own parameters: each
 * `?` of `sql` becomes `$1`, `$2`, … and the values travel beside the text. For statements that carry large payloads
 * (bulk work's JSON and arrays: the import, the ledger's batches, audit rows): `em.execute` quotes every value into
 * the text in JavaScript, one character at a time, which for a batch of a few thousand rows costs more than the
 * statement itself. `sql` may hold no `?` but its placeholders (no jsonb `?` operator). Returns the rows.
 *
 * `prepared`: a prepared statement, parsed and planned once per connection (see PREPARED_MARKER). For statements of a
 * fixed text that run on every request of a hot path with a handful of rows; not for bulk batches, whose plan should
 * see how many rows they carry.
 */
export async function executeNative<T = Record<string, unknown>>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[] = [],
  options: { prepared?: boolean } = {},
): Promise<T[]> {
  const { text, placeholders: n } = options.prepared ? preparedText(sql) : nativeText(sql);
  if (n !== params.length) throw new Error(`executeNative: ${n} placeholders, ${params.length} values`);
  const client = (em.getTransactionContext<Transaction>() ?? em.getConnection().getClient()) as NativeExecutor;
  const started = performance.now();
  const result = await client.executeQuery({
    sql: text,
    parameters: params,
    query: { kind: 'RawNode', sqlFragments: [text], parameters: [] },
    queryId: { queryId: 'native' },
  });
  // Logged as MikroORM logs its own statements (when its query log is on: the tests' and benchmarks' statement
  // counts), with the placeholders, never the values.
  em.config
    .getLogger()
    .logQuery({ query: text, took: Math.round(performance.now() - started), results: result.rows.length });
  return result.rows as T[];
}

function nativeText(sql: string): { text: string; placeholders: number } {
  let n = 0;
  const text = sql.replace(/\?/g, () => `$${++n}`);
  return { text, placeholders: n };
}

/**
 * The marker that makes a statement a prepared one: `/*prepared:<name>*\/` at the start of its text. The database
 * pool (database/pool.ts, `prepareMarkedStatements`) sends such a statement under its name, so each connection parses
 * and plans it once and then only binds and runs it: for the statements a request runs every time (a checkout's), whose
 * parsing and planning cost PostgreSQL more than running them.
 */
export const PREPARED_MARKER = '/*prepared:';

const prepared = new Map<string, { text: string; placeholders: number }>();

/** `sql` with native placeholders and the marker naming it after its text (the same text, the same name). */
function preparedText(sql: string): { text: string; placeholders: number } {
  let found = prepared.get(sql);
  if (!found) {
    const native = nativeText(sql);
    const name = `gw_${createHash('sha256').update(native.text).digest('hex').slice(0, 24)}`;
    found = { text: `${PREPARED_MARKER}${name}*/ ${native.text}`, placeholders: native.placeholders };
    // Bounded: statements are written in the code, not made from input; a runaway caller still cannot fill memory.
    if (prepared.size < 1_000) prepared.set(sql, found);
  }
  return found;
}

/** The name of a statement marked by `executeNative(…, { prepared: true })`, or undefined. */
export function preparedName(text: string): string | undefined {
  if (!text.startsWith(PREPARED_MARKER)) return undefined;
  const end = text.indexOf('*/', PREPARED_MARKER.length);
  return end > 0 ? text.slice(PREPARED_MARKER.length, end) : undefined;
}

/** The part of MikroORM's SQL client (Kysely) that runs a compiled query. */
interface NativeExecutor {
  executeQuery(query: {
    sql: string;
    parameters: readonly unknown[];
    query: { kind: 'RawNode'; sqlFragments: string[]; parameters: unknown[] };
    queryId: { queryId: string };
  }): Promise<{ rows: unknown[] }>;
}
