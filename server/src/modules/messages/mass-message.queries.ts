import type { EntityManager } from '@mikro-orm/postgresql';
import { keyOrder, keyOrderBy, keySelect, type KeyOrder } from '../../graphql/keyset.js';
import { containsPattern } from '../../kernel/sql.js';
import type { MessageAudienceKind } from '../../rules/message.js';

/**
 * The mass messages' SQL (docs, "Persistence: entities and queries"): the audience's names, the list, the daily
 * count under its lock, and the job's batch writes (its row locked, the inbox messages inserted at once). Plain
 * functions, no rules: `mass-message.service.ts` decides.
 */

export type MassMessageStatus = 'QUEUED' | 'SENDING' | 'SENT';

export interface MassMessageRow {
  id: string;
  municipality_id: string;
  municipality_name: string;
  audience_kind: MessageAudienceKind;
  audience_ref_id: string | null;
  audience_label: string;
  provider_scope: string[] | null;
  title: string;
  body: string;
  status: MassMessageStatus;
  recipient_count: number;
  sent_count: number;
  mail_count: number;
  read_count: string | number;
  cursor: string | null;
  as_of: string | Date;
  created_by: string;
  created_at: Date | string;
  finished_at: Date | string | null;
}

const SELECT = `select mm.*, mu.name as municipality_name, to_char(mm.as_of, 'YYYY-MM-DD') as as_of,
       (select count(*) from message r where r.mass_message_id = mm.id and r.read_at is not null) as read_count
  from mass_message mm join municipality mu on mu.id = mm.municipality_id`;

/** The list's order: newest first (the keys are selected as _k0, _k1 by SELECT_KEYED). */
export const NEWEST_FIRST: KeyOrder = keyOrder('newest', 'desc', 'mm', ['mm.created_at', 'timestamptz']);
const SELECT_KEYED = SELECT.replace('select mm.*,', `select mm.*, ${keySelect(NEWEST_FIRST)},`);

// --- The audience ----------------------------------------------------------------------------------------------------

export async function municipalityName(em: EntityManager, id: string): Promise<string | undefined> {
  const [row] = await em.execute<{ name: string }[]>(`select name from municipality where id = ?`, [id]);
  return row?.name;
}

/** The name of the municipality's arrangement `id`; undefined when it has none by that id. */
export async function arrangementNameIn(
  em: EntityManager,
  id: string,
  municipalityId: string,
): Promise<string | undefined> {
  const [row] = await em.execute<{ name: string }[]>(
    `select name from arrangement where id = ? and municipality_id = ?`,
    [id, municipalityId],
  );
  return row?.name;
}

/** The id of the municipality's client group with this client number. */
export async function clientGroupIdByNumber(
  em: EntityManager,
  municipalityId: string,
  clientNumber: string,
): Promise<string | undefined> {
  const [row] = await em.execute<{ id: string }[]>(
    `select id from client_group where municipality_id = ? and client_number = ?`,
    [municipalityId, clientNumber],
  );
  return row?.id;
}

/** The arrangements of a municipality, newest validity first (at most 200). */
export function arrangementChoices(em: EntityManager, municipalityId: string): Promise<{ id: string; name: string }[]> {
  return em.execute<{ id: string; name: string }[]>(
    `select id, name from arrangement where municipality_id = ? order by valid_until desc, name limit 200`,
    [municipalityId],
  );
}

export async function staffAddress(
  em: EntityManager,
  adminAccountId: string,
): Promise<{ email: string; name: string } | undefined> {
  const [me] = await em.execute<{ email: string; name: string }[]>(
    `select email, name from admin_account where id = ?`,
    [adminAccountId],
  );
  return me;
}

// --- Sending ---------------------------------------------------------------------------------------------------------

/** Takes the transaction's advisory lock for the municipality's sends of the day. */
export async function lockSendDay(em: EntityManager, municipalityId: string, day: string): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`mass-send:${municipalityId}:${day}`]);
}

/** How many messages the municipality sent on `day`. */
export async function countSentOn(em: EntityManager, municipalityId: string, day: string): Promise<number> {
  const [used] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from mass_message where municipality_id = ? and send_day = ?::date`,
    [municipalityId, day],
  );
  return used?.n ?? 0;
}

export async function insertMassMessage(
  em: EntityManager,
  m: {
    municipalityId: string;
    audienceKind: MessageAudienceKind;
    audienceRefId: string | null;
    audienceLabel: string;
    providerScope: readonly string[] | null;
    title: string;
    body: string;
    recipientCount: number;
    sendDay: string;
    asOf: string;
    idempotencyKey: string;
    createdBy: string;
    createdAt: Date;
  },
): Promise<string> {
  const [row] = await em.execute<{ id: string }[]>(
    `insert into mass_message (municipality_id, audience_kind, audience_ref_id, audience_label, provider_scope, title,
                               body, recipient_count, send_day, as_of, idempotency_key, created_by, created_at)
     values (?, ?, ?, ?, ?::uuid[], ?, ?, ?, ?::date, ?::date, ?, ?, ?) returning id`,
    [
      m.municipalityId,
      m.audienceKind,
      m.audienceRefId,
      m.audienceLabel,
      m.providerScope && `{${m.providerScope.join(',')}}`,
      m.title,
      m.body,
      m.recipientCount,
      m.sendDay,
      m.asOf,
      m.idempotencyKey,
      m.createdBy,
      m.createdAt,
    ],
  );
  return row!.id;
}

/** The message a sender sent with this idempotency key. */
export async function idByKey(em: EntityManager, sender: string, key: string): Promise<string | null> {
  const [row] = await em.execute<{ id: string }[]>(
    `select id from mass_message where created_by = ? and idempotency_key = ?`,
    [sender, key],
  );
  return row?.id ?? null;
}

// --- Reading ---------------------------------------------------------------------------------------------------------

export async function selectMassMessage(em: EntityManager, id: string): Promise<MassMessageRow | undefined> {
  const [row] = await em.execute<MassMessageRow[]>(`${SELECT} where mm.id = ?`, [id]);
  return row;
}

/**
 * A page of the messages a scope condition on `mm.municipality_id` admits, filtered, newest first, after the keyset
 * condition `after`, with the number that match the filter.
 */
export async function massMessagePage(
  em: EntityManager,
  scope: { sql: string; params: unknown[] },
  filter: { municipalityId?: string | null; audienceKind?: MessageAudienceKind | null; search?: string | null },
  after: { sql: string | null; params: unknown[] },
  limit: number,
): Promise<{ total: number; rows: (MassMessageRow & Record<string, unknown>)[] }> {
  const where: string[] = [scope.sql];
  const params: unknown[] = [...scope.params];
  if (filter.municipalityId) {
    where.push('mm.municipality_id = ?');
    params.push(filter.municipalityId);
  }
  if (filter.audienceKind) {
    where.push('mm.audience_kind = ?');
    params.push(filter.audienceKind);
  }
  if (filter.search?.trim()) {
    where.push(`(lower(mm.title) like ? or lower(mm.audience_label) like ?)`);
    const pattern = containsPattern(filter.search.trim().toLowerCase());
    params.push(pattern, pattern);
  }
  const condition = (extra: string[]) => (extra.length ? `where ${extra.join(' and ')}` : '');
  const [total] = await em.execute<{ n: string }[]>(
    `select count(*) as n from mass_message mm ${condition(where)}`,
    params,
  );
  const rows = await em.execute<(MassMessageRow & Record<string, unknown>)[]>(
    `${SELECT_KEYED} ${condition([...where, ...(after.sql ? [after.sql] : [])])}
      order by ${keyOrderBy(NEWEST_FIRST)} limit ?`,
    [...params, ...after.params, limit],
  );
  return { total: Number(total?.n ?? 0), rows };
}

// --- Erasure ---------------------------------------------------------------------------------------------------------

/**
 * Renames the CLIENT_GROUP messages to the erased person's household once nobody in it has personal data left; the
 * number renamed.
 */
export async function anonymiseHouseholdLabels(em: EntityManager, personId: string): Promise<number> {
  const rows = await em.execute<{ id: string }[]>(
    `update mass_message mm set audience_label = 'Gewiste klantgroep (' || mu.name || ')'
       from municipality mu, person p
      where mu.id = mm.municipality_id and p.id = ? and mm.audience_kind = 'CLIENT_GROUP'
        and mm.audience_ref_id = p.client_group_id
        and not exists (select 1 from person o where o.client_group_id = p.client_group_id and o.erased_at is null)
      returning mm.id`,
    [personId],
  );
  return rows.length;
}

// --- The job ---------------------------------------------------------------------------------------------------------

/** The message, its row locked until the transaction ends. */
export async function lockMassMessage(em: EntityManager, id: string): Promise<MassMessageRow | undefined> {
  const [row] = await em.execute<MassMessageRow[]>(
    `select *, to_char(as_of, 'YYYY-MM-DD') as as_of from mass_message where id = ? for update`,
    [id],
  );
  return row;
}

export async function markSent(em: EntityManager, id: string, now: Date): Promise<void> {
  await em.execute(
    `update mass_message set status = 'SENT', finished_at = ?,
            recipient_count = greatest(sent_count, 1) where id = ?`,
    [now, id],
  );
}

/** An inbox message per resident (person and client group side by side), all at once. */
export async function insertInboxMessages(
  em: EntityManager,
  m: { municipalityId: string; title: string; body: string; createdAt: Date; massMessageId: string },
  residents: readonly { id: string; clientGroupId: string | null }[],
): Promise<void> {
  await em.execute(
    `insert into message (audience, municipality_id, client_group_id, person_id, title, body, created_at, mass_message_id)
     select 'PERSONAL', ?, g, p, ?, ?, ?, ? from unnest(?::uuid[], ?::uuid[]) as t(p, g)`,
    [
      m.municipalityId,
      m.title,
      m.body,
      m.createdAt,
      m.massMessageId,
      `{${residents.map((r) => r.id).join(',')}}`,
      `{${residents.map((r) => r.clientGroupId).join(',')}}`,
    ],
  );
}

/** Records a batch: the last recipient as the cursor, the recipients and e-mails added to the counts. */
export async function recordBatch(
  em: EntityManager,
  id: string,
  batch: { cursor: string; sent: number; mails: number },
): Promise<void> {
  await em.execute(
    `update mass_message set status = 'SENDING', cursor = ?, sent_count = sent_count + ?, mail_count = mail_count + ?
      where id = ?`,
    [batch.cursor, batch.sent, batch.mails, id],
  );
}
