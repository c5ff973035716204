import type { EntityManager } from '@mikro-orm/postgresql';
import { Audience } from '../../graphql/auth/permissions.js';
import type { Viewer } from '../../graphql/auth/viewer.js';

export interface AuditActor {
  kind: 'STAFF' | 'API_CLIENT' | 'CUSTOMER' | 'PROVIDER' | 'SYSTEM' | 'ANONYMOUS';
  id: string | null;
}

export function auditActorOf(viewer: Viewer): AuditActor {
  switch (viewer.kind) {
    case Audience.STAFF:
      return { kind: 'STAFF', id: viewer.adminAccountId };
    case Audience.API_CLIENT:
      return { kind: 'API_CLIENT', id: viewer.apiClientId };
    case Audience.CUSTOMER:
      return { kind: 'CUSTOMER', id: viewer.personId };
    case Audience.PROVIDER:
      return { kind: 'PROVIDER', id: viewer.providerUserId };
    default:
      return { kind: 'ANONYMOUS', id: null };
  }
}

/** Reads of personal data are recorded for staff and API clients; a customer reading their own data, a provider user or a visitor is not. */
export function auditsReadsOf(viewer: Viewer): boolean {
  return viewer.kind === Audience.STAFF || viewer.kind === Audience.API_CLIENT;
}

/** One object whose personal data was read in a request (graphql/personal-data.ts collects them). */
export interface PersonalDataRead {
  /** The GraphQL type, e.g. "Person". */
  subjectType: string;
  /** The object's id; null for objects without one (and for fields on Query). */
  subjectId: string | null;
  /** The marked fields that were read: names only, never values. */
  fields: string[];
  kinds: string[];
  /** Ids saying whose data it is (personId, clientGroupId), when known. */
  related: Record<string, string>;
}

export const PERSONAL_DATA_READ = 'PERSONAL_DATA_READ';

export interface AuditEntry {
  action: string;
  subjectType: string | null;
  subjectId: string | null;
  /** Ids and codes only: never names, BSNs, e-mail addresses or other personal data. */
  details?: Record<string, unknown>;
}

/**
 * The audit trail (AVG accountability): who read or changed what, and when. Rows are written with SQL at once, so a
 * read is recorded even though nothing else is flushed; called inside a transaction, the row commits (or rolls
 * back) with the change it describes. The table is append-only (a database trigger refuses updates and deletes).
 */
export class AuditService {
  async record(em: EntityManager, viewer: Viewer, entry: AuditEntry): Promise<void> {
    await this.recordAs(em, auditActorOf(viewer), entry);
  }

  async recordAs(em: EntityManager, actor: AuditActor, entry: AuditEntry): Promise<void> {
    await em.execute(
      `insert into audit_log (actor_kind, actor_id, action, subject_type, subject_id, details) values (?, ?, ?, ?, ?, ?::jsonb)`,
      [actor.kind, actor.id, entry.action, entry.subjectType, entry.subjectId, JSON.stringify(entry.details ?? {})],
    );
  }

  /** Reads of personal data are recorded for staff and API clients (a customer reading their own data is not). */
  async recordRead(em: EntityManager, viewer: Viewer, entry: AuditEntry): Promise<void> {
    if (!auditsReadsOf(viewer)) return;
    await this.record(em, viewer, entry);
  }

  /**
   * The personal-data reads of one request, one row per object (action PERSONAL_DATA_READ, details: the fields, their
   * kinds and the related ids), in one insert.
   */
  async recordPersonalDataReads(em: EntityManager, viewer: Viewer, reads: readonly PersonalDataRead[]): Promise<void> {
    if (!auditsReadsOf(viewer) || !reads.length) return;
    const actor = auditActorOf(viewer);
    const rows = reads.map((r) => ({
      subject_type: r.subjectType,
      subject_id: r.subjectId,
      details: { fields: r.fields, kinds: r.kinds, ...r.related },
    }));
    await em.execute(
      `insert into audit_log (actor_kind, actor_id, action, subject_type, subject_id, details)
       select ?, ?::uuid, ?, r.subject_type, r.subject_id, r.details
         from jsonb_to_recordset(?::jsonb) as r(subject_type text, subject_id text, details jsonb)`,
      [actor.kind, actor.id, PERSONAL_DATA_READ, JSON.stringify(rows)],
    );
  }
}
