import type { EntityManager } from '@mikro-orm/postgresql';
import { keyOrder, keyOrderBy, keySelect, type KeyOrder } from '../../graphql/keyset.js';
import { executeNative } from '../../kernel/sql.js';

/**
 * The inbox's SQL (docs, "Persistence: entities and queries"): a household's messages as a keyset page, the unread
 * count, marking read in one statement, and a personal message written. Every query is limited to the owner's client
 * group (and the messages to the person or to the whole household). Plain functions, no rules: `message.service.ts`
 * decides.
 */

/** Newest first; the id breaks ties between messages written in the same instant. */
export const INBOX_ORDER: KeyOrder = keyOrder('inbox', 'desc', 'm', ['m.created_at', 'timestamptz']);

export interface MessageRow {
  id: string;
  title: string;
  body: string;
  order_id: string | null;
  read_at: Date | string | null;
  created_at: Date | string;
  [key: string]: unknown;
}

/** Whose inbox: the household, and the person whose personal messages are in it. */
export interface InboxOwner {
  clientGroupId: string;
  personId: string;
}

/** SQL condition for "visible in this customer's inbox"; its parameters: client group, person. */
const VISIBLE = `m.audience = 'PERSONAL' and m.client_group_id = ? and (m.person_id is null or m.person_id = ?)`;

/** A page of the inbox (read, unread or all), newest first, after `after`, and the number of such messages. */
export async function inboxPage(
  em: EntityManager,
  who: InboxOwner,
  unread: boolean | null | undefined,
  after: { sql: string | null; params: unknown[] },
  limit: number,
): Promise<{ total: number; rows: MessageRow[] }> {
  const readState = unread == null ? '' : unread ? ' and m.read_at is null' : ' and m.read_at is not null';
  const rows = await em.execute<MessageRow[]>(
    `select m.id, m.title, m.body, m.order_id, m.read_at, m.created_at, ${keySelect(INBOX_ORDER)}
       from message m
      where ${VISIBLE}${readState}${after.sql ? ` and ${after.sql}` : ''}
      order by ${keyOrderBy(INBOX_ORDER)}
      limit ?`,
    [who.clientGroupId, who.personId, ...after.params, limit],
  );
  const [counts] = await em.execute<{ total: string }[]>(
    `select count(*) as total from message m where ${VISIBLE}${readState}`,
    [who.clientGroupId, who.personId],
  );
  return { total: Number(counts?.total ?? 0), rows };
}

export async function countUnread(em: EntityManager, who: InboxOwner): Promise<number> {
  const [row] = await em.execute<{ unread: string }[]>(
    `select count(*) as unread from message m where ${VISIBLE} and m.read_at is null`,
    [who.clientGroupId, who.personId],
  );
  return Number(row?.unread ?? 0);
}

/** Marks one message of the inbox read (keeping the first time); undefined when it is not in this inbox. */
export async function markRead(
  em: EntityManager,
  who: InboxOwner,
  id: string,
  now: Date,
): Promise<MessageRow | undefined> {
  const [row] = await em.execute<MessageRow[]>(
    `update message m set read_at = coalesce(m.read_at, ?::timestamptz)
      where m.id = ? and ${VISIBLE}
      returning m.id, m.title, m.body, m.order_id, m.read_at, m.created_at`,
    [now, id, who.clientGroupId, who.personId],
  );
  return row;
}

/** Marks every unread message of the inbox read; how many. */
export async function markAllRead(em: EntityManager, who: InboxOwner, now: Date): Promise<number> {
  const rows = await em.execute<{ id: string }[]>(
    `update message m set read_at = ? where ${VISIBLE} and m.read_at is null returning m.id`,
    [now, who.clientGroupId, who.personId],
  );
  return rows.length;
}

/** A personal message to a household (or one member of it), as the message table holds it. */
export interface PersonalMessageRow {
  municipalityId: string;
  clientGroupId: string;
  personId: string | null;
  orderId: string | null;
  title: string;
  body: string;
  createdAt: Date;
}

/** Personal messages in one statement (a checkout's orders); their ids (in no promised order). */
export async function insertPersonalMany(
  em: EntityManager,
  messages: readonly PersonalMessageRow[],
): Promise<string[]> {
  // A prepared statement for the few messages of one change (a checkout's orders); a mass message's batch is planned anew.
  const rows = await executeNative<{ id: string }>(
    em,
    `insert into message (audience, municipality_id, client_group_id, person_id, order_id, title, body, created_at)
     select 'PERSONAL', x.municipality_id, x.client_group_id, x.person_id, x.order_id, x.title, x.body, x.created_at
       from jsonb_to_recordset(?::jsonb) as x(municipality_id uuid, client_group_id uuid, person_id uuid,
            order_id uuid, title text, body text, created_at timestamptz)
     returning id`,
    [
      JSON.stringify(
        messages.map((m) => ({
          municipality_id: m.municipalityId,
          client_group_id: m.clientGroupId,
          person_id: m.personId,
          order_id: m.orderId,
          title: m.title,
          body: m.body,
          created_at: m.createdAt,
        })),
      ),
    ],
    { prepared: messages.length <= 20 },
  );
  return rows.map((r) => r.id);
}

/** A personal message to a household (or one member of it); its id. */
export async function insertPersonal(em: EntityManager, message: PersonalMessageRow): Promise<string> {
  return (await insertPersonalMany(em, [message]))[0]!;
}
