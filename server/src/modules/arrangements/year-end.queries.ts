import type { EntityManager } from '@mikro-orm/postgresql';
import type { RegrantRunStatus } from './year-end.types.js';

/**
 * Year end's SQL (docs, "Persistence: entities and queries"): the assignments whose budget expires, the links between
 * an arrangement and its copy, last period's holders, and the bulk grant's runs and items (reserved in SQL: a holder is
 * granted once however often the job runs). Plain functions, no rules: `year-end.service.ts` decides.
 */

export interface Holder {
  id: string;
  client_group_id: string;
  beneficiary_id: string | null;
  client_number: string;
  household_name: string;
  beneficiary_name: string | null;
}

export interface RunRow {
  id: string;
  arrangement_id: string;
  source_arrangement_id: string;
  status: RegrantRunStatus;
  total: number;
  granted: number;
  skipped: number;
  started_by: string | null;
  created_at: Date;
  finished_at: Date | null;
}

export interface ExpiringAssignment {
  id: string;
  municipality_id: string;
  arrangement_id: string;
  name: string;
  client_group_id: string;
  valid_until: string;
}

// --- Expiry ----------------------------------------------------------------------------------------------------------

/** Up to 200 assignments (by id, after `after`) whose period ended before `day` and whose budget account holds money. */
export function selectExpiringAssignments(
  em: EntityManager,
  day: string,
  after: string,
): Promise<ExpiringAssignment[]> {
  return em.execute<ExpiringAssignment[]>(
    `select a.id, ar.municipality_id, ar.id as arrangement_id, ar.name, a.client_group_id,
            a.valid_until::text as valid_until
       from assignment a
       join arrangement ar on ar.id = a.arrangement_id
       join ledger_account acc on acc.kind = 'ASSIGNMENT' and acc.assignment_id = a.id
      where a.valid_until < ?::date and acc.balance_cents > 0 and a.id > ?::uuid
      order by a.id limit 200`,
    [day, after],
  );
}

/** How many EXPIRY transactions an assignment has had. */
export async function countExpiries(em: EntityManager, assignmentId: string): Promise<number> {
  const [{ n }] = (await em.execute<{ n: number }[]>(
    `select count(*)::int as n from ledger_transaction where kind = 'EXPIRY' and assignment_id = ?`,
    [assignmentId],
  )) as [{ n: number }];
  return n;
}

// --- Next period -----------------------------------------------------------------------------------------------------

/** The arrangement an arrangement continues and the copy of it, ids only; undefined when it does not exist. */
export async function selectLinked(
  em: EntityManager,
  id: string,
): Promise<{ previous_id: string | null; next_id: string | null } | undefined> {
  const [row] = await em.execute<{ previous_id: string | null; next_id: string | null }[]>(
    `select a.previous_arrangement_id as previous_id,
            (select n.id from arrangement n where n.previous_arrangement_id = a.id) as next_id
       from arrangement a where a.id = ?`,
    [id],
  );
  return row;
}

/** Locks the arrangement's row until the transaction ends. */
export async function lockArrangement(em: EntityManager, id: string): Promise<void> {
  await em.execute(`select id from arrangement where id = ? for update`, [id]);
}

export async function selectArrangementName(em: EntityManager, id: string): Promise<string | undefined> {
  const [row] = await em.execute<{ name: string }[]>(`select name from arrangement where id = ?`, [id]);
  return row?.name;
}

/** Links a copy to the arrangement it continues. */
export async function setPreviousArrangement(em: EntityManager, copyId: string, previousId: string): Promise<void> {
  await em.execute(`update arrangement set previous_arrangement_id = ? where id = ?`, [previousId, copyId]);
}

/** Last period's holders of `sourceId`: one per household and member (the latest assignment), by id. */
export function selectHolders(em: EntityManager, sourceId: string): Promise<Holder[]> {
  return em.execute<Holder[]>(
    `select h.* from (
       select distinct on (a.client_group_id, a.beneficiary_id)
              a.id, a.client_group_id, a.beneficiary_id, cg.client_number, cg.name as household_name,
              case when p.id is null then null else trim(p.first_name || ' ' || p.last_name) end as beneficiary_name
         from assignment a
         join client_group cg on cg.id = a.client_group_id
         left join person p on p.id = a.beneficiary_id
        where a.arrangement_id = ? and a.status <> 'REVOKED'
        order by a.client_group_id, a.beneficiary_id, a.valid_until desc, a.id) h
     order by h.id`,
    [sourceId],
  );
}

/** The source assignments a bulk grant of the arrangement has already granted again. */
export async function selectRegrantedSourceIds(em: EntityManager, arrangementId: string): Promise<string[]> {
  const rows = await em.execute<{ source_assignment_id: string }[]>(
    `select source_assignment_id from regrant_item where arrangement_id = ? and outcome = 'GRANTED'`,
    [arrangementId],
  );
  return rows.map((r) => r.source_assignment_id);
}

// --- Bulk grant runs -------------------------------------------------------------------------------------------------

/** Takes the transaction's advisory lock on the arrangement's bulk grant. */
export async function lockRegrant(em: EntityManager, arrangementId: string): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`regrant:${arrangementId}`]);
}

/** The newest run of the arrangement that is not done yet. */
export async function selectOpenRun(em: EntityManager, arrangementId: string): Promise<RunRow | undefined> {
  const [open] = await em.execute<RunRow[]>(
    `select * from regrant_run where arrangement_id = ? and status <> 'DONE' order by created_at desc limit 1`,
    [arrangementId],
  );
  return open;
}

/** The number of holders (households and members) of an arrangement's assignments that are not revoked. */
export async function countHolders(em: EntityManager, sourceId: string): Promise<number> {
  const [{ n }] = (await em.execute<{ n: number }[]>(
    `select count(*)::int as n from (select distinct client_group_id, beneficiary_id from assignment
       where arrangement_id = ? and status <> 'REVOKED') h`,
    [sourceId],
  )) as [{ n: number }];
  return n;
}

export async function insertRun(
  em: EntityManager,
  run: { arrangementId: string; sourceArrangementId: string; total: number; startedBy: string; createdAt: Date },
): Promise<RunRow> {
  const [row] = await em.execute<RunRow[]>(
    `insert into regrant_run (arrangement_id, source_arrangement_id, total, started_by, created_at)
     values (?, ?, ?, ?, ?) returning *`,
    [run.arrangementId, run.sourceArrangementId, run.total, run.startedBy, run.createdAt],
  );
  return row!;
}

export async function selectLatestRun(em: EntityManager, arrangementId: string): Promise<RunRow | undefined> {
  const [row] = await em.execute<RunRow[]>(
    `select * from regrant_run where arrangement_id = ? order by created_at desc limit 1`,
    [arrangementId],
  );
  return row;
}

export async function selectRun(em: EntityManager, runId: string): Promise<RunRow | undefined> {
  const [run] = await em.execute<RunRow[]>(`select * from regrant_run where id = ?`, [runId]);
  return run;
}

export async function selectArrangementMunicipality(em: EntityManager, id: string): Promise<string | undefined> {
  const [arr] = await em.execute<{ municipality_id: string }[]>(
    `select municipality_id from arrangement where id = ?`,
    [id],
  );
  return arr?.municipality_id;
}

export async function markRunRunning(em: EntityManager, runId: string): Promise<void> {
  await em.execute(`update regrant_run set status = 'RUNNING' where id = ?`, [runId]);
}

/** Reserves a holder's item (as SKIPPED until granted); false when an earlier attempt or run already has it. */
export async function reserveItem(
  em: EntityManager,
  item: { arrangementId: string; sourceAssignmentId: string; runId: string; createdAt: Date },
): Promise<boolean> {
  const [reserved] = await em.execute<{ ok: number }[]>(
    `insert into regrant_item (arrangement_id, source_assignment_id, run_id, outcome, created_at)
     values (?, ?, ?, 'SKIPPED', ?) on conflict do nothing returning 1 as ok`,
    [item.arrangementId, item.sourceAssignmentId, item.runId, item.createdAt],
  );
  return !!reserved;
}

export async function recordItemOutcome(
  em: EntityManager,
  item: {
    arrangementId: string;
    sourceAssignmentId: string;
    outcome: 'GRANTED' | 'SKIPPED';
    assignmentId: string | null;
    message: string | null;
  },
): Promise<void> {
  await em.execute(
    `update regrant_item set outcome = ?, assignment_id = ?, message = ?
      where arrangement_id = ? and source_assignment_id = ?`,
    [item.outcome, item.assignmentId, item.message, item.arrangementId, item.sourceAssignmentId],
  );
}

/** Counts a run's granted and skipped holders from its items; `done` closes it at `now`. */
export async function updateRunCounts(
  em: EntityManager,
  runId: string,
  handled: number,
  done: boolean,
  now: Date,
): Promise<void> {
  await em.execute(
    `update regrant_run r set
       granted = (select count(*) from regrant_item i where i.run_id = r.id and i.outcome = 'GRANTED'),
       skipped = ? - (select count(*) from regrant_item i where i.run_id = r.id and i.outcome = 'GRANTED'),
       status = case when ? then 'DONE' else status end,
       finished_at = case when ? then ?::timestamptz else finished_at end
     where r.id = ?`,
    [handled, done, done, now, runId],
  );
}
