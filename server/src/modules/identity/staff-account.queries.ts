import type { EntityManager } from '@mikro-orm/postgresql';
import { keyOrder, keyOrderBy, keySelect, type KeyOrder } from '../../graphql/keyset.js';
import { StaffAccountStatus } from './staff-account.types.js';

/**
 * The staff accounts' SQL (docs, "Persistence: entities and queries"): the list as a keyset page of ids, and the
 * lock that serialises changes that could remove a Beheerder. Plain functions, no rules: `staff-account.service.ts`
 * decides (the scope condition is passed in).
 */

/** By name; the id makes it total. */
export const BY_NAME: KeyOrder = keyOrder('name', 'asc', 'a', ['lower(a.name)', 'text']);

/**
 * A page of the ids (with their keys) of the staff accounts `scope` admits (on `a`), filtered by name or address,
 * role and status, by name after `after`; and the number that match.
 */
export async function staffAccountPage(
  em: EntityManager,
  scope: { sql: string; params: unknown[] },
  filter: { search?: string; roleId?: string | null; status?: StaffAccountStatus | null },
  after: { sql: string | null; params: unknown[] },
  limit: number,
): Promise<{ total: number; rows: { id: string; _k0: string; _k1: string }[] }> {
  const where: string[] = [scope.sql];
  const params: unknown[] = [...scope.params];
  if (filter.search) {
    where.push(`(a.name ilike ? or a.email ilike ?)`);
    const like = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    params.push(like, like);
  }
  if (filter.roleId) {
    where.push('a.role_id = ?');
    params.push(filter.roleId);
  }
  if (filter.status === StaffAccountStatus.DEACTIVATED) where.push('not a.active');
  if (filter.status === StaffAccountStatus.ACTIVE) where.push('a.active and a.password_set_at is not null');
  if (filter.status === StaffAccountStatus.INVITED) where.push('a.active and a.password_set_at is null');
  const whereSql = (extra: string | null) => {
    const all = [...where, ...(extra ? [extra] : [])];
    return all.length ? `where ${all.join(' and ')}` : '';
  };
  const [{ count }] = (await em.execute<{ count: string }[]>(
    `select count(*)::text as count from admin_account a ${whereSql(null)}`,
    params,
  )) as [{ count: string }];
  const rows = await em.execute<{ id: string; _k0: string; _k1: string }[]>(
    `select a.id, ${keySelect(BY_NAME)} from admin_account a ${whereSql(after.sql)}
     order by ${keyOrderBy(BY_NAME)} limit ?`,
    [...params, ...after.params, limit],
  );
  return { total: Number(count), rows };
}

/** One at a time for changes that could remove a Beheerder (until the transaction ends). */
export async function lockBeheerders(em: EntityManager): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(hashtext('admin_account.beheerders'))`);
}
