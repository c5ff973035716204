import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The retention purge's SQL (docs, "Persistence: entities and queries"): bulk deletes of what is older than a
 * cut-off, each returning how many rows went. Plain functions, no rules: `retention.service.ts` picks the cut-offs.
 */

const ERASED = `select id from person where erased_at is not null and erased_at < ?`;

/** The inbox messages to persons erased before the cut-off, and to households nobody in is left unerased since. */
export async function deleteErasedMessages(em: EntityManager, cutoff: Date): Promise<number> {
  const rows = await em.execute<{ id: string }[]>(
    `delete from message m
      where m.audience = 'PERSONAL'
        and (m.person_id in (${ERASED})
             or (m.person_id is null
                 and not exists (select 1 from person o where o.client_group_id = m.client_group_id
                                   and (o.erased_at is null or o.erased_at >= ?))
                 and exists (select 1 from person e where e.client_group_id = m.client_group_id)))
      returning m.id`,
    [cutoff, cutoff],
  );
  return rows.length;
}

/** The mail log's rows stripped at an erasure before the cut-off. */
export async function deleteErasedMails(em: EntityManager, cutoff: Date): Promise<number> {
  const rows = await em.execute<{ id: string }[]>(
    `delete from mail_message where erased_at is not null and erased_at < ? returning id`,
    [cutoff],
  );
  return rows.length;
}

/** The sessions of persons erased before the cut-off. */
export async function deleteErasedSessions(em: EntityManager, cutoff: Date): Promise<number> {
  const rows = await em.execute<{ id: string }[]>(`delete from session where person_id in (${ERASED}) returning id`, [
    cutoff,
  ]);
  return rows.length;
}

/** The cart lines of persons erased before the cut-off. */
export async function deleteErasedCartLines(em: EntityManager, cutoff: Date): Promise<number> {
  const rows = await em.execute<{ id: string }[]>(`delete from cart_line where person_id in (${ERASED}) returning id`, [
    cutoff,
  ]);
  return rows.length;
}

/**
 * The audit log's rows before the cut-off: the append-only trigger lets this transaction delete them because the
 * transaction names the cut-off first (and clears it after).
 */
export async function deleteAuditLogBefore(em: EntityManager, cutoff: Date): Promise<number> {
  await em.execute(`select set_config('gemeentewinkel.audit_purge', ?, true)`, [cutoff.toISOString()]);
  const rows = await em.execute<{ id: string }[]>(`delete from audit_log where at < ? returning id`, [cutoff]);
  await em.execute(`select set_config('gemeentewinkel.audit_purge', '', true)`);
  return rows.length;
}

/** The mail log's rows made before the cut-off that are not queued. */
export async function deleteMailsBefore(em: EntityManager, cutoff: Date): Promise<number> {
  const rows = await em.execute<{ id: string }[]>(
    `delete from mail_message where created_at < ? and status not in ('QUEUED') returning id`,
    [cutoff],
  );
  return rows.length;
}

/** The sessions last seen, or expired, before the cut-off. */
export async function deleteSessionsBefore(em: EntityManager, cutoff: Date): Promise<number> {
  const rows = await em.execute<{ id: string }[]>(
    `delete from session where last_seen_at < ? or expires_at < ? returning id`,
    [cutoff, cutoff],
  );
  return rows.length;
}

/** The import runs made before the cut-off that are not being applied. */
export async function deleteImportsBefore(em: EntityManager, cutoff: Date): Promise<number> {
  const rows = await em.execute<{ id: string }[]>(
    `delete from import_run where created_at < ? and status <> 'APPLYING' returning id`,
    [cutoff],
  );
  return rows.length;
}

/** The search's list of name words, made again from the names. */
export async function rebuildSearchWords(em: EntityManager): Promise<void> {
  await em.execute(`select search_word_rebuild()`);
}
