import { isUuid } from '../../graphql/ids.js';
import { keyCondition, rowCursor } from '../../graphql/keyset.js';
import {
  cappedCount,
  emptyConnection,
  pageSize,
  toConnection,
  type ConnectionOf,
  type ListArgs,
} from '../../graphql/pagination.js';
import { containsPattern } from '../../kernel/sql.js';
import type { RequestContext } from '../../kernel/request-context.js';
import { isIsoDate } from '../../rules/person.js';
import * as q from './audit-log.queries.js';

export interface AuditLogFilter {
  /** A person: their client number or id; rows about them (subject, named in the details, their assignments) or by them. */
  person?: string | null;
  /** Who acted: part of a staff member's name or e-mail address, or an actor id, or a job's name. */
  actor?: string | null;
  /** The action or its beginning: `person.` finds every action on persons. */
  action?: string | null;
  /** First and last day (YYYY-MM-DD, Dutch time), both included. */
  from?: string | null;
  until?: string | null;
}

export interface AuditLogRecord {
  id: string;
  at: Date;
  actorKind: string;
  actorId: string | null;
  actorName: string | null;
  action: string;
  subjectType: string | null;
  subjectId: string | null;
  details: string;
  requestId: string | null;
}

/**
 * The audit log as Beheerders read it (/admin/beheer/auditlog): who did or read what, when; filtered by person, actor,
 * action and period, newest first, keyset-paginated. Reading it is itself recorded (action `audit_log.viewed`, with the
 * filter): the resolver asks for that.
 */
export class AuditLogService {
  async list(
    ctx: RequestContext,
    filter: AuditLogFilter | null | undefined,
    page: ListArgs,
  ): Promise<ConnectionOf<AuditLogRecord>> {
    const after = keyCondition(q.NEWEST_FIRST, page.after);
    const where: string[] = [];
    const params: unknown[] = [];
    const person = filter?.person?.trim();
    if (person) {
      const foundId = await q.personIdFor(ctx.em, person, isUuid(person));
      if (!foundId) return emptyConnection();
      where.push(
        `((l.subject_type in ('person','Person') and l.subject_id = ?) or l.details->>'personId' = ? or l.actor_id = ?::uuid
          or (l.subject_type = 'assignment' and l.subject_id in (select id::text from assignment where beneficiary_id = ?)))`,
      );
      params.push(foundId, foundId, foundId, foundId);
    }
    const actor = filter?.actor?.trim();
    if (actor) {
      if (isUuid(actor)) {
        where.push('l.actor_id = ?::uuid');
        params.push(actor);
      } else {
        where.push(`(l.actor_id in (select id from admin_account where lower(name) like lower(?) or lower(email) like lower(?))
                    or l.actor_id in (select id from operator where lower(coalesce(name, '')) like lower(?) or lower(email) like lower(?))
                    or lower(l.actor_job) like lower(?))`);
        params.push(...Array<string>(5).fill(containsPattern(actor)));
      }
    }
    const action = filter?.action?.trim();
    if (action) {
      where.push(`l.action like ?`);
      params.push(`${action.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    }
    if (filter?.from && isIsoDate(filter.from)) {
      where.push(`l.at >= (?::date)::timestamp at time zone 'Europe/Amsterdam'`);
      params.push(filter.from);
    }
    if (filter?.until && isIsoDate(filter.until)) {
      where.push(`l.at < (?::date + 1)::timestamp at time zone 'Europe/Amsterdam'`);
      params.push(filter.until);
    }
    const condition = where.length ? where.join(' and ') : 'true';
    // Counted up to COUNT_CAP: the log grows by every read of personal data (the screen then says "meer dan 1.000").
    const counted = await cappedCount(ctx.em, `audit_log l where ${condition}`, params);
    const first = pageSize(page.first);
    const rows = await q.auditLogPage(ctx.em, condition, params, after, first + 1);
    return toConnection(rows, {
      first,
      ...counted,
      cursorOf: (row) => rowCursor(q.NEWEST_FIRST, row),
      nodes: (slice) =>
        slice.map((r) => ({
          id: String(r.id),
          at: new Date(r.at as string),
          actorKind: String(r.actor_kind),
          actorId: (r.actor_id as string | null) ?? null,
          actorName: (r.actor_name as string | null) ?? null,
          action: String(r.action),
          subjectType: (r.subject_type as string | null) ?? null,
          subjectId: (r.subject_id as string | null) ?? null,
          details: JSON.stringify(r.details ?? {}),
          requestId: (r.request_id as string | null) ?? null,
        })),
    });
  }
}
