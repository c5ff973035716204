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
 */
export async function executeNative<T = Record<string, unknown>>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[] = [],
): Promise<T[]> {
  let n = 0;
  const text = sql.replace(/\?/g, () => `$${++n}`);
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

/** The part of MikroORM's SQL client (Kysely) that runs a compiled query. */
interface NativeExecutor {
  executeQuery(query: {
    sql: string;
    parameters: readonly unknown[];
    query: { kind: 'RawNode'; sqlFragments: string[]; parameters: unknown[] };
    queryId: { queryId: string };
  }): Promise<{ rows: unknown[] }>;
}
