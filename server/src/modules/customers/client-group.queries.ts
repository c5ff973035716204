import type { EntityManager } from '@mikro-orm/postgresql';
import { keyOrderBy, keySelect, type KeyOrder } from '../../graphql/keyset.js';

/**
 * The households' SQL (docs, "Persistence: entities and queries"): the staff list's pages over the search the
 * service built (`from` over `g`, with its condition), the number of orders per household, and the next generated
 * client number. Plain functions, no rules: `client-group.service.ts` decides.
 */

/** The household search: the households `g` of `from` that meet `condition`, with their parameters in that order. */
export interface HouseholdQuery {
  from: string;
  fromParams: unknown[];
  condition: string;
  params: unknown[];
}

/**
 * A page of a ranked search: every candidate ranked by `order` (its keys selected as _r0, _r1, …) and counted over the
 * whole result (`_total`) in one statement, the keyset condition `after` on the outer order applied outside it.
 */
export function rankedHouseholdPage(
  em: EntityManager,
  query: HouseholdQuery,
  order: KeyOrder,
  outer: KeyOrder,
  after: { sql: string | null; params: unknown[] },
  limit: number,
): Promise<Record<string, unknown>[]> {
  const { from, fromParams, condition, params } = query;
  return em.execute<Record<string, unknown>[]>(
    `select s.*, ${keySelect(outer)} from (
       select g.*, ${order.keys.map((k, i) => `${k.expr} as _r${i}`).join(', ')}, count(*) over () as _total
         from ${from} where ${condition}) s
      ${after.sql ? `where ${after.sql}` : ''}
      order by ${keyOrderBy(outer)} limit ?`,
    [...fromParams, ...params, ...after.params, limit],
  );
}

/** A page of the households of the query, in `order`, after `after`. */
export function householdPage(
  em: EntityManager,
  query: HouseholdQuery,
  order: KeyOrder,
  after: { sql: string | null; params: unknown[] },
  limit: number,
): Promise<Record<string, unknown>[]> {
  const { from, fromParams, condition, params } = query;
  return em.execute<Record<string, unknown>[]>(
    `select g.*, ${keySelect(order)} from ${from}
      where ${[condition, ...(after.sql ? [after.sql] : [])].join(' and ')}
      order by ${keyOrderBy(order)} limit ?`,
    [...fromParams, ...params, ...after.params, limit],
  );
}

/** One way a search finds households: a statement selecting their ids (`id`), with its parameters. */
export interface CandidateBranch {
  sql: string;
  params: unknown[];
}

/**
 * The households the branches find, each branch stopped after `limit` rows, at most `limit` in all (by id, so the
 * same data gives the same candidates on every page).
 */
export async function candidateHouseholds(
  em: EntityManager,
  branches: readonly CandidateBranch[],
  limit: number,
): Promise<{ id: string }[]> {
  if (!branches.length) return [];
  return em.execute<{ id: string }[]>(
    `select distinct id from (${branches.map((b) => `(${b.sql} limit ?)`).join(' union all ')}) c order by id limit ?`,
    [...branches.flatMap((b) => [...b.params, limit]), limit],
  );
}

/** No parallel workers for the rest of the transaction (a search reads a few hundred rows by index). */
export async function withoutParallelWorkers(em: EntityManager): Promise<void> {
  await em.execute(`select set_config('max_parallel_workers_per_gather', '0', true)`);
}

/** The number of orders of each of these households that has any. */
export function orderCounts(
  em: EntityManager,
  clientGroupIds: readonly string[],
): Promise<{ client_group_id: string; n: string }[]> {
  return em.execute<{ client_group_id: string; n: string }[]>(
    `select client_group_id, count(*) as n from customer_order where client_group_id = any(?::uuid[]) group by client_group_id`,
    [`{${clientGroupIds.join(',')}}`],
  );
}

/** The number after the highest generated client number of a person (P-…), at least 100001. */
export async function nextGeneratedNumber(em: EntityManager): Promise<string> {
  const [{ next }] = (await em.execute<{ next: string }[]>(
    `select coalesce(max((substring(external_identifier from '^P-([0-9]{1,9})$'))::bigint), 100000) + 1 as next from person`,
  )) as [{ next: string }];
  return next;
}
