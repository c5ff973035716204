import type { EntityManager } from '@mikro-orm/postgresql';
import { executeNative } from '../../kernel/sql.js';
import { orderOfSubject } from './audit-log.queries.js';

/**
 * The audit log's writes (docs, "Persistence: entities and queries"): one or several rows of one actor and request
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
  /** The processing activity (verwerkingsactiviteit) of the register in audit-catalogue.ts. */
  processing_activity: string;
  /** A reason stated by the actor (an operator's visit, an order on a resident's behalf); null otherwise. */
  reason: string | null;
  /** The fields read (`Type.field`): names, never values. */
  fields: string[] | null;
  subject_person_id: string | null;
  subject_household_id: string | null;
  municipality_id: string | null;
}

/**
 * Rows of one actor, request and moment in one insert. What the caller does not know is completed from the subject:
 * the household from the person (or the order), the municipality from the person or the household.
 */
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
    `insert into audit_log (at, actor_kind, actor_id, actor_job, action, subject_type, subject_id, details, request_id,
                            processing_activity, reason, fields, subject_person_id, subject_household_id, municipality_id)
     select ?::timestamptz, ?::text, ?::uuid, ?::text, r.action, r.subject_type, r.subject_id, r.details, ?::text,
            r.processing_activity, r.reason, r.fields, r.subject_person_id,
            coalesce(r.subject_household_id, p.client_group_id, o.client_group_id),
            coalesce(r.municipality_id, p.municipality_id, g.municipality_id)
       from jsonb_to_recordset(?::jsonb) as r(action text, subject_type text, subject_id text,
              details jsonb, processing_activity text, reason text, fields text[], subject_person_id uuid,
              subject_household_id uuid, municipality_id uuid)
       left join person p on p.id = r.subject_person_id
       left join customer_order o on ${orderOfSubject('o', 'r')}
       left join client_group g on g.id = coalesce(r.subject_household_id, p.client_group_id, o.client_group_id)`,
    [at, actor.kind, actor.id, actor.job, requestId, JSON.stringify(rows)],
  );
}
