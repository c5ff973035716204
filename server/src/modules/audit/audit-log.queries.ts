import type { EntityManager } from '@mikro-orm/postgresql';
import { keyOrderBy, keySelect, type KeyOrder } from '../../graphql/keyset.js';

/**
 * The audit log screen's SQL (docs, "Persistence: entities and queries"): the person a filter names, and a keyset
 * page of the log with the actors' names. Plain functions, no rules: `audit-log.service.ts` builds the conditions.
 */

export const NEWEST_FIRST: KeyOrder = {
  name: 'newest',
  direction: 'desc',
  keys: [
    { expr: 'l.at', cast: 'timestamptz' },
    { expr: 'l.id', cast: 'bigint' },
  ],
};

/** The person with this id (a uuid) or, otherwise, this client number (ignoring case). */
export async function personIdFor(em: EntityManager, person: string, byId: boolean): Promise<string | undefined> {
  const [found] = await em.execute<{ id: string }[]>(
    `select id from person where ${byId ? 'id = ?::uuid' : 'lower(external_identifier) = lower(?)'}`,
    [person],
  );
  return found?.id;
}

/** A page of the log entries (`l`) that meet `condition`, newest first, after `after`, with the actor's name. */
export function auditLogPage(
  em: EntityManager,
  condition: string,
  params: unknown[],
  after: { sql: string | null; params: unknown[] },
  limit: number,
): Promise<Record<string, unknown>[]> {
  return em.execute<Record<string, unknown>[]>(
    `select l.id::text as id, l.at, l.actor_kind, l.actor_id, l.actor_job, l.action, l.subject_type, l.subject_id,
            l.details, l.request_id,
            coalesce(a.name, pu.name, case when l.actor_kind = 'SYSTEM' then l.actor_job end,
                     'Operator van Lightbase (' || coalesce(op.name, op.email) || ')') as actor_name,
            ${keySelect(NEWEST_FIRST)}
       from audit_log l
       left join admin_account a on l.actor_kind = 'STAFF' and a.id = l.actor_id
       left join provider_user pu on l.actor_kind = 'PROVIDER' and pu.id = l.actor_id
       left join operator op on l.actor_kind = 'OPERATOR' and op.id = l.actor_id
      where ${[condition, ...(after.sql ? [after.sql] : [])].join(' and ')}
      order by ${keyOrderBy(NEWEST_FIRST)} limit ?`,
    [...params, ...after.params, limit],
  );
}
