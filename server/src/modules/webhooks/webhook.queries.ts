import type { EntityManager } from '@mikro-orm/postgresql';
import { executeNative } from '../../kernel/sql.js';

/**
 * The webhooks' SQL (docs, "Persistence: entities and queries"): the outbox insert with its fan-out to the matching
 * endpoints, the head of an endpoint's queue, the attempts, the delivery log's page, replay and the retention purge.
 */

export interface EventRow {
  id: string;
  municipalityId: string;
  type: string;
  subject: string;
  payload: unknown;
  occurredAt: Date;
  onlyEndpointId: string | null;
  /** The permission the client needs for this type (event-types.ts). */
  permission: string;
}

/**
 * Records events (in the given order: `seq` follows it) and a pending delivery for every endpoint that should get
 * each: ACTIVE and subscribed to the type (or the event's one endpoint, for a test event), of an API client of the
 * event's municipality that is not revoked, not expired, and holds the type's permission as far as its maker still
 * does (the maker active, reaching the municipality, their role holding it: the standing the key's calls get,
 * api-client.standing.ts). One statement for any number
 * of events (a bulk grant's). Returns the endpoints that got a delivery.
 */
export async function insertEventsWithDeliveries(
  em: EntityManager,
  events: readonly EventRow[],
  today: string,
): Promise<string[]> {
  if (!events.length) return [];
  const rows = await executeNative<{ endpoint_id: string }>(
    em,
    `with input as (
       select * from unnest(?::uuid[], ?::uuid[], ?::text[], ?::text[], ?::jsonb[], ?::timestamptz[], ?::uuid[], ?::text[])
         with ordinality as t(id, municipality_id, type, subject, payload, occurred_at, only_endpoint_id, permission, n)),
     ev as (
       insert into webhook_event (id, municipality_id, type, subject, payload, occurred_at, only_endpoint_id)
       select id, municipality_id, type, subject, payload, occurred_at, only_endpoint_id from input order by n
       returning id, seq, municipality_id, type, occurred_at, only_endpoint_id)
     insert into webhook_delivery (id, endpoint_id, event_id, event_seq, next_attempt_at, created_at)
     select gen_random_uuid(), w.id, ev.id, ev.seq, ev.occurred_at, ev.occurred_at
       from ev
       join input i on i.id = ev.id
       join webhook_endpoint w on (ev.only_endpoint_id = w.id
                                   or (ev.only_endpoint_id is null and w.status = 'ACTIVE' and ev.type = any(w.event_types)))
       join api_client c on c.id = w.api_client_id
       join admin_account a on a.id = c.created_by_id and a.active
       left join role r on r.id = a.role_id
      where c.municipality_id = ev.municipality_id and c.revoked_at is null and c.expires_on >= ?::date
        and (a.all_municipalities or exists (select 1 from admin_account_municipality am
                                              where am.admin_account_id = a.id and am.municipality_id = c.municipality_id))
        and (ev.only_endpoint_id is not null
             or (i.permission = any(c.permissions) and i.permission = any(coalesce(r.permissions, '{}'))))
      order by ev.seq
     returning endpoint_id`,
    [
      events.map((e) => e.id),
      events.map((e) => e.municipalityId),
      events.map((e) => e.type),
      events.map((e) => e.subject),
      events.map((e) => JSON.stringify(e.payload)),
      events.map((e) => e.occurredAt),
      events.map((e) => e.onlyEndpointId),
      events.map((e) => e.permission),
      today,
    ],
    // A prepared statement for a change's few events (a checkout's orders: planning its joins cost more than running
    // them); a bulk grant's batch is planned for its size.
    { prepared: events.length <= 20 },
  );
  return [...new Set(rows.map((r) => r.endpoint_id))];
}

export interface EndpointForDelivery {
  id: string;
  url: string;
  status: string;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_until: Date | null;
  consecutive_failures: number;
  api_client_id: string;
  client_name: string;
  municipality_id: string;
  creator_email: string | null;
  creator_name: string | null;
}

export async function endpointForDelivery(em: EntityManager, id: string): Promise<EndpointForDelivery | undefined> {
  const [row] = await em.execute<EndpointForDelivery[]>(
    `select w.id, w.url, w.status, w.secret_sealed, w.previous_secret_sealed, w.previous_secret_until,
            w.consecutive_failures, w.api_client_id, c.name as client_name, c.municipality_id,
            a.email as creator_email, a.name as creator_name
       from webhook_endpoint w join api_client c on c.id = w.api_client_id
       left join admin_account a on a.id = c.created_by_id
      where w.id = ?`,
    [id],
  );
  return (
    row && {
      ...row,
      previous_secret_until: row.previous_secret_until ? new Date(row.previous_secret_until) : null,
    }
  );
}

export interface PendingDelivery {
  id: string;
  event_id: string;
  attempts: number;
  next_attempt_at: Date;
  type: string;
  payload: unknown;
  occurred_at: Date;
}

/** The first pending delivery of an endpoint: its events go out in the order they happened (`seq`), one at a time. */
export async function headDelivery(em: EntityManager, endpointId: string): Promise<PendingDelivery | undefined> {
  const [row] = await em.execute<PendingDelivery[]>(
    `select d.id, d.event_id, d.attempts, d.next_attempt_at, e.type, e.payload, e.occurred_at
       from webhook_delivery d join webhook_event e on e.id = d.event_id
      where d.endpoint_id = ? and d.status = 'PENDING'
      order by d.event_seq, d.created_at, d.id
      limit 1`,
    [endpointId],
  );
  return row && { ...row, next_attempt_at: new Date(row.next_attempt_at), occurred_at: new Date(row.occurred_at) };
}

export async function insertAttempt(
  em: EntityManager,
  a: {
    id: string;
    deliveryId: string;
    endpointId: string;
    attemptedAt: Date;
    statusCode: number | null;
    durationMs: number;
    responseStart: string;
    error: string | null;
    succeeded: boolean;
  },
): Promise<void> {
  await em.execute(
    `insert into webhook_attempt (id, delivery_id, endpoint_id, attempted_at, status_code, duration_ms, response_start,
                                  error, succeeded)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      a.id,
      a.deliveryId,
      a.endpointId,
      a.attemptedAt,
      a.statusCode,
      a.durationMs,
      a.responseStart,
      a.error,
      a.succeeded,
    ],
  );
}

export async function updateDelivery(
  em: EntityManager,
  id: string,
  d: { status: 'PENDING' | 'DELIVERED' | 'FAILED'; attempts: number; nextAttemptAt: Date; finishedAt: Date | null },
): Promise<void> {
  await em.execute(
    `update webhook_delivery set status = ?, attempts = ?, next_attempt_at = ?, finished_at = ? where id = ?`,
    [d.status, d.attempts, d.nextAttemptAt, d.finishedAt, id],
  );
}

/** After a failed attempt: one more in the run; returns the new run length. */
export async function countFailure(em: EntityManager, endpointId: string): Promise<number> {
  const [row] = await em.execute<{ n: number }[]>(
    `update webhook_endpoint set consecutive_failures = consecutive_failures + 1 where id = ?
     returning consecutive_failures as n`,
    [endpointId],
  );
  return row?.n ?? 0;
}

export async function resetFailures(em: EntityManager, endpointId: string): Promise<void> {
  await em.execute(`update webhook_endpoint set consecutive_failures = 0 where id = ? and consecutive_failures <> 0`, [
    endpointId,
  ]);
}

/** Switches an ACTIVE endpoint off; false when it was not ACTIVE (someone paused it meanwhile). */
export async function disableEndpoint(em: EntityManager, endpointId: string, at: Date): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `update webhook_endpoint set status = 'DISABLED', disabled_at = ?, updated_at = ? where id = ? and status = 'ACTIVE'
     returning id`,
    [at, at, endpointId],
  );
  return rows.length > 0;
}

/** Pending deliveries of an endpoint become due now (after a resume). */
export async function pendingCount(em: EntityManager, endpointId: string): Promise<number> {
  const [row] = await em.execute<{ n: string }[]>(
    `select count(*)::text as n from webhook_delivery where endpoint_id = ? and status = 'PENDING'`,
    [endpointId],
  );
  return Number(row?.n ?? 0);
}

export async function makePendingDue(em: EntityManager, endpointId: string, at: Date): Promise<void> {
  await em.execute(
    `update webhook_delivery set next_attempt_at = ? where endpoint_id = ? and status = 'PENDING' and next_attempt_at > ?`,
    [at, endpointId, at],
  );
}

export interface AttemptRow {
  id: string;
  attempted_at: Date;
  status_code: number | null;
  duration_ms: number;
  response_start: string;
  error: string | null;
  succeeded: boolean;
  delivery_id: string;
  delivery_status: string;
  event_id: string;
  event_type: string;
  occurred_at: Date;
}

/** The delivery log of an endpoint: attempts, newest first, keyset-paged on (attempted_at, id). */
export async function attemptPage(
  em: EntityManager,
  endpointId: string,
  after: { at: string; id: string } | null,
  limit: number,
): Promise<AttemptRow[]> {
  const rows = await em.execute<AttemptRow[]>(
    `select a.id, a.attempted_at, a.status_code, a.duration_ms, a.response_start, a.error, a.succeeded,
            d.id as delivery_id, d.status as delivery_status, e.id as event_id, e.type as event_type, e.occurred_at
       from webhook_attempt a join webhook_delivery d on d.id = a.delivery_id join webhook_event e on e.id = d.event_id
      where a.endpoint_id = ? ${after ? 'and (a.attempted_at, a.id) < (?::timestamptz, ?::uuid)' : ''}
      order by a.attempted_at desc, a.id desc
      limit ?`,
    after ? [endpointId, after.at, after.id, limit] : [endpointId, limit],
  );
  return rows.map((r) => ({ ...r, attempted_at: new Date(r.attempted_at), occurred_at: new Date(r.occurred_at) }));
}

export async function attemptCount(em: EntityManager, endpointId: string): Promise<number> {
  const [row] = await em.execute<{ n: string }[]>(
    `select count(*)::text as n from (select 1 from webhook_attempt where endpoint_id = ? limit 1000) x`,
    [endpointId],
  );
  return Number(row?.n ?? 0);
}

/** A new pending delivery of one event to one endpoint (resend); null when the event is not the endpoint's. */
export async function insertResend(
  em: EntityManager,
  endpointId: string,
  eventId: string,
  municipalityId: string,
  at: Date,
): Promise<string | null> {
  const [row] = await em.execute<{ id: string }[]>(
    `insert into webhook_delivery (id, endpoint_id, event_id, event_seq, next_attempt_at, created_at)
     select gen_random_uuid(), ?, e.id, e.seq, ?, ?
       from webhook_event e
      where e.id = ? and e.municipality_id = ? and (e.only_endpoint_id is null or e.only_endpoint_id = ?)
     returning id`,
    [endpointId, at, at, eventId, municipalityId, endpointId],
  );
  return row?.id ?? null;
}

/**
 * Replay: new pending deliveries of at most `limit` events of the endpoint's types and municipality from `from` on
 * (occurred_at, seq after `afterSeq`), in order. Returns how many and the last event's position (to continue).
 */
export async function insertReplayPage(
  em: EntityManager,
  p: {
    endpointId: string;
    municipalityId: string;
    types: readonly string[];
    from: Date;
    afterSeq: string | null;
    limit: number;
    at: Date;
  },
): Promise<{ count: number; lastSeq: string | null; lastOccurredAt: Date | null }> {
  const rows = await em.execute<{ seq: string; occurred_at: Date }[]>(
    `with page as (
       select e.id, e.seq, e.occurred_at from webhook_event e
        where e.municipality_id = ? and e.only_endpoint_id is null and e.type = any(?::text[])
          and e.occurred_at >= ? ${p.afterSeq ? 'and e.seq > ?::bigint' : ''}
        order by e.seq
        limit ?),
     ins as (
       insert into webhook_delivery (id, endpoint_id, event_id, event_seq, next_attempt_at, created_at)
       select gen_random_uuid(), ?, page.id, page.seq, ?, ? from page)
     select seq::text as seq, occurred_at from page order by seq`,
    [
      p.municipalityId,
      `{${p.types.join(',')}}`,
      p.from,
      ...(p.afterSeq ? [p.afterSeq] : []),
      p.limit,
      p.endpointId,
      p.at,
      p.at,
    ],
  );
  const last = rows[rows.length - 1];
  return { count: rows.length, lastSeq: last?.seq ?? null, lastOccurredAt: last?.occurred_at ?? null };
}

/** The retention purge: attempts, finished deliveries and events older than the cut-off. */
export async function purgeBefore(em: EntityManager, cutoff: Date): Promise<number> {
  const attempts = await em.execute<{ n: string }[]>(
    `with d as (delete from webhook_attempt where attempted_at < ? returning 1) select count(*)::text as n from d`,
    [cutoff],
  );
  const deliveries = await em.execute<{ n: string }[]>(
    `with d as (delete from webhook_delivery where status <> 'PENDING' and created_at < ? returning 1)
     select count(*)::text as n from d`,
    [cutoff],
  );
  const events = await em.execute<{ n: string }[]>(
    `with d as (delete from webhook_event e where e.occurred_at < ?
                  and not exists (select 1 from webhook_delivery x where x.event_id = e.id and x.status = 'PENDING')
                returning 1)
     select count(*)::text as n from d`,
    [cutoff],
  );
  return Number(attempts[0]?.n ?? 0) + Number(deliveries[0]?.n ?? 0) + Number(events[0]?.n ?? 0);
}

export interface ClientRow {
  id: string;
  name: string;
  municipality_id: string;
  permissions: string[];
  revoked_at: Date | null;
}

export async function clientForWebhooks(em: EntityManager, id: string): Promise<ClientRow | undefined> {
  const [row] = await em.execute<ClientRow[]>(
    `select id, name, municipality_id, permissions::text[] as permissions, revoked_at from api_client where id = ?`,
    [id],
  );
  return row;
}

/** Serialises endpoint creation per client (the count check and the insert). */
export async function lockClient(em: EntityManager, apiClientId: string): Promise<void> {
  await em.execute(`select id from api_client where id = ? for update`, [apiClientId]);
}

export async function endpointCount(em: EntityManager, apiClientId: string): Promise<number> {
  const [row] = await em.execute<{ n: string }[]>(
    `select count(*)::text as n from webhook_endpoint where api_client_id = ?`,
    [apiClientId],
  );
  return Number(row?.n ?? 0);
}

export async function deliveryById(
  em: EntityManager,
  id: string,
): Promise<{ id: string; endpoint_id: string; event_id: string } | undefined> {
  const [row] = await em.execute<{ id: string; endpoint_id: string; event_id: string }[]>(
    `select id, endpoint_id, event_id from webhook_delivery where id = ?`,
    [id],
  );
  return row;
}
