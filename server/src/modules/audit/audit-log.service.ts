import { GraphQLError } from 'graphql';
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
import { Audience } from '../../kernel/permissions.js';
import { scopeSql } from '../../kernel/scope.js';
import { containsPattern } from '../../kernel/sql.js';
import type { RequestContext } from '../../kernel/request-context.js';
import { isIsoDate } from '../../rules/person.js';
import {
  AUDIT_KIND_NAMES,
  AuditKind,
  codesOfKind,
  describeAction,
  PERSONAL_DATA_KIND_NAMES,
  PROCESSING_ACTIVITIES,
  type ProcessingActivity,
} from './audit-catalogue.js';
import * as q from './audit-log.queries.js';

export interface AuditLogFilter {
  /** What kind of action (the catalogue's kinds). */
  kind?: AuditKind | null;
  /** A person (their client number or id) or a household (its client number): rows about them, or by them. */
  person?: string | null;
  /** Who acted: part of a staff member's name or e-mail address, or an actor id, or a job's name. */
  actor?: string | null;
  /** The action code or its beginning (for the API; the screen filters by kind). */
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
  actionName: string;
  kind: AuditKind;
  kindName: string;
  processingActivity: string;
  purpose: string;
  legalBasis: string;
  reason: string | null;
  /** The organisation that acted: the provider of a provider user, else the municipality whose log it is. */
  organisation: string | null;
  fields: string[];
  /** The kinds of personal data read, in Dutch words. */
  dataKinds: string[];
  subjectType: string | null;
  subjectId: string | null;
  /** The subject for people: "Mandy de Boer (ZV-100001)", "Bestelling B100023", "Instellingen: Algemeen". */
  subjectLabel: string | null;
  /** For a link to the person (their client number), when the row is about a person who is not erased. */
  subjectPersonNumber: string | null;
  /** For a link to the order. */
  subjectOrderId: string | null;
  /** For a link to the household, when the row is about a household itself (not a person or an order in it). */
  subjectHouseholdId: string | null;
  details: string;
  requestId: string | null;
}

/** Dutch names of the subject types the application writes (audit rows name a table, or a GraphQL type for reads). */
const SUBJECT_TYPE_NAMES: Record<string, string> = {
  admin_account: 'Medewerker',
  announcement: 'Mededeling',
  api_client: 'Koppeling',
  arrangement: 'Regeling',
  assignment: 'Toekenning',
  card: 'Pas',
  category: 'Categorie',
  communication_template: 'Sjabloon',
  content_page_version: 'Pagina',
  digid_certificate: 'DigiD-certificaat',
  import_run: 'Import',
  link: 'Link',
  mail_message: 'E-mail',
  mass_message: 'Groepsbericht',
  municipality: 'Gemeente',
  news_article: 'Nieuwsbericht',
  operator: 'Operator',
  order: 'Bestelling',
  payment: 'Betaling',
  payment_refund: 'Terugbetaling',
  payout_batch: 'Uitbetaling',
  product: 'Product',
  provider: 'Aanbieder',
  provider_location: 'Vestiging',
  provider_membership: 'Deelname van een aanbieder',
  provider_user: 'Gebruiker van een aanbieder',
  role: 'Rol',
  setting: 'Instellingen',
  terms_version: 'Voorwaarden',
};

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/**
 * The audit log as people read it (/admin/beheer/auditlog, the CSV export, and a resident's own overview on
 * /account/gegevens): who did or read what about whom, when, in which processing activity and why; filtered by kind,
 * person, actor and period, newest first, keyset-paginated, limited to the viewer's municipalities. Reading it is
 * itself recorded (action `audit_log.viewed`, with the filter): the resolver asks for that.
 */
export class AuditLogService {
  /** `settingTitle`: the Dutch title of a settings section, for rows about settings. */
  constructor(private readonly settingTitle: (key: string) => string | null = () => null) {}

  /**
   * The SQL condition (on `l`) of a filter within the viewer's scope; null when the filter names a person who does not
   * exist (nothing can match). Bad dates are ignored, as the screen does.
   */
  async conditions(
    ctx: RequestContext,
    filter: AuditLogFilter | null | undefined,
  ): Promise<{ sql: string; params: unknown[] } | null> {
    const scope = scopeSql(ctx.viewer, 'l.municipality_id');
    const where: string[] = [scope.sql];
    const params: unknown[] = [...scope.params];
    const person = filter?.person?.trim();
    if (person) {
      const found = await q.subjectFor(ctx.em, person, isUuid(person));
      if (!found) return null;
      const ids = `{${found.personIds.join(',')}}`;
      where.push(
        `(l.subject_person_id = any(?::uuid[]) or (l.subject_person_id is null and l.subject_household_id = ?::uuid)
          or l.actor_id = any(?::uuid[]))`,
      );
      params.push(ids, found.householdId, ids);
    }
    if (filter?.kind) {
      if (!Object.hasOwn(AuditKind, filter.kind)) throw new GraphQLError('Onbekende soort.');
      where.push('l.action = any(?::text[])');
      params.push(`{${codesOfKind(filter.kind).join(',')}}`);
    }
    const actor = filter?.actor?.trim();
    if (actor) {
      if (isUuid(actor)) {
        where.push('l.actor_id = ?::uuid');
        params.push(actor);
      } else {
        where.push(`(l.actor_id in (select id from admin_account where lower(name) like lower(?) or lower(email) like lower(?))
                    or l.actor_id in (select id from operator where lower(coalesce(name, '')) like lower(?) or lower(email) like lower(?))
                    or l.actor_id in (select id from api_client where lower(name) like lower(?))
                    or lower(l.actor_job) like lower(?))`);
        params.push(...Array<string>(6).fill(containsPattern(actor)));
      }
    }
    const action = filter?.action?.trim();
    if (action) {
      where.push(`l.action like ?`);
      params.push(`${action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    }
    if (filter?.from && isIsoDate(filter.from)) {
      where.push(`l.at >= (?::date)::timestamp at time zone 'Europe/Amsterdam'`);
      params.push(filter.from);
    }
    if (filter?.until && isIsoDate(filter.until)) {
      where.push(`l.at < (?::date + 1)::timestamp at time zone 'Europe/Amsterdam'`);
      params.push(filter.until);
    }
    return { sql: where.join(' and '), params };
  }

  async list(
    ctx: RequestContext,
    filter: AuditLogFilter | null | undefined,
    page: ListArgs,
  ): Promise<ConnectionOf<AuditLogRecord>> {
    const condition = await this.conditions(ctx, filter);
    if (!condition) return emptyConnection();
    return this.page(ctx, condition, page);
  }

  /** One batch of rows for the CSV export, after `after` (a cursor of this list). */
  async batch(
    ctx: RequestContext,
    condition: { sql: string; params: unknown[] },
    after: string | null,
    limit: number,
  ): Promise<{ records: AuditLogRecord[]; last: string | null }> {
    const rows = await q.auditLogPage(
      ctx.em,
      condition.sql,
      condition.params,
      keyCondition(q.NEWEST_FIRST, after),
      limit,
    );
    const last = rows.length ? rowCursor(q.NEWEST_FIRST, rows[rows.length - 1]!) : null;
    return { records: rows.map((r) => this.record(r)), last };
  }

  /**
   * The logged-in resident's own overview ("who looked at my data?"): what others read or changed about them or their
   * household, with the organisation and the reason, never a staff member's name. Not recorded itself: it is the
   * resident's own data.
   */
  async forResident(ctx: RequestContext, page: ListArgs): Promise<ConnectionOf<AuditLogRecord>> {
    const viewer = ctx.viewer;
    if (viewer.kind !== Audience.CUSTOMER) return emptyConnection();
    const condition = {
      sql: `(l.subject_person_id = ?::uuid or (l.subject_person_id is null and l.subject_household_id = ?::uuid))
            and not (l.actor_kind = 'CUSTOMER' and l.actor_id = ?::uuid)`,
      params: [viewer.personId, viewer.clientGroupId, viewer.personId],
    };
    const connection = await this.page(ctx, condition, page);
    for (const edge of connection.edges) {
      const n = edge.node;
      edge.node = { ...n, actorId: null, actorName: null, details: '{}', fields: [], requestId: null };
    }
    return connection;
  }

  private async page(
    ctx: RequestContext,
    condition: { sql: string; params: unknown[] },
    page: ListArgs,
  ): Promise<ConnectionOf<AuditLogRecord>> {
    const after = keyCondition(q.NEWEST_FIRST, page.after);
    // Counted up to COUNT_CAP: the log grows by every read of personal data (the screen then says "meer dan 1.000").
    const counted = await cappedCount(ctx.em, `audit_log l where ${condition.sql}`, condition.params);
    const first = pageSize(page.first);
    const rows = await q.auditLogPage(ctx.em, condition.sql, condition.params, after, first + 1);
    return toConnection(rows, {
      first,
      ...counted,
      cursorOf: (row) => rowCursor(q.NEWEST_FIRST, row),
      nodes: (slice) => slice.map((r) => this.record(r)),
    });
  }

  private record(r: Record<string, unknown>): AuditLogRecord {
    const info = describeAction(String(r.action));
    const details = (r.details ?? {}) as Record<string, unknown>;
    const activityKey = (text(r.processing_activity) ?? info.activity) as ProcessingActivity;
    const activity = PROCESSING_ACTIVITIES[activityKey] ?? PROCESSING_ACTIVITIES[info.activity];
    const kinds = Array.isArray(details.kinds) ? (details.kinds as unknown[]).map(String) : [];
    const actorKind = String(r.actor_kind);
    return {
      id: String(r.id),
      at: new Date(r.at as string),
      actorKind,
      actorId: text(r.actor_id),
      actorName: text(r.actor_name),
      action: String(r.action),
      actionName: info.name,
      kind: info.kind,
      kindName: AUDIT_KIND_NAMES[info.kind],
      processingActivity: activity.name,
      purpose: activity.purpose,
      legalBasis: activity.legalBasis,
      reason: text(r.reason) ?? text(details.operatorReason),
      organisation: (actorKind === 'PROVIDER' ? text(r.provider_name) : null) ?? text(r.municipality_name),
      fields: Array.isArray(r.fields)
        ? (r.fields as unknown[]).map(String)
        : Array.isArray(details.fields)
          ? (details.fields as unknown[]).map(String)
          : [],
      dataKinds: kinds.map((k) => PERSONAL_DATA_KIND_NAMES[k] ?? k.toLowerCase()),
      subjectType: text(r.subject_type),
      subjectId: text(r.subject_id),
      subjectLabel: this.subjectLabel(r, details),
      subjectPersonNumber: r.person_erased_at ? null : text(r.person_number),
      subjectOrderId: text(r.order_id),
      subjectHouseholdId:
        !r.subject_person_id && !r.order_id && r.household_number ? text(r.subject_household_id) : null,
      details: JSON.stringify(details),
      requestId: text(r.request_id),
    };
  }

  private subjectLabel(r: Record<string, unknown>, details: Record<string, unknown>): string | null {
    if (r.subject_person_id) {
      if (r.person_erased_at) return 'Gewiste persoon';
      const name = [text(r.person_first_name), text(r.person_last_name)].filter(Boolean).join(' ');
      return r.person_number ? `${name} (${String(r.person_number)})` : name || null;
    }
    if (r.order_number) return `Bestelling ${String(r.order_number)}`;
    if (r.subject_household_id && r.household_number) return `Huishouden ${String(r.household_number)}`;
    const type = text(r.subject_type);
    if (type === 'setting') {
      const key = text(details.section) ?? text(r.subject_id);
      return `Instellingen: ${(key && this.settingTitle(key)) ?? key ?? ''}`.trim();
    }
    if (!type) return null;
    return SUBJECT_TYPE_NAMES[type] ?? type;
  }
}
