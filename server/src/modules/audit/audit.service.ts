import { Audience } from '../../kernel/permissions.js';
import type { Viewer } from '../../kernel/viewer.js';
import type { RequestContext } from '../../kernel/request-context.js';
import { isUuid } from '../../graphql/ids.js';
import { scopeIds } from '../../kernel/scope.js';
import { AUDIT_ACTIONS, type AuditAction, type ProcessingActivity } from './audit-catalogue.js';
import { insertAuditRows, type AuditRow } from './audit.queries.js';

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

/**
 * The personal data read in one request about one subject (graphql/personal-data-audit.ts collects them): a person,
 * else a household, else one object without either.
 */
export interface PersonalDataRead {
  /** The GraphQL type of the first object read, e.g. "Person". */
  subjectType: string;
  /** The object's id; null for objects without one (and for fields on Query). */
  subjectId: string | null;
  /** Whose data it is, when known. */
  personId: string | null;
  clientGroupId: string | null;
  /** The marked fields that were read, as `Type.field`: names only, never values. */
  fields: string[];
  kinds: string[];
  /** How many objects of the response the row covers (20 mails of one person: one row, objects 20). */
  objects: number;
}

export const PERSONAL_DATA_READ = 'PERSONAL_DATA_READ' satisfies AuditAction;

export interface AuditEntry {
  /** What happened: a code of the catalogue (audit-catalogue.ts), which gives its Dutch name and kind. */
  action: AuditAction;
  subjectType: string | null;
  subjectId: string | null;
  /** Ids and codes only: never names, BSNs, e-mail addresses or other personal data. */
  details?: Record<string, unknown>;
  /** The person it is about, when the subject is not the person itself (found from the subject or `details.personId` otherwise). */
  subjectPersonId?: string | null;
  /** The household it is about (found from the person, an order or `details.clientGroupId` otherwise). */
  subjectHouseholdId?: string | null;
  /** The municipality whose log it belongs to (found from the person or household, or the actor's one municipality). */
  municipalityId?: string | null;
  /** A reason the actor stated; an operator's reason is added by itself. */
  reason?: string | null;
  /** The fields read (`Type.field`), for reads. */
  fields?: string[] | null;
  /** Overrides the catalogue's processing activity for this row (an API client's reads: EXCHANGE). */
  processingActivity?: ProcessingActivity;
}

const uuidOrNull = (value: unknown): string | null => (typeof value === 'string' && isUuid(value) ? value : null);

/** The municipality of the actor when it reaches exactly one (kernel/scope.ts): an operator's visit, an API client, staff of one municipality, a resident. */
function actorMunicipality(viewer: Viewer): string | null {
  const ids = scopeIds(viewer);
  return ids?.length === 1 ? ids[0]! : null;
}

function rowOf(ctx: RequestContext, e: AuditEntry): AuditRow {
  const details = { ...operatorDetails(ctx), ...e.details };
  const info = AUDIT_ACTIONS[e.action];
  const v = ctx.viewer;
  const subjectPersonId =
    uuidOrNull(e.subjectPersonId) ??
    (e.subjectType === 'person' ? uuidOrNull(e.subjectId) : null) ??
    uuidOrNull(details.personId);
  const subjectHouseholdId =
    uuidOrNull(e.subjectHouseholdId) ??
    (e.subjectType === 'client_group' ? uuidOrNull(e.subjectId) : null) ??
    uuidOrNull(details.clientGroupId);
  return {
    action: e.action,
    subject_type: e.subjectType,
    subject_id: e.subjectId,
    details,
    processing_activity: e.processingActivity ?? (v.kind === Audience.API_CLIENT ? 'EXCHANGE' : info.activity),
    reason:
      e.reason ??
      (v.kind === Audience.STAFF && v.operator ? v.operator.reason : null) ??
      (typeof details.operatorReason === 'string' ? details.operatorReason : null),
    fields: e.fields ?? null,
    subject_person_id: subjectPersonId,
    subject_household_id: subjectHouseholdId,
    // Whose log: said by the caller, or the municipality the row is about (its subject or `details.municipalityId`),
    // else the person's or household's (completed in SQL), else the one municipality the actor works in.
    municipality_id:
      uuidOrNull(e.municipalityId) ??
      (e.subjectType === 'municipality' ? uuidOrNull(e.subjectId) : null) ??
      uuidOrNull(details.municipalityId) ??
      uuidOrNull(details.operatorMunicipalityId) ??
      (subjectPersonId || subjectHouseholdId ? null : actorMunicipality(v)),
  };
}

/**
 * The audit trail (AVG accountability, following the fields of Logius's "Logboek Dataverwerkingen"): who read or
 * changed what, about whom, in which processing activity and why, and when. The only writer of `audit_log`.
 *
 * The actor is the context's viewer (see `auditActorOf`), the request id the context's (the trace id that links the
 * rows of one request). Rows are written with SQL at once, so a read is recorded even though nothing else is flushed.
 * Inside a transaction pass the transaction's context (`transactional(ctx, (tx) => …)` in kernel/request-context.ts):
 * the row then commits or rolls back with the change it describes. The table is append-only (a database trigger
 * refuses updates and deletes).
 */
export class AuditService {
  /**
   * Records what the context's viewer did. `actor` overrides the viewer only where the actor is not the caller:
   * a provider user who has just registered (the request was anonymous).
   */
  async record(ctx: RequestContext, entry: AuditEntry, actor: AuditActor = auditActorOf(ctx.viewer)): Promise<void> {
    await this.recordMany(ctx, [entry], actor);
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
    await insertAuditRows(
      ctx.em,
      ctx.clock.now(),
      { kind: actor.kind, id: actor.id, job: actor.job ?? null },
      entries.map((e) => rowOf(ctx, e)),
      ctx.requestId,
    );
  }

  /** Reads of personal data are recorded for staff and API clients (a customer reading their own data is not). */
  async recordRead(ctx: RequestContext, entry: AuditEntry): Promise<void> {
    if (!auditsReadsOf(ctx.viewer)) return;
    await this.record(ctx, entry);
  }

  /**
   * The personal-data reads of one request, one row per subject (a person, else a household, else an object): action
   * PERSONAL_DATA_READ with the fields read and their kinds, in one insert; nothing for a viewer whose reads are not
   * audited.
   */
  async recordPersonalDataReads(ctx: RequestContext, reads: readonly PersonalDataRead[]): Promise<void> {
    if (!auditsReadsOf(ctx.viewer) || !reads.length) return;
    await this.recordMany(
      ctx,
      reads.map((r) => ({
        action: PERSONAL_DATA_READ,
        subjectType: r.subjectType,
        subjectId: r.subjectId,
        subjectPersonId: r.personId,
        subjectHouseholdId: r.clientGroupId,
        fields: r.fields,
        details: {
          kinds: r.kinds,
          objects: r.objects,
          ...(r.personId ? { personId: r.personId } : {}),
          ...(r.clientGroupId ? { clientGroupId: r.clientGroupId } : {}),
        },
      })),
    );
  }
}
