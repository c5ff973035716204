import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The expiry reminders' SQL (docs, "Persistence: entities and queries"): the assignments due a reminder, in
 * batches, and the reminder reserved once per assignment (on conflict) before it is sent. Plain functions, no rules:
 * `expiry-reminders.ts` decides.
 */

/** An assignment whose budget expires soon. */
export interface Due {
  id: string;
  municipality_id: string;
  client_group_id: string;
  arrangement_name: string;
  beneficiary_name: string | null;
  valid_until: string;
}

/**
 * Up to 200 active assignments (by id, after `after`) with money left whose period ends within `days` days of `day`
 * and that had no reminder yet.
 */
export function dueReminders(
  em: EntityManager,
  day: string,
  days: number,
  after: string,
): Promise<(Due & { balance_cents: string })[]> {
  return em.execute<(Due & { balance_cents: string })[]>(
    `select a.id, ar.municipality_id, a.client_group_id, ar.name as arrangement_name, a.valid_until::text,
            case when p.id is null then null else p.first_name end as beneficiary_name, acc.balance_cents
       from assignment a
       join arrangement ar on ar.id = a.arrangement_id
       join ledger_account acc on acc.kind = 'ASSIGNMENT' and acc.assignment_id = a.id
       left join person p on p.id = a.beneficiary_id and p.erased_at is null
      where a.status = 'ACTIVE' and a.valid_from <= ?::date and a.valid_until >= ?::date
        and a.valid_until <= ?::date + ?::int and acc.balance_cents > 0
        and not exists (select 1 from assignment_reminder r where r.assignment_id = a.id)
        and a.id > ?::uuid
      order by a.id limit 200`,
    [day, day, day, days, after],
  );
}

/** Reserves the assignment's reminder; false when it already has one. */
export async function reserveReminder(
  em: EntityManager,
  reminder: { assignmentId: string; daysBefore: number; remainingCents: number; createdAt: Date },
): Promise<boolean> {
  const [reserved] = await em.execute<{ assignment_id: string }[]>(
    `insert into assignment_reminder (assignment_id, days_before, remaining_cents, created_at)
     values (?, ?, ?, ?) on conflict do nothing returning assignment_id`,
    [reminder.assignmentId, reminder.daysBefore, reminder.remainingCents, reminder.createdAt],
  );
  return !!reserved;
}

/** The household's contact: its first member (not erased) with an e-mail address, and whether they want e-mail. */
export async function householdContact(
  em: EntityManager,
  clientGroupId: string,
): Promise<{ id: string; first_name: string; email: string; wants: boolean } | undefined> {
  const [recipient] = await em.execute<{ id: string; first_name: string; email: string; wants: boolean }[]>(
    `select id, first_name, email, notify_order_status as wants from person
      where client_group_id = ? and email is not null and email <> '' and erased_at is null
      order by created_at asc, id asc limit 1`,
    [clientGroupId],
  );
  return recipient;
}

/** Records what the reminder sent: the inbox message, and whether an e-mail went. */
export async function recordReminder(
  em: EntityManager,
  assignmentId: string,
  messageId: string,
  mailed: boolean,
): Promise<void> {
  await em.execute(`update assignment_reminder set message_id = ?, mail_sent = ? where assignment_id = ?`, [
    messageId,
    mailed,
    assignmentId,
  ]);
}
