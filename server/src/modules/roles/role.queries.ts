import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The roles' SQL (docs, "Persistence: entities and queries"): the lock that serialises role changes, the holders
 * of each role, and the counts the rules need. Plain functions, no rules: `role.service.ts` decides.
 */

export interface RoleHoldersRow {
  role_id: string;
  n: number;
  any_all: boolean;
  municipality_ids: string[] | null;
}

/** Serialises role changes: two administrators cannot together take ROLE_MANAGE away from everyone. */
export async function lockRoles(em: EntityManager): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(hashtext('gemeentewinkel:roles'))`);
}

/** The role of the staff account that made the API client. */
export async function apiClientCreatorRoleId(em: EntityManager, apiClientId: string): Promise<string | null> {
  const [row] = await em.execute<{ role_id: string }[]>(
    `select a.role_id from api_client c join admin_account a on a.id = c.created_by_id where c.id = ?`,
    [apiClientId],
  );
  return row?.role_id ?? null;
}

export async function staffRoleId(em: EntityManager, adminAccountId: string): Promise<string | null> {
  const [row] = await em.execute<{ role_id: string }[]>(`select role_id from admin_account where id = ?`, [
    adminAccountId,
  ]);
  return row?.role_id ?? null;
}

/** Per role (or of one): how many staff accounts hold it, whether any reaches all municipalities, and theirs together. */
export function roleHolders(em: EntityManager, roleId?: string): Promise<RoleHoldersRow[]> {
  return em.execute<RoleHoldersRow[]>(
    `select a.role_id, count(distinct a.id)::int as n, bool_or(a.all_municipalities) as any_all,
            array_remove(array_agg(distinct am.municipality_id), null)::text[] as municipality_ids
       from admin_account a left join admin_account_municipality am on am.admin_account_id = a.id
      ${roleId ? 'where a.role_id = ?' : ''}
      group by a.role_id`,
    roleId ? [roleId] : [],
  );
}

/** The roles with this name, ignoring case. */
export async function roleIdsNamed(em: EntityManager, name: string): Promise<string[]> {
  const rows = await em.execute<{ id: string }[]>(`select id from role where lower(name) = lower(?)`, [name]);
  return rows.map((r) => r.id);
}

/** The number of active staff accounts whose role holds the permission. */
export async function countActiveHolding(em: EntityManager, permission: string): Promise<number> {
  const rows = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from admin_account a join role r on r.id = a.role_id
      where a.active and ? = any(r.permissions)`,
    [permission],
  );
  return rows[0]?.n ?? 0;
}

/** The number of staff accounts with the role. */
export async function countAccountsWithRole(em: EntityManager, roleId: string): Promise<number> {
  const [{ n }] = (await em.execute<{ n: number }[]>(`select count(*)::int as n from admin_account where role_id = ?`, [
    roleId,
  ])) as [{ n: number }];
  return n;
}
