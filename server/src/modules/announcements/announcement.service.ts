import { Audience } from '../../kernel/permissions.js';
import { inScope, scopeSql, type SqlCondition } from '../../kernel/scope.js';
import { UserError } from '../../kernel/errors.js';
import { isUuid } from '../../graphql/ids.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import { fail, ok, problem, type Result } from '../../kernel/result.js';
import { checkAll } from '../../rules/rule.js';
import { ANNOUNCEMENT_SEVERITIES, announcementRules, type AnnouncementSeverity } from '../../rules/message.js';
import type { AuditService } from '../audit/index.js';
import * as q from './announcement.queries.js';
import type { AnnouncementRow as Row } from './announcement.queries.js';

export interface AnnouncementInput {
  title: string;
  body: string;
  severity: AnnouncementSeverity;
  /** null: from now (the application clock). */
  startsAt?: Date | null;
  endsAt?: Date | null;
  /** null: every municipality (only staff for every municipality may choose that). */
  municipalityId?: string | null;
}

export type AnnouncementState = 'SCHEDULED' | 'ACTIVE' | 'ENDED';

export interface AnnouncementRecord extends q.AnnouncementValues {
  id: string;
  municipalityName: string | null;
  state: AnnouncementState;
  updatedAt: Date;
  /** Whether the viewer may change or delete it (staff list). */
  editable: boolean;
}

/**
 * Public announcements (meldingen): shown on /meldingen and as a banner on public pages while active on the
 * application clock. Staff with MESSAGE_SEND manage them (the resolver's @Requires is the one check of that); the
 * service keeps scoped staff to their own municipalities' announcements.
 */
export class AnnouncementService {
  constructor(private readonly audit: AuditService) {}

  /**
   * The announcements active now that this viewer sees: the platform-wide ones, plus those of the viewer's own
   * municipality (a resident: where they live; staff: the municipalities in their scope, so an editor can check what
   * residents see). A visitor who is not logged in (and a provider user) has no municipality we know of, so they see
   * the announcements of every municipality of the platform: a DigiD outage warning is for them above all.
   */
  async active(ctx: RequestContext): Promise<AnnouncementRecord[]> {
    const now = ctx.clock.now();
    const visible = this.visibleTo(ctx);
    const rows = await q.activeAnnouncements(ctx.em, now, visible);
    return rows.map((r) => this.record(r, now));
  }

  /** One active announcement this viewer sees (an ended or future one, or another municipality's, is not public). */
  async activeOne(ctx: RequestContext, id: string): Promise<AnnouncementRecord | null> {
    if (!isUuid(id)) return null;
    const now = ctx.clock.now();
    const visible = this.visibleTo(ctx);
    const row = await q.activeAnnouncement(ctx.em, id, now, visible);
    return row ? this.record(row, now) : null;
  }

  /**
   * The announcements the viewer sees (see `active`): the platform-wide ones are for everyone; a municipality's are
   * for its residents and staff, and for everyone whose municipality is unknown (visitors, provider users).
   */
  private visibleTo(ctx: RequestContext): SqlCondition {
    const kind = ctx.viewer.kind;
    if (kind === Audience.ANONYMOUS || kind === Audience.PROVIDER) return { sql: '(true)', params: [] };
    return scopeSql(ctx.viewer, 'a.municipality_id', { platformWide: 'shared' });
  }

  /**
   * Every announcement staff may manage, newest start first, plus the platform-wide ones live now (shown to every
   * visitor, so a scoped editor sees them too; `editable` false when they are not theirs to change).
   */
  async list(ctx: RequestContext): Promise<AnnouncementRecord[]> {
    const scope = scopeSql(ctx.viewer, 'a.municipality_id');
    const now = ctx.clock.now();
    const rows = await q.scopedAnnouncements(ctx.em, scope, now);
    return rows.map((r) => this.record(r, now, ctx));
  }

  async get(ctx: RequestContext, id: string): Promise<AnnouncementRecord | null> {
    if (!isUuid(id)) return null;
    const row = await q.announcementById(ctx.em, id);
    return row && inScope(ctx.viewer, row.municipality_id) ? this.record(row, ctx.clock.now(), ctx) : null;
  }

  /** Creates (id null) or changes an announcement. */
  async save(ctx: RequestContext, id: string | null, input: AnnouncementInput): Promise<Result<AnnouncementRecord>> {
    if (id !== null && !(await this.get(ctx, id))) return problem('id', 'NOT_FOUND', 'Deze melding is niet gevonden.');
    const { values, problems } = checkAll(announcementRules, input);
    const errors = problems.map((p) => UserError.of(p.field, p.code, p.message));
    if (!(ANNOUNCEMENT_SEVERITIES as readonly string[]).includes(input.severity)) {
      errors.push(UserError.of('severity', 'REQUIRED', 'Kies het soort melding.'));
    }
    const startsAt = input.startsAt ?? ctx.clock.now();
    if (Number.isNaN(startsAt.getTime())) errors.push(UserError.of('startsAt', 'INVALID', 'Vul een geldig begin in.'));
    const endsAt = input.endsAt ?? null;
    if (endsAt && endsAt.getTime() <= startsAt.getTime()) {
      errors.push(UserError.of('endsAt', 'RANGE', 'Het einde moet na het begin liggen.'));
    }
    const municipalityId = input.municipalityId ?? null;
    if (
      (municipalityId !== null && !isUuid(municipalityId)) ||
      !inScope(ctx.viewer, municipalityId) ||
      (municipalityId !== null && !(await this.municipalityExists(ctx, municipalityId)))
    ) {
      errors.push(
        UserError.of('municipalityId', 'NOT_ALLOWED', 'Kies een gemeente waarvoor u meldingen mag plaatsen.'),
      );
    }
    const [first, ...rest] = errors;
    if (first) return fail(first, ...rest);
    const saved = await transactional(ctx, async (tx) => {
      const announcement = {
        title: values.title,
        body: values.body,
        severity: input.severity,
        startsAt,
        endsAt,
        municipalityId,
      };
      const savedId =
        id === null
          ? await q.insertAnnouncement(tx.em, announcement, actorId(ctx), tx.clock.now())
          : await q.updateAnnouncement(tx.em, id, announcement, tx.clock.now());
      await this.audit.record(tx, {
        action: id === null ? 'announcement.created' : 'announcement.updated',
        subjectType: 'announcement',
        subjectId: savedId!,
      });
      return savedId!;
    });
    return ok((await this.get(ctx, saved))!);
  }

  async delete(ctx: RequestContext, id: string): Promise<Result<string>> {
    if (!(await this.get(ctx, id))) return problem('id', 'NOT_FOUND', 'Deze melding is niet gevonden.');
    await transactional(ctx, async (tx) => {
      await q.deleteAnnouncement(tx.em, id);
      await this.audit.record(tx, { action: 'announcement.deleted', subjectType: 'announcement', subjectId: id });
    });
    return ok(id);
  }

  private async municipalityExists(ctx: RequestContext, id: string): Promise<boolean> {
    return q.municipalityExists(ctx.em, id);
  }

  /** `ctx` given: whether the viewer may change it (the same scope rule as `get`); else (the public view) false. */
  private record(row: Row, now: Date, ctx?: RequestContext): AnnouncementRecord {
    const startsAt = new Date(row.starts_at);
    const endsAt = row.ends_at === null ? null : new Date(row.ends_at);
    const state: AnnouncementState = startsAt > now ? 'SCHEDULED' : endsAt && endsAt <= now ? 'ENDED' : 'ACTIVE';
    return {
      id: row.id,
      title: row.title,
      body: row.body,
      severity: row.severity,
      startsAt,
      endsAt,
      municipalityId: row.municipality_id,
      municipalityName: row.municipality_name,
      state,
      updatedAt: new Date(row.updated_at),
      editable: ctx ? inScope(ctx.viewer, row.municipality_id) : false,
    };
  }
}

function actorId(ctx: RequestContext): string | null {
  const v = ctx.viewer;
  return v.kind === 'STAFF' ? v.adminAccountId : v.kind === 'API_CLIENT' ? v.apiClientId : null;
}
