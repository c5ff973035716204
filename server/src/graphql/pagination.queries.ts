import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The lists' shared SQL (docs, "Persistence: entities and queries"): a count that stops after a cap. Plain
 * functions, no rules: `pagination.ts` (cappedCount) decides what the screen shows.
 */

/**
 * How many rows `select 1 from <fromWhere>` yields, counting at most `cap` + 1 of them (an index range scan of at
 * most that many entries, however large the table).
 */
export async function countUpTo(
  em: EntityManager,
  fromWhere: string,
  params: readonly unknown[],
  cap: number,
): Promise<number> {
  const [row] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from (select 1 from ${fromWhere} limit ${Math.trunc(cap) + 1}) capped`,
    [...params],
  );
  return row?.n ?? 0;
}
