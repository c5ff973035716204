import type { EntityManager } from '@mikro-orm/postgresql';
import { keyOrder, keyOrderBy, keySelect, type KeyOrder } from '../../graphql/keyset.js';
import type { MembershipStatus } from './provider-membership.entity.js';

/**
 * The memberships' SQL (docs, "Persistence: entities and queries"): the staff list as a keyset page. Plain
 * functions, no rules: `membership.service.ts` decides (the scope condition is passed in).
 */

/** Newest application first; the id makes it total. */
export const NEWEST_APPLICATION: KeyOrder = keyOrder('applied', 'desc', 'm', ['m.applied_at', 'timestamptz']);

/** A page of the memberships `scope` admits (on `m`), of a status or all, after `after`; and the number that match. */
export async function membershipPage(
  em: EntityManager,
  scope: { sql: string; params: unknown[] },
  status: MembershipStatus | null | undefined,
  after: { sql: string | null; params: unknown[] },
  limit: number,
): Promise<{ total: number; rows: Record<string, unknown>[] }> {
  const where: string[] = [scope.sql];
  const params: unknown[] = [...scope.params];
  if (status) {
    where.push('m.status = ?');
    params.push(status);
  }
  const whereSql = (extra: string | null) => {
    const all = [...where, ...(extra ? [extra] : [])];
    return all.length ? `where ${all.join(' and ')}` : '';
  };
  const [{ count }] = (await em.execute<{ count: string }[]>(
    `select count(*)::text as count from provider_membership m ${whereSql(null)}`,
    params,
  )) as [{ count: string }];
  const rows = await em.execute<Record<string, unknown>[]>(
    `select m.*, ${keySelect(NEWEST_APPLICATION)} from provider_membership m ${whereSql(after.sql)}
     order by ${keyOrderBy(NEWEST_APPLICATION)} limit ?`,
    [...params, ...after.params, limit],
  );
  return { total: Number(count), rows };
}
