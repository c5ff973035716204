import type { EntityManager } from '@mikro-orm/postgresql';
import { keyOrderBy, keySelect, type KeyOrder } from '../../graphql/keyset.js';
import type { MailStatus } from './mail-message.entity.js';

/**
 * The mail log's SQL (docs, "Persistence: entities and queries"): a mail recorded, claimed per attempt and marked
 * by conditional updates (a mail is delivered once however often its job runs), the log as a keyset page, and the
 * erasure in bulk. Plain functions, no rules: `mail.service.ts` decides.
 */

export const NEWEST_FIRST: KeyOrder = {
  name: 'newest',
  direction: 'desc',
  keys: [
    { expr: 'created_at', cast: 'timestamptz' },
    { expr: 'id', cast: 'uuid' },
  ],
};

export interface MailLogRow {
  id: string;
  to_address: string;
  template_key: string | null;
  template_name: string | null;
  subject: string;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
}

const likePattern = (text: string) =>
  `%${text
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Records a queued mail; its id. */
export async function insertMail(
  em: EntityManager,
  mail: {
    to: string;
    templateKey: string;
    subject: string;
    body: string;
    personId: string | null;
    municipalityId: string | null;
    createdAt: Date;
  },
): Promise<string> {
  const [row] = await em.execute<{ id: string }[]>(
    `insert into mail_message (to_address, template_key, subject, body, person_id, municipality_id, created_at)
     values (?, ?, ?, ?, ?, ?, ?) returning id`,
    [mail.to, mail.templateKey, mail.subject, mail.body, mail.personId, mail.municipalityId, mail.createdAt],
  );
  return row!.id;
}

/** Counts an attempt of a queued (not erased) mail and returns what to send; undefined when it is not queued. */
export async function claimAttempt(
  em: EntityManager,
  mailId: string,
  now: Date,
): Promise<{ to_address: string; subject: string; body: string; template_key: string | null } | undefined> {
  const [mail] = await em.execute<{ to_address: string; subject: string; body: string; template_key: string | null }[]>(
    `update mail_message set attempts = attempts + 1, last_attempt_at = ?
      where id = ? and status = 'QUEUED' and erased_at is null
      returning to_address, subject, body, template_key`,
    [now, mailId],
  );
  return mail;
}

/** Records why a queued mail was not delivered; `final`: it is FAILED. */
export async function recordFailure(em: EntityManager, mailId: string, reason: string, final: boolean): Promise<void> {
  await em.execute(
    `update mail_message set last_error = ?, status = case when ? then 'FAILED' else status end where id = ? and status = 'QUEUED'`,
    [reason, final, mailId],
  );
}

export async function markSent(em: EntityManager, mailId: string, now: Date): Promise<void> {
  await em.execute(
    `update mail_message set status = 'SENT', sent_at = ?, last_error = null where id = ? and status = 'QUEUED'`,
    [now, mailId],
  );
}

/** The mail, its row locked until the transaction ends. */
export async function lockMail(
  em: EntityManager,
  mailId: string,
): Promise<{ status: MailStatus; municipality_id: string | null; erased_at: Date | null } | undefined> {
  const [row] = await em.execute<{ status: MailStatus; municipality_id: string | null; erased_at: Date | null }[]>(
    `select status, municipality_id, erased_at from mail_message where id = ? for update`,
    [mailId],
  );
  return row;
}

export async function requeue(em: EntityManager, mailId: string): Promise<void> {
  await em.execute(`update mail_message set status = 'QUEUED', last_error = null where id = ?`, [mailId]);
}

/** One row of the mail log, not erased. */
export async function mailLogRow(
  em: EntityManager,
  mailId: string,
): Promise<(MailLogRow & { municipality_id: string | null }) | undefined> {
  const [row] = await em.execute<(MailLogRow & { municipality_id: string | null })[]>(
    `select id, to_address, template_key, subject, status, attempts, last_error, municipality_id, created_at, sent_at,
            (select t.name from communication_template t where t.key = mail_message.template_key) as template_name
       from mail_message where id = ? and erased_at is null`,
    [mailId],
  );
  return row;
}

/**
 * A page of the mail log (not erased) a scope condition on `municipality_id` admits, filtered, newest first, after
 * the keyset condition, and the number that match.
 */
export async function mailLogPage(
  em: EntityManager,
  scope: { sql: string; params: unknown[] },
  filter: { status?: MailStatus | null; templateKey?: string | null; to?: string | null; search?: string | null },
  after: { sql: string | null; params: unknown[] },
  limit: number,
): Promise<{ total: number; rows: (MailLogRow & Record<string, unknown>)[] }> {
  const where: string[] = ['erased_at is null'];
  const params: unknown[] = [];
  where.push(scope.sql);
  params.push(...scope.params);
  if (filter.status) {
    where.push('status = ?');
    params.push(filter.status);
  }
  if (filter.templateKey) {
    where.push('template_key = ?');
    params.push(filter.templateKey);
  }
  if (filter.to?.trim()) {
    where.push(`lower(to_address) like ?`);
    params.push(likePattern(filter.to));
  }
  if (filter.search?.trim()) {
    where.push(`(lower(to_address) like ? or lower(subject) like ?)`);
    params.push(likePattern(filter.search), likePattern(filter.search));
  }
  const [total] = await em.execute<{ n: string }[]>(
    `select count(*) as n from mail_message where ${where.join(' and ')}`,
    params,
  );
  const rows = await em.execute<(MailLogRow & Record<string, unknown>)[]>(
    `select id, to_address, template_key, subject, status, attempts, last_error, created_at, sent_at,
            (select t.name from communication_template t where t.key = mail_message.template_key) as template_name,
            ${keySelect(NEWEST_FIRST)}
       from mail_message where ${[...where, ...(after.sql ? [after.sql] : [])].join(' and ')}
      order by ${keyOrderBy(NEWEST_FIRST)} limit ?`,
    [...params, ...after.params, limit],
  );
  return { total: Number(total?.n ?? 0), rows };
}

/**
 * Erases a person's mails (by person id, and by address for mails recorded without one): no address but
 * `erasedAddress`, no subject or body; the queued ones cancelled. The number erased.
 */
export async function erasePersonMails(
  em: EntityManager,
  person: { id: string; email: string | null },
  erasedAddress: string,
  at: Date,
): Promise<number> {
  const rows = await em.execute<{ id: string }[]>(
    `update mail_message
        set to_address = ?, subject = '(gewist)', body = '', last_error = null, erased_at = ?,
            status = case when status = 'QUEUED' then 'CANCELLED' else status end
      where erased_at is null
        and (person_id = ? or (person_id is null and ?::text is not null and lower(to_address) = lower(?::text)))
      returning id`,
    [erasedAddress, at, person.id, person.email, person.email],
  );
  return rows.length;
}
