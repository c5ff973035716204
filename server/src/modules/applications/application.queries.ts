import type { EntityManager } from '@mikro-orm/postgresql';
import { keyOrder, keyOrderBy, keySelect, type KeyCondition, type KeyOrder } from '../../graphql/keyset.js';
import type { SqlCondition } from '../../kernel/scope.js';
import { containsPattern } from '../../kernel/sql.js';

/**
 * The applications' SQL (docs, "Persistence: entities and queries"): the public list of open forms, the work list as a
 * keyset page, names for the views, the number sequence and the checks only the database answers. No rules here:
 * `application.service.ts` decides.
 */

export interface FormRow {
  arrangement_id: string;
  arrangement_name: string;
  arrangement_slug: string;
  description: string;
  municipality_id: string;
  municipality_name: string;
  municipality_slug: string;
  open: boolean;
  opens_on: string;
  closes_on: string;
  criteria: unknown;
  amount: unknown;
}

const FORM_SELECT = `
  select f.arrangement_id, ar.name as arrangement_name, ar.slug as arrangement_slug, ar.description,
         m.id as municipality_id, m.name as municipality_name, m.slug as municipality_slug,
         f.open, f.opens_on::text as opens_on, f.closes_on::text as closes_on, f.criteria, f.amount
    from application_form f
    join arrangement ar on ar.id = f.arrangement_id
    join municipality m on m.id = f.municipality_id`;

/** Forms open on `today` (open and in their period), optionally of one municipality (slug), by municipality and name. */
export function openForms(em: EntityManager, today: string, municipalitySlug: string | null): Promise<FormRow[]> {
  return em.execute<FormRow[]>(
    `${FORM_SELECT}
      where f.open and f.opens_on <= ?::date and f.closes_on >= ?::date ${municipalitySlug ? 'and m.slug = ?' : ''}
      order by m.name, ar.name, f.arrangement_id`,
    [today, today, ...(municipalitySlug ? [municipalitySlug] : [])],
  );
}

export async function formRow(em: EntityManager, arrangementId: string): Promise<FormRow | null> {
  const rows = await em.execute<FormRow[]>(`${FORM_SELECT} where f.arrangement_id = ?`, [arrangementId]);
  return rows[0] ?? null;
}

/** The next application number: AV-000001, … */
export async function nextNumber(em: EntityManager): Promise<string> {
  const [row] = await em.execute<{ n: string }[]>(`select nextval('application_number_seq')::text as n`);
  return `AV-${row!.n.padStart(6, '0')}`;
}

/** Whether the household holds an active assignment of the arrangement valid on `day`. */
export async function holdsAssignment(
  em: EntityManager,
  arrangementId: string,
  clientGroupId: string,
  day: string,
): Promise<boolean> {
  const rows = await em.execute<{ x: number }[]>(
    `select 1 as x from assignment
      where arrangement_id = ? and client_group_id = ? and status = 'ACTIVE' and valid_from <= ?::date and valid_until >= ?::date
      limit 1`,
    [arrangementId, clientGroupId, day, day],
  );
  return rows.length > 0;
}

export interface ViewNames {
  arrangement_name: string;
  municipality_name: string;
  applicant_name: string;
  applicant_email: string | null;
  client_number: string;
  assessor_name: string | null;
}

/** The names a view shows, for many applications in one query. */
export async function viewNames(em: EntityManager, ids: readonly string[]): Promise<Map<string, ViewNames>> {
  if (!ids.length) return new Map();
  const rows = await em.execute<(ViewNames & { id: string })[]>(
    `select a.id, ar.name as arrangement_name, m.name as municipality_name,
            trim(p.first_name || ' ' || p.last_name) as applicant_name, p.email as applicant_email,
            g.client_number, acc.name as assessor_name
       from application a
       join arrangement ar on ar.id = a.arrangement_id
       join municipality m on m.id = a.municipality_id
       join person p on p.id = a.person_id
       join client_group g on g.id = a.client_group_id
       left join admin_account acc on acc.id = a.assessor_id
      where a.id = any(?::uuid[])`,
    [`{${ids.join(',')}}`],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** Names of admin accounts by id (for a proposal's "proposed by"). */
export async function accountNames(em: EntityManager, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await em.execute<{ id: string; name: string }[]>(
    `select id, name from admin_account where id = any(?::uuid[])`,
    [`{${ids.join(',')}}`],
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The e-mail address of an admin account (lower case), or null. */
export async function accountEmail(em: EntityManager, id: string): Promise<string | null> {
  const rows = await em.execute<{ email: string }[]>(`select lower(email) as email from admin_account where id = ?`, [
    id,
  ]);
  return rows[0]?.email ?? null;
}

/** Whether an admin account exists, is active and reaches the municipality (its scope: all or that one). */
/** Staff who may assess a municipality's applications: active, reaching it, their role holding APPLICATION_ASSESS. */
const ASSESSORS = `from admin_account acc join role r on r.id = acc.role_id
      where acc.active and 'APPLICATION_ASSESS' = any (r.permissions)
        and (acc.all_municipalities or exists (select 1 from admin_account_municipality am
              where am.admin_account_id = acc.id and am.municipality_id = ?))`;

export async function assessorReaches(em: EntityManager, accountId: string, municipalityId: string): Promise<boolean> {
  const rows = await em.execute<{ x: number }[]>(`select 1 as x ${ASSESSORS} and acc.id = ?`, [
    municipalityId,
    accountId,
  ]);
  return rows.length > 0;
}

/** Who can be chosen as an application's assessor, by name. */
export function assessorsFor(em: EntityManager, municipalityId: string): Promise<{ id: string; name: string }[]> {
  return em.execute<{ id: string; name: string }[]>(
    `select acc.id, acc.name ${ASSESSORS} order by acc.name, acc.id limit 200`,
    [municipalityId],
  );
}

/** The work list's order: oldest submission first (the queue), then the id. */
export const WORK_ORDER: KeyOrder = keyOrder('work', 'asc', 'a', ['a.submitted_at', 'timestamptz']);

export interface WorkRow {
  id: string;
  person_id: string;
  client_group_id: string;
  number: string;
  status: string;
  arrangement_name: string;
  applicant_name: string;
  /** As the driver gives it for raw SQL: a timestamp text (or a Date). */
  submitted_at: Date | string | null;
  expected_amount_cents: number;
  assessor_name: string | null;
  awaiting_confirmation: boolean;
}

export interface WorkFilter {
  status?: string | null;
  arrangementId?: string | null;
  assessorId?: string | null;
  unassigned?: boolean | null;
  search?: string | null;
}

/** A page of the work list (never drafts) within the scope condition (on `a.municipality_id`), and the number of matches. */
export async function workPage(
  em: EntityManager,
  scope: SqlCondition,
  filter: WorkFilter,
  after: KeyCondition,
  limit: number,
): Promise<{ total: number; rows: (WorkRow & Record<string, unknown>)[] }> {
  const where: string[] = [scope.sql, `a.status <> 'DRAFT'`];
  const params: unknown[] = [...scope.params];
  if (filter.status) {
    where.push('a.status = ?');
    params.push(filter.status);
  }
  if (filter.arrangementId) {
    where.push('a.arrangement_id = ?');
    params.push(filter.arrangementId);
  }
  if (filter.assessorId) {
    where.push('a.assessor_id = ?');
    params.push(filter.assessorId);
  }
  if (filter.unassigned) where.push('a.assessor_id is null');
  const joins = `from application a
      join arrangement ar on ar.id = a.arrangement_id
      join person p on p.id = a.person_id
      left join admin_account acc on acc.id = a.assessor_id`;
  if (filter.search && /^av-\d+$/i.test(filter.search)) {
    // An application number: the unique index answers it.
    where.push('a.number = upper(?)');
    params.push(filter.search);
  } else if (filter.search) {
    where.push(`immutable_unaccent(lower(p.first_name || ' ' || p.last_name)) like immutable_unaccent(lower(?))`);
    params.push(containsPattern(filter.search));
  }
  // The count needs the person only for a name search (the other filters are the application's own columns).
  const countFrom =
    filter.search && !/^av-\d+$/i.test(filter.search)
      ? 'from application a join person p on p.id = a.person_id'
      : 'from application a';
  const [{ n }] = (await em.execute<{ n: string }[]>(
    `select count(*)::text as n ${countFrom} where ${where.join(' and ')}`,
    params,
  )) as [{ n: string }];
  const rows = await em.execute<(WorkRow & Record<string, unknown>)[]>(
    `select a.id, a.person_id, a.client_group_id, a.number, a.status, ar.name as arrangement_name,
            trim(p.first_name || ' ' || p.last_name) as applicant_name, a.submitted_at, a.expected_amount_cents,
            acc.name as assessor_name, (a.proposal is not null) as awaiting_confirmation, ${keySelect(WORK_ORDER)}
       ${joins}
      where ${[...where, ...(after.sql ? [after.sql] : [])].join(' and ')}
      order by ${keyOrderBy(WORK_ORDER)} limit ?`,
    [...params, ...after.params, limit],
  );
  return { total: Number(n), rows };
}

/** Whether a member of the household has this e-mail address (lower case). */
export async function householdHasEmail(em: EntityManager, clientGroupId: string, email: string): Promise<boolean> {
  const rows = await em.execute<{ x: number }[]>(
    'select 1 as x from person where client_group_id = ? and lower(email) = ? limit 1',
    [clientGroupId, email],
  );
  return rows.length > 0;
}

/** Proof files still stored whose application was decided or withdrawn before `cutoff`. */
export function proofsDue(em: EntityManager, cutoff: Date): Promise<{ id: string; file_key: string }[]> {
  return em.execute<{ id: string; file_key: string }[]>(
    `select p.id, p.file_key from application_proof p join application a on a.id = p.application_id
      where p.file_key is not null and a.decided_at is not null and a.decided_at < ?
        and a.status in ('APPROVED', 'PARTLY_APPROVED', 'DECLINED', 'WITHDRAWN')
      order by p.id limit 1000`,
    [cutoff],
  );
}

export async function markProofPurged(em: EntityManager, id: string, at: Date): Promise<void> {
  await em.execute(`update application_proof set file_key = null, purged_at = ? where id = ?`, [at, id]);
}

export interface DecisionRow {
  number: string;
  arrangement_name: string;
  status: string;
  submitted_at: string | null;
  decided_at: string;
  expected_amount_cents: number;
  decided_amount_cents: number | null;
  decision_reason: string | null;
}

/** Decisions (approved, partly approved, declined) on days `from` … `until` (Amsterdam), within the scope: no proof, no BSN. */
export function decisions(em: EntityManager, scope: SqlCondition, from: string, until: string): Promise<DecisionRow[]> {
  return em.execute<DecisionRow[]>(
    `select a.number, ar.name as arrangement_name, a.status,
            to_char(a.submitted_at at time zone 'Europe/Amsterdam', 'YYYY-MM-DD') as submitted_at,
            to_char(a.decided_at at time zone 'Europe/Amsterdam', 'YYYY-MM-DD') as decided_at,
            a.expected_amount_cents, a.decided_amount_cents, a.decision_reason
       from application a join arrangement ar on ar.id = a.arrangement_id
      where ${scope.sql} and a.status in ('APPROVED', 'PARTLY_APPROVED', 'DECLINED')
        and (a.decided_at at time zone 'Europe/Amsterdam')::date between ?::date and ?::date
      order by a.decided_at, a.id`,
    [...scope.params, from, until],
  );
}

/** The dashboard's numbers: applications waiting (submitted, in assessment, waiting for the resident) and the median days to a decision. */
export async function dashboardNumbers(
  em: EntityManager,
  scope: SqlCondition,
): Promise<{ waiting: number; medianDays: number | null }> {
  const [row] = await em.execute<{ waiting: string; median: string | null }[]>(
    `select (select count(*) from application a where ${scope.sql}
               and a.status in ('SUBMITTED', 'IN_ASSESSMENT', 'WAITING_FOR_RESIDENT'))::text as waiting,
            (select percentile_cont(0.5) within group (order by extract(epoch from a.decided_at - a.submitted_at) / 86400)
               from application a where ${scope.sql} and a.submitted_at is not null
                 and a.status in ('APPROVED', 'PARTLY_APPROVED', 'DECLINED'))::text as median`,
    [...scope.params, ...scope.params],
  );
  return { waiting: Number(row!.waiting), medianDays: row!.median === null ? null : Number(row!.median) };
}

/** The applicant's first name and e-mail address when they want e-mail (the order-status preference); else none. */
export async function applicantMailTo(
  em: EntityManager,
  personId: string,
): Promise<{ first_name: string; email: string } | undefined> {
  const [row] = await em.execute<{ first_name: string; email: string }[]>(
    `select first_name, email from person
      where id = ? and erased_at is null and notify_order_status and email is not null and email <> ''`,
    [personId],
  );
  return row;
}

/** The household's members as the municipality registered them (not erased), the oldest first. */
export function householdMembers(
  em: EntityManager,
  clientGroupId: string,
): Promise<{ firstName: string; lastName: string; dateOfBirth: string | null }[]> {
  return em.execute(
    `select first_name as "firstName", last_name as "lastName", date_of_birth::text as "dateOfBirth"
       from person where client_group_id = ? and erased_at is null
      order by date_of_birth nulls last, last_name, first_name, id`,
    [clientGroupId],
  );
}
