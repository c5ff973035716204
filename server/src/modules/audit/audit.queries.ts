import type { EntityManager } from '@mikro-orm/postgresql';
import { executeNative } from '../../kernel/sql.js';

/**
 * The audit log's writes (README, "Persistence: entities and queries"): one row, or several of one actor and request
 * in one insert. Only `audit.service.ts` calls these (architecture.test.ts checks it); everything else records through
 * the AuditService. Plain functions, no rules.
 */

/** Who acted, as the row stores it. */
export interface AuditRowActor {
  kind: string;
  id: string | null;
  job: string | null;
}

export interface AuditRow {
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  details: Record<string, unknown>;
}

/** One audit row. */
export async function insertAuditRow(
  em: EntityManager,
  at: Date,
  actor: AuditRowActor,
  row: AuditRow,
  requestId: string | null,
): Promise<void> {
  await em.execute(
    `insert into audit_log (at, actor_kind, actor_id, actor_job, action, subject_type, subject_id, details, request_id)
     values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?)`,
    [
      at,
      actor.kind,
      actor.id,
      actor.job,
      row.action,
      row.subject_type,
      row.subject_id,
      JSON.stringify(row.details),
      requestId,
    ],
  );
}

/** Several rows of one actor, request and moment in one insert. */
export async function insertAuditRows(
  em: EntityManager,
  at: Date,
  actor: AuditRowActor,
  rows: readonly AuditRow[],
  requestId: string | null,
): Promise<void> {
  // Native parameters: bulk work (an import's chunk) writes thousands of rows here at once.
  await executeNative(
    em,
    `insert into audit_log (at, actor_kind, actor_id, actor_job, action, subject_type, subject_id, details, request_id)
     select ?::timestamptz, ?::text, ?::uuid, ?::text, r.action, r.subject_type, r.subject_id, r.details, ?::text
       from jsonb_to_recordset(?::jsonb) as r(action text, subject_type text, subject_id text, details jsonb)`,
    [at, actor.kind, actor.id, actor.job, requestId, JSON.stringify(rows)],
  );
}
