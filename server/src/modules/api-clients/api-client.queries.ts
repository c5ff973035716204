import type { EntityManager } from '@mikro-orm/postgresql';
import { keyOrder, keyOrderBy, keySelect, type KeyOrder } from '../../graphql/keyset.js';
import { todayInAmsterdam } from '../../kernel/dates.js';
import type { EncryptionAlgorithm } from './api-client.entities.js';

/**
 * The API clients' SQL (docs, "Persistence: entities and queries"): a key's lookup on every call with its maker's
 * standing, the list's page, and the bulk changes of keys. The clients and their keys themselves are entities
 * (api-client.entities.ts), changed by the management's use cases.
 */

/**
 * The standing of an API client's maker (`c` is the client): whether that staff account is active, the permissions of
 * its role now, and whether its scope still reaches the client's municipality. Read on every request, never cached: a
 * role change, a scope change or a deactivation applies to the maker's clients from their next call.
 */
export const CREATOR_COLUMNS = `
  a.id is not null as creator_exists,
  coalesce(a.active, false) as creator_active,
  coalesce(r.permissions, '{}')::text[] as creator_permissions,
  coalesce(a.all_municipalities or exists (
    select 1 from admin_account_municipality am where am.admin_account_id = a.id and am.municipality_id = c.municipality_id
  ), false) as creator_reaches`;
export const CREATOR_JOINS = `left join admin_account a on a.id = c.created_by_id left join role r on r.id = a.role_id`;

export interface CreatorRow {
  creator_exists: boolean;
  creator_active: boolean;
  creator_permissions: string[];
  creator_reaches: boolean;
}

export interface KeyRow extends CreatorRow {
  key_id: string;
  prefix: string;
  valid_until: Date | null;
  id: string;
  municipality_id: string;
  permissions: string[];
  ip_allow_list: string[];
  expires_on: string;
  rate_limit_per_minute: number;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

/** A key by its hash, with its client and the client's maker's standing. */
export async function keyByHash(em: EntityManager, keyHash: string): Promise<KeyRow | undefined> {
  const [row] = await em.execute<KeyRow[]>(
    `select k.id as key_id, k.prefix, k.valid_until, c.id, c.municipality_id, c.permissions, c.ip_allow_list,
            c.expires_on::text as expires_on, c.rate_limit_per_minute, c.revoked_at, c.last_used_at, ${CREATOR_COLUMNS}
       from api_client_key k join api_client c on c.id = k.api_client_id ${CREATOR_JOINS}
      where k.key_hash = ?`,
    [keyHash],
  );
  return row;
}

/** Writes the last use, unless another call wrote it within `resolutionMs`. */
export async function touchLastUse(
  em: EntityManager,
  clientId: string,
  now: Date,
  resolutionMs: number,
): Promise<void> {
  await em.execute(
    `update api_client set last_used_at = ? where id = ? and (last_used_at is null or last_used_at < ?)`,
    [now, clientId, new Date(now.getTime() - resolutionMs)],
  );
}

/** A client's encryption keys valid at `now`: the current one first, then the newest. */
export async function validEncryptionKeys(
  em: EntityManager,
  clientId: string,
  now: Date,
): Promise<{ kid: string; algorithm: EncryptionAlgorithm; public_jwk: unknown; valid_until: Date | null }[]> {
  return em.execute(
    `select kid, algorithm, public_jwk, valid_until from api_client_encryption_key
      where api_client_id = ? and (valid_until is null or valid_until > ?)
      order by (valid_until is null) desc, created_at desc`,
    [clientId, now],
  );
}

export async function encryptionKeyCount(em: EntityManager, clientId: string): Promise<number> {
  const [any] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from api_client_encryption_key where api_client_id = ?`,
    [clientId],
  );
  return any?.n ?? 0;
}

/**
 * How many API clients answer to a staff account and work now (not revoked, not expired): they stop working when the
 * account is deactivated (the deactivation dialog says so; beheer/api offers to take them over).
 */
export async function countClientsAnsweringTo(em: EntityManager, adminAccountId: string, now: Date): Promise<number> {
  const [row] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from api_client where created_by_id = ? and revoked_at is null and expires_on >= ?::date`,
    [adminAccountId, todayInAmsterdam(now)],
  );
  return row?.n ?? 0;
}

export const BY_NAME: KeyOrder = keyOrder('name', 'asc', 'c', ['lower(c.name)', 'text']);

/** A page of client ids by name (`where` on alias `c`, with its params) after the cursor, and the count. */
export async function clientPage(
  em: EntityManager,
  where: readonly string[],
  params: readonly unknown[],
  after: { sql: string | null; params: unknown[] },
  limit: number,
): Promise<{ total: number; rows: { id: string; _k0: string; _k1: string }[] }> {
  const whereSql = (extra: string | null) => {
    const all = [...where, ...(extra ? [extra] : [])];
    return all.length ? `where ${all.join(' and ')}` : '';
  };
  const [{ count }] = (await em.execute<{ count: string }[]>(
    `select count(*)::text as count from api_client c ${whereSql(null)}`,
    [...params],
  )) as [{ count: string }];
  const rows = await em.execute<{ id: string; _k0: string; _k1: string }[]>(
    `select c.id, ${keySelect(BY_NAME)} from api_client c ${whereSql(after.sql)} order by ${keyOrderBy(BY_NAME)} limit ?`,
    [...params, ...after.params, limit],
  );
  return { total: Number(count), rows };
}

/** The standing of these clients' makers. */
export async function creatorStanding(
  em: EntityManager,
  ids: readonly string[],
): Promise<(CreatorRow & { id: string })[]> {
  return em.execute<(CreatorRow & { id: string })[]>(
    `select c.id, ${CREATOR_COLUMNS} from api_client c ${CREATOR_JOINS} where c.id = any(?::uuid[])`,
    [`{${ids.join(',')}}`],
  );
}

/** Locks a client's row (serialises rotations, take-overs and key registrations of one client). */
export async function lockClient(em: EntityManager, id: string | null): Promise<void> {
  await em.execute(`select id from api_client where id = ? for update`, [id]);
}

/** The client's current key works until `until`. */
export async function expireCurrentKey(em: EntityManager, clientId: string, until: Date): Promise<void> {
  await em.execute(`update api_client_key set valid_until = ? where api_client_id = ? and valid_until is null`, [
    until,
    clientId,
  ]);
}

/** The client's current encryption key can be asked for until `until`. */
export async function expireCurrentEncryptionKey(em: EntityManager, clientId: string, until: Date): Promise<void> {
  await em.execute(
    `update api_client_encryption_key set valid_until = ? where api_client_id = ? and valid_until is null`,
    [until, clientId],
  );
}
