import type { EntityManager } from '@mikro-orm/postgresql';
import { executeNative, uuidArray } from '../../kernel/sql.js';

/**
 * The assignments' SQL (docs, "Persistence: entities and queries"): the overlap check of many grants in one query,
 * the advisory locks a grant takes (per arrangement and household), the bulk insert of many grants, and an
 * assignment's movements in the ledger. Plain functions, no rules: `assignment.service.ts` decides.
 */

/** An existing grant a new one overlaps: its period and for whom (null: the household). */
export interface Duplicate {
  valid_from: string;
  valid_until: string;
  name: string | null;
  /** An earlier grant of the same piece of bulk work, not yet in the database: its label (e.g. "regel 4"). */
  label?: string | null;
}

/** A grant to check for overlap; `i` is its place in the caller's list. */
export interface OverlapQuestion {
  i: number;
  arrangementId: string;
  clientGroupId: string;
  beneficiaryId: string | null;
  validFrom: string;
  validUntil: string;
  /** A grant to the household: any member's grant overlaps. */
  anyMember: boolean;
}

export interface MovementRow {
  id: string;
  created_at: Date;
  kind: string;
  description: string;
  amount_cents: string;
  order_id: string | null;
}

/** A PostgreSQL array literal of uuids, dates, numbers or null (no quoting needed for those). */
const pgArray = (values: readonly (string | null)[]) => `{${values.map((v) => v ?? 'NULL').join(',')}}`;

/**
 * Per grant, one existing assignment (not revoked) of the same arrangement and household whose period overlaps: of
 * the same beneficiary, or any (`anyMember`); the household's own grant first.
 */
export function overlappingAssignments(
  em: EntityManager,
  grants: readonly OverlapQuestion[],
): Promise<(Duplicate & { i: number })[]> {
  return executeNative<Duplicate & { i: number }>(
    em,
    `select g.i, t.valid_from, t.valid_until, t.name
       from unnest(?::int[], ?::uuid[], ?::uuid[], ?::uuid[], ?::date[], ?::date[], ?::boolean[])
            as g(i, arrangement_id, client_group_id, beneficiary_id, valid_from, valid_until, any_member)
       cross join lateral (
         select a.valid_from::text, a.valid_until::text, trim(p.first_name || ' ' || p.last_name) as name
           from assignment a left join person p on p.id = a.beneficiary_id
          where a.arrangement_id = g.arrangement_id and a.client_group_id = g.client_group_id
            and a.status <> 'REVOKED' and a.valid_from <= g.valid_until and a.valid_until >= g.valid_from
            and (g.any_member or a.beneficiary_id is not distinct from g.beneficiary_id)
          order by a.beneficiary_id nulls first
          limit 1) t`,
    [
      pgArray(grants.map((g) => String(g.i))),
      pgArray(grants.map((g) => g.arrangementId)),
      pgArray(grants.map((g) => g.clientGroupId)),
      pgArray(grants.map((g) => g.beneficiaryId)),
      pgArray(grants.map((g) => g.validFrom)),
      pgArray(grants.map((g) => g.validUntil)),
      pgArray(grants.map((g) => String(g.anyMember))),
    ],
  );
}

/**
 * The households a list of grants names, as the granting rules read them (id and municipality): plain rows, no
 * entities (bulk work names thousands; hydrating and tracking them cost more than the rules themselves).
 */
export function grantGroups(
  em: EntityManager,
  ids: readonly string[],
): Promise<{ id: string; municipality_id: string }[]> {
  return executeNative(em, `select id, municipality_id from client_group where id = any(?::uuid[])`, [uuidArray(ids)]);
}

/** The persons a list of grants names, as the granting rules read them (plain rows, see `grantGroups`). */
export function grantMembers(
  em: EntityManager,
  ids: readonly string[],
): Promise<
  { id: string; first_name: string; last_name: string; date_of_birth: string | null; client_group_id: string }[]
> {
  return executeNative(
    em,
    `select id, first_name, last_name, date_of_birth::text, client_group_id from person where id = any(?::uuid[])`,
    [uuidArray(ids)],
  );
}

/** The advisory lock of grants of the arrangement to the household, until the transaction ends. */
export async function lockGrant(em: EntityManager, arrangementId: string, clientGroupId: string): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [
    `assignment.grant:${arrangementId}:${clientGroupId}`,
  ]);
}

/** The advisory locks of grants for these (arrangement, household) pairs, always taken in the same order. */
export async function lockGrants(
  em: EntityManager,
  pairs: readonly { arrangementId: string; clientGroupId: string }[],
): Promise<void> {
  const keys = [...new Set(pairs.map((p) => `assignment.grant:${p.arrangementId}:${p.clientGroupId}`))].sort();
  await executeNative(
    em,
    `select pg_advisory_xact_lock(hashtextextended(k, 0)) from unnest(?::text[]) as k order by k`,
    [keys],
  );
}

/** Many assignments (with the ids given) in one statement. */
export async function insertAssignments(
  em: EntityManager,
  rows: readonly {
    id: string;
    client_group_id: string;
    arrangement_id: string;
    beneficiary_id: string | null;
    amount_cents: number;
    valid_from: string;
    valid_until: string;
    age_exception_reason: string | null;
  }[],
  createdBy: string | null,
  now: Date,
): Promise<void> {
  await executeNative(
    em,
    `insert into assignment (id, client_group_id, arrangement_id, beneficiary_id, amount_cents, valid_from, valid_until,
                             age_exception_reason, created_by, created_at, updated_at)
     select w.id, w.client_group_id, w.arrangement_id, w.beneficiary_id, w.amount_cents, w.valid_from, w.valid_until,
            w.age_exception_reason, ?::uuid, ?::timestamptz, ?::timestamptz
       from jsonb_to_recordset(?::jsonb) as w(id uuid, client_group_id uuid, arrangement_id uuid, beneficiary_id uuid,
            amount_cents int, valid_from date, valid_until date, age_exception_reason text)`,
    [createdBy, now, now, JSON.stringify(rows)],
  );
}

/** The movements on the assignment's budget account, newest first. */
export function movements(em: EntityManager, assignmentId: string): Promise<MovementRow[]> {
  return em.execute<MovementRow[]>(
    `select t.id, t.created_at, t.kind, t.description, e.amount_cents, t.order_id
       from ledger_entry e
       join ledger_account acc on acc.id = e.account_id and acc.kind = 'ASSIGNMENT' and acc.assignment_id = ?
       join ledger_transaction t on t.id = e.transaction_id
      order by t.created_at desc, e.id desc`,
    [assignmentId],
  );
}
