import type { EntityManager } from '@mikro-orm/postgresql';
import { keyOrderBy, keySelect, type KeyOrder } from '../../graphql/keyset.js';

/**
 * The audit log screen's SQL (docs, "Persistence: entities and queries"): the person a filter names, and a keyset
 * page of the log with the names of the actor, the subject and the organisation. Plain functions, no rules:
 * `audit-log.service.ts` builds the conditions.
 */

export const NEWEST_FIRST: KeyOrder = {
  name: 'newest',
  direction: 'desc',
  keys: [
    { expr: 'l.at', cast: 'timestamptz' },
    { expr: 'l.id', cast: 'bigint' },
  ],
};

/**
 * Whom a filter names: the person with this id (a uuid) or client number, or else the household with this client
 * number (ignoring case) and its members; undefined when nobody.
 */
export async function subjectFor(
  em: EntityManager,
  value: string,
  byId: boolean,
): Promise<{ personIds: string[]; householdId: string } | undefined> {
  const [person] = await em.execute<{ id: string; client_group_id: string }[]>(
    `select id, client_group_id from person where ${byId ? 'id = ?::uuid' : 'lower(external_identifier) = lower(?)'}`,
    [value],
  );
  if (person) return { personIds: [person.id], householdId: person.client_group_id };
  if (byId) return undefined;
  const [household] = await em.execute<{ id: string; members: string[] }[]>(
    `select g.id, array(select p.id::text from person p where p.client_group_id = g.id) as members
       from client_group g where lower(g.client_number) = lower(?) order by g.id limit 1`,
    [value],
  );
  return household ? { personIds: household.members, householdId: household.id } : undefined;
}

/**
 * The join condition of the order an audit row (`row`) is about, by the order's key: an index lookup. Comparing
 * `order.id::text = row.subject_id` instead reads every order (an insert's rows, or a page of the log at 10 million
 * orders: minutes per page in `bench:admin` at 10×). For the log's writes and its list alike.
 */
export function orderOfSubject(order: string, row: string): string {
  return `${row}.subject_type in ('order', 'Order')
      and ${order}.id = case when ${row}.subject_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                             then ${row}.subject_id::uuid end`;
}

/** A page of the log entries (`l`) that meet `condition`, newest first, after `after`, with the names to show. */
export function auditLogPage(
  em: EntityManager,
  condition: string,
  params: unknown[],
  after: { sql: string | null; params: unknown[] },
  limit: number,
): Promise<Record<string, unknown>[]> {
  return em.execute<Record<string, unknown>[]>(
    `select l.id::text as id, l.at, l.actor_kind, l.actor_id, l.actor_job, l.action, l.subject_type, l.subject_id,
            l.details, l.request_id, l.processing_activity, l.reason, l.fields,
            l.subject_person_id, l.subject_household_id,
            coalesce(a.name, pu.name, ac.name, case when l.actor_kind = 'SYSTEM' then l.actor_job end,
                     'Operator van Lightbase (' || coalesce(op.name, op.email) || ')') as actor_name,
            pv.name as provider_name, m.name as municipality_name,
            sp.first_name as person_first_name, sp.last_name as person_last_name,
            sp.external_identifier as person_number, sp.erased_at as person_erased_at,
            sg.client_number as household_number, so.number as order_number, so.id::text as order_id,
            ${keySelect(NEWEST_FIRST)}
       from audit_log l
       left join admin_account a on l.actor_kind = 'STAFF' and a.id = l.actor_id
       left join provider_user pu on l.actor_kind = 'PROVIDER' and pu.id = l.actor_id
       left join provider pv on pv.id = pu.provider_id
       left join operator op on l.actor_kind = 'OPERATOR' and op.id = l.actor_id
       left join api_client ac on l.actor_kind = 'API_CLIENT' and ac.id = l.actor_id
       left join municipality m on m.id = l.municipality_id
       left join person sp on sp.id = l.subject_person_id
       left join client_group sg on sg.id = l.subject_household_id
       left join customer_order so on ${orderOfSubject('so', 'l')}
      where ${[condition, ...(after.sql ? [after.sql] : [])].join(' and ')}
      order by ${keyOrderBy(NEWEST_FIRST)} limit ?`,
    [...params, ...after.params, limit],
  );
}
