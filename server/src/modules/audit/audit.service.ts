import { Audience } from '../../kernel/permissions.js';
import type { Viewer } from '../../kernel/viewer.js';
import type { RequestContext } from '../../kernel/request-context.js';
import { insertAuditRow, insertAuditRows } from './audit.queries.js';

/** Who acted, as an audit row names them: the kind and the id of the staff member, provider user, person or API client. */
export interface AuditActor {
  kind: 'STAFF' | 'API_CLIENT' | 'CUSTOMER' | 'PROVIDER' | 'SYSTEM' | 'ANONYMOUS' | 'OPERATOR';
  /** adminAccountId, apiClientId, personId, providerUserId or operatorId; null for SYSTEM and ANONYMOUS. */
  id: string | null;
  /** SYSTEM: the job or CLI command. */
  job?: string | null;
}

/** The real actor behind a viewer: STAFF → adminAccountId, PROVIDER → providerUserId, CUSTOMER → personId, API_CLIENT → apiClientId, SYSTEM → job. */
export function auditActorOf(viewer: Viewer): AuditActor {
  switch (viewer.kind) {
    case Audience.STAFF:
      // An operator of Lightbase acting in a municipality (modules/operators): the operator, never a staff member.
      if (viewer.operator) return { kind: 'OPERATOR', id: viewer.operator.operatorId };
      return { kind: 'STAFF', id: viewer.adminAccountId };
    case Audience.API_CLIENT:
      return { kind: 'API_CLIENT', id: viewer.apiClientId };
    case Audience.CUSTOMER:
      return { kind: 'CUSTOMER', id: viewer.personId };
    case Audience.PROVIDER:
      return { kind: 'PROVIDER', id: viewer.providerUserId };
    case 'SYSTEM':
      return { kind: 'SYSTEM', id: null, job: viewer.job };
    default:
      return { kind: 'ANONYMOUS', id: null };
  }
}

/** An operator acting in a municipality: every row they cause carries the reason they stated and the municipality. */
function operatorDetails(ctx: RequestContext): Record<string, unknown> {
  const v = ctx.viewer;
  if (v.kind !== Audience.STAFF || !v.operator) return {};
  return { operatorReason: v.operator.reason, operatorMunicipalityId: v.operator.municipalityId };
}

/** Reads of personal data are recorded for staff and API clients; a customer reading their own data, a provider user or a visitor is not. */
export function auditsReadsOf(viewer: Viewer): boolean {
  return viewer.kind === Audience.STAFF || viewer.kind === Audience.API_CLIENT;
}

/** One object whose personal data was read in a request (graphql/personal-data-audit.ts collects them). */
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
  /** What happened, `<subject>.<verb>` in lower case: `category.created`, `person.viewed`. */
  action: string;
  subjectType: string | null;
  subjectId: string | null;
  /** Ids and codes only: never names, BSNs, e-mail addresses or other personal data. */
  details?: Record<string, unknown>;
}

/**
 * The audit trail (AVG accountability): who read or changed what, and when. The only writer of `audit_log`.
 *
 * The actor is the context's viewer (see `auditActorOf`), the request id the context's. Rows are written with SQL at
 * once, so a read is recorded even though nothing else is flushed. Inside a transaction pass the transaction's
 * context (`transactional(ctx, (tx) => …)` in kernel/request-context.ts): the row then commits or rolls back with the
 * change it describes. The table is append-only (a database trigger refuses updates and deletes).
 */
export class AuditService {
  /**
   * Records what the context's viewer did. `actor` overrides the viewer only where the actor is not the caller:
   * a provider user who has just registered (the request was anonymous).
   */
  async record(ctx: RequestContext, entry: AuditEntry, actor: AuditActor = auditActorOf(ctx.viewer)): Promise<void> {
    await insertAuditRow(
      ctx.em,
      ctx.clock.now(),
      { kind: actor.kind, id: actor.id, job: actor.job ?? null },
      {
        action: entry.action,
        subject_type: entry.subjectType,
        subject_id: entry.subjectId,
        details: { ...operatorDetails(ctx), ...entry.details },
      },
      ctx.requestId,
    );
  }

  /**
   * Several rows of one actor and one request in one insert (the personal-data reads of a response, for one). Same
   * actor, request id and time as `record` would give each of them.
   */
  async recordMany(
    ctx: RequestContext,
    entries: readonly AuditEntry[],
    actor: AuditActor = auditActorOf(ctx.viewer),
  ): Promise<void> {
    if (!entries.length) return;
    const rows = entries.map((e) => ({
      action: e.action,
      subject_type: e.subjectType,
      subject_id: e.subjectId,
      details: { ...operatorDetails(ctx), ...e.details },
    }));
    await insertAuditRows(
      ctx.em,
      ctx.clock.now(),
      { kind: actor.kind, id: actor.id, job: actor.job ?? null },
      rows,
      ctx.requestId,
    );
  }

  /** Reads of personal data are recorded for staff and API clients (a customer reading their own data is not). */
  async recordRead(ctx: RequestContext, entry: AuditEntry): Promise<void> {
    if (!auditsReadsOf(ctx.viewer)) return;
    await this.record(ctx, entry);
  }

  /**
   * The personal-data reads of one request, one row per object (action PERSONAL_DATA_READ, details: the fields, their
   * kinds and the related ids), in one insert; nothing for a viewer whose reads are not audited.
   */
  async recordPersonalDataReads(ctx: RequestContext, reads: readonly PersonalDataRead[]): Promise<void> {
    if (!auditsReadsOf(ctx.viewer) || !reads.length) return;
    await this.recordMany(
      ctx,
      reads.map((r) => ({
        action: PERSONAL_DATA_READ,
        subjectType: r.subjectType,
        subjectId: r.subjectId,
        details: { fields: r.fields, kinds: r.kinds, ...r.related },
      })),
    );
  }
}
