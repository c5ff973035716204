import type { EntityManager } from '@mikro-orm/postgresql';
import { executeNative } from '../../kernel/sql.js';
import type { CellProblem } from '../../rules/import.js';
import type {
  ExistingPerson,
  ImportRunRecord,
  ImportStatus,
  RowClass,
  RowOutcome,
  StoredRow,
} from './import.records.js';

/**
 * The import's SQL (docs, "Persistence: entities and queries"): the runs and rows as read models and reports, and
 * the set-based writes of the dry run and the apply job. Plain functions, no rules: the service and its parts decide.
 */

const num = (v: unknown) => Number(v ?? 0);

function toRecord(r: Record<string, unknown>): ImportRunRecord {
  return {
    id: String(r.id),
    municipalityId: String(r.municipality_id),
    municipalityName: String(r.municipality_name ?? ''),
    createdById: String(r.created_by),
    createdByName: String(r.created_by_name ?? ''),
    fileName: String(r.file_name),
    delimiter: r.delimiter === ';' ? ';' : ',',
    status: r.status as ImportStatus,
    totalRows: num(r.total_rows),
    newRows: num(r.new_rows),
    changedRows: num(r.changed_rows),
    unchangedRows: num(r.unchanged_rows),
    invalidRows: num(r.invalid_rows),
    processedRows: num(r.processed_rows),
    createdRows: num(r.created_rows),
    updatedRows: num(r.updated_rows),
    failedRows: num(r.failed_rows),
    encoding: r.encoding === 'WINDOWS-1252' ? 'WINDOWS-1252' : 'UTF-8',
    grantRows: num(r.grant_rows),
    grantHouseholds: num(r.grant_households),
    noGrantRows: num(r.no_grant_rows),
    grantedRows: num(r.granted_rows),
    createdAt: new Date(r.created_at as string),
    startedAt: r.started_at ? new Date(r.started_at as string) : null,
    finishedAt: r.finished_at ? new Date(r.finished_at as string) : null,
  };
}

const RUN_SELECT = `select r.*, m.name as municipality_name, a.name as created_by_name
  from import_run r join municipality m on m.id = r.municipality_id join admin_account a on a.id = r.created_by`;

// --- Runs and rows, read ---------------------------------------------------------------------------------------------

/** The runs a scope condition on `r.municipality_id` admits, newest first. */
export async function selectRuns(
  em: EntityManager,
  scope: { sql: string; params: unknown[] },
  limit: number,
): Promise<ImportRunRecord[]> {
  const rows = await em.execute<Record<string, unknown>[]>(
    `${RUN_SELECT} where ${scope.sql} order by r.created_at desc, r.id desc limit ?`,
    [...scope.params, limit],
  );
  return rows.map(toRecord);
}

export async function selectRun(em: EntityManager, id: string): Promise<ImportRunRecord | null> {
  const [row] = await em.execute<Record<string, unknown>[]>(`${RUN_SELECT} where r.id = ?`, [id]);
  return row ? toRecord(row) : null;
}

export async function invalidRows(
  em: EntityManager,
  runId: string,
  limit: number,
): Promise<{ line: number; external_identifier: string | null; problems: CellProblem[] }[]> {
  return em.execute(
    `select line, external_identifier, problems from import_row
      where import_run_id = ? and classification = 'INVALID' order by line limit ?`,
    [runId, limit],
  );
}

/** The rows that grant nothing although they name an arrangement (by the partial index import_row_note_idx). */
export async function noteRows(
  em: EntityManager,
  runId: string,
  limit: number,
): Promise<{ line: number; external_identifier: string | null; message: string }[]> {
  return em.execute(
    `select line, external_identifier, grant_note as message from import_row
      where import_run_id = ? and grant_note is not null
        and outcome is distinct from 'FAILED' and outcome is distinct from 'SKIPPED'
      order by line limit ?`,
    [runId, limit],
  );
}

export interface OutcomeRow {
  line: number;
  external_identifier: string | null;
  classification: RowClass;
  problems: CellProblem[];
  outcome: RowOutcome | null;
  outcome_message: string | null;
  grant_planned: boolean | null;
  grant_note: string | null;
  granted: boolean | null;
}

/** A page of a run's rows after `line`, for the outcome report. */
export async function outcomeRowsAfter(
  em: EntityManager,
  runId: string,
  after: number,
  limit: number,
): Promise<OutcomeRow[]> {
  return em.execute(
    `select line, external_identifier, classification, problems, outcome, outcome_message, grant_planned,
            grant_note, granted
       from import_row where import_run_id = ? and line > ? order by line limit ?`,
    [runId, after, limit],
  );
}

/** The name of the municipality's arrangement that runs longest (for the example file). */
export async function longestArrangementName(em: EntityManager, municipalityId: string): Promise<string | undefined> {
  const [a] = await em.execute<{ name: string }[]>(
    `select name from arrangement where municipality_id = ? order by valid_until desc, name limit 1`,
    [municipalityId],
  );
  return a?.name;
}

export async function municipalityExists(em: EntityManager, id: string): Promise<boolean> {
  const [row] = await em.execute<{ id: string }[]>(`select id from municipality where id = ?`, [id]);
  return !!row;
}

// --- The dry run -----------------------------------------------------------------------------------------------------

export async function insertRun(
  em: EntityManager,
  run: { municipalityId: string; createdBy: string; fileName: string; delimiter: ',' | ';'; createdAt: Date },
): Promise<string> {
  const [created] = await em.execute<{ id: string }[]>(
    `insert into import_run (municipality_id, created_by, file_name, delimiter, created_at) values (?, ?, ?, ?, ?) returning id`,
    [run.municipalityId, run.createdBy, run.fileName, run.delimiter, run.createdAt],
  );
  return created!.id;
}

export interface CheckedRow {
  line: number;
  external_identifier: string | null;
  classification: RowClass;
  data: StoredRow;
  problems: CellProblem[];
  grant_planned: boolean | null;
  grant_note: string | null;
}

export async function insertCheckedRows(em: EntityManager, runId: string, rows: readonly CheckedRow[]): Promise<void> {
  await executeNative(
    em,
    `insert into import_row (import_run_id, line, external_identifier, classification, data, problems,
                             grant_planned, grant_note)
     select ?::uuid, r.line, r.external_identifier, r.classification, r.data, r.problems, r.grant_planned, r.grant_note
       from jsonb_to_recordset(?::jsonb) as r(line int, external_identifier text, classification text, data jsonb,
            problems jsonb, grant_planned boolean, grant_note text)`,
    [runId, JSON.stringify(rows)],
  );
}

export async function finishCheck(
  em: EntityManager,
  runId: string,
  c: {
    total: number;
    NEW: number;
    CHANGED: number;
    UNCHANGED: number;
    INVALID: number;
    encoding: string;
    grantRows: number;
    grantHouseholds: number;
    noGrantRows: number;
  },
): Promise<void> {
  await em.execute(
    `update import_run set total_rows = ?, new_rows = ?, changed_rows = ?, unchanged_rows = ?, invalid_rows = ?,
            encoding = ?, grant_rows = ?, grant_households = ?, no_grant_rows = ?
      where id = ?`,
    [
      c.total,
      c.NEW,
      c.CHANGED,
      c.UNCHANGED,
      c.INVALID,
      c.encoding,
      c.grantRows,
      c.grantHouseholds,
      c.noGrantRows,
      runId,
    ],
  );
}

// --- Persons and households, by the numbers of a file ----------------------------------------------------------------

/** The persons with these client numbers (any municipality), with their household's number. */
export async function peopleByIdentifiers(
  em: EntityManager,
  ids: readonly string[],
): Promise<(ExistingPerson & { client_number: string })[]> {
  return executeNative(
    em,
    `select p.id, p.external_identifier, p.municipality_id, p.client_group_id, g.client_number, p.first_name, p.last_name,
            p.date_of_birth::text, p.email, p.phone, p.bsn_hash
       from person p join client_group g on g.id = p.client_group_id
      where p.external_identifier in (select jsonb_array_elements_text(?::jsonb))`,
    [JSON.stringify(ids)],
  );
}

/** The persons with these client numbers, locked in a fixed order (the apply job compares and writes them). */
export async function lockPeople(em: EntityManager, ids: readonly string[]): Promise<ExistingPerson[]> {
  return executeNative(
    em,
    `select id, external_identifier, client_group_id, municipality_id, first_name, last_name, date_of_birth::text,
            email, phone, bsn_hash
       from person where external_identifier in (select jsonb_array_elements_text(?::jsonb))
      order by id for update`,
    [JSON.stringify(ids)],
  );
}

/** Who holds these BSN hashes. */
export async function bsnOwners(
  em: EntityManager,
  hashes: readonly string[],
): Promise<{ external_identifier: string; bsn_hash: string }[]> {
  if (!hashes.length) return [];
  return executeNative(
    em,
    `select external_identifier, bsn_hash from person where bsn_hash in (select jsonb_array_elements_text(?::jsonb))`,
    [JSON.stringify(hashes)],
  );
}

/** The municipality's households with these numbers. */
export async function groupsByNumber(
  em: EntityManager,
  municipalityId: string,
  numbers: readonly string[],
): Promise<{ id: string; client_number: string }[]> {
  if (!numbers.length) return [];
  return executeNative(
    em,
    `select id, client_number from client_group
      where municipality_id = ?::uuid and client_number in (select jsonb_array_elements_text(?::jsonb))`,
    [municipalityId, JSON.stringify(numbers)],
  );
}

// --- The apply job ---------------------------------------------------------------------------------------------------

/** The run's state, locked for starting the apply. */
export async function lockRunForApply(
  em: EntityManager,
  id: string,
): Promise<{ status: ImportStatus; total_rows: number; invalid_rows: number } | undefined> {
  const [row] = await em.execute<{ status: ImportStatus; total_rows: number; invalid_rows: number }[]>(
    `select status, total_rows, invalid_rows from import_run where id = ? for update`,
    [id],
  );
  return row;
}

/** Marks the invalid rows skipped (dropping their BSN data) and the run applying; returns the rows skipped. */
export async function startApplying(em: EntityManager, id: string, now: Date): Promise<number> {
  const skipped = await em.execute<{ line: number }[]>(
    `update import_row set outcome = 'SKIPPED', outcome_message = 'Niet verwerkt: de regel is ongeldig.',
            data = data - 'bsnEncrypted' - 'bsnHash'
      where import_run_id = ? and classification = 'INVALID' and outcome is null returning line`,
    [id],
  );
  await em.execute(
    `update import_run set status = 'APPLYING', started_at = ?, processed_rows = processed_rows + ? where id = ?`,
    [now, skipped.length, id],
  );
  return skipped.length;
}

export async function runToApply(
  em: EntityManager,
  id: string,
): Promise<{ status: ImportStatus; created_by: string; municipality_id: string } | undefined> {
  const [r] = await em.execute<{ status: ImportStatus; created_by: string; municipality_id: string }[]>(
    `select status, created_by, municipality_id from import_run where id = ?`,
    [id],
  );
  return r;
}

/** This transaction's commit returns before its WAL reaches the disk (for work that is resumed after a crash). */
export async function commitWithoutWaiting(em: EntityManager): Promise<void> {
  await executeNative(em, `set local synchronous_commit = off`);
}

/** The next rows without an outcome after `after`, locked: the apply job's cursor is in the database. */
export async function lockRowsToApply(
  em: EntityManager,
  runId: string,
  after: number,
  limit: number,
): Promise<{ line: number; data: StoredRow }[]> {
  return executeNative(
    em,
    `select line, data from import_row where import_run_id = ?::uuid and line > ?::int and outcome is null
      order by line limit ?::int for update`,
    [runId, after, limit],
  );
}

/**
 * Marks the run applied (null when it was not applying) and drops the BSN's ciphertext and hash of any row that kept
 * them; returns the run's counters.
 */
export async function finishApply(
  em: EntityManager,
  runId: string,
  now: Date,
): Promise<{ created: number; updated: number; failed: number; processed: number } | null> {
  const [done] = await em.execute<Record<string, unknown>[]>(
    `update import_run set status = 'APPLIED', finished_at = ? where id = ? and status = 'APPLYING' returning *`,
    [now, runId],
  );
  if (!done) return null;
  await em.execute(
    `update import_row set data = data - 'bsnEncrypted' - 'bsnHash'
      where import_run_id = ? and (data -> 'bsnHash' is not null or data -> 'bsnEncrypted' is not null)`,
    [runId],
  );
  return {
    created: num(done.created_rows),
    updated: num(done.updated_rows),
    failed: num(done.failed_rows),
    processed: num(done.processed_rows),
  };
}

/** The outcomes of many rows and the run's counters, in one statement (rows that already have one are left). */
export async function recordOutcomes(
  em: EntityManager,
  runId: string,
  outcomes: readonly { line: number; outcome: RowOutcome; message: string | null; granted?: boolean }[],
): Promise<void> {
  if (!outcomes.length) return;
  await executeNative(
    em,
    `with done as (
       update import_row r set outcome = o.outcome, outcome_message = o.message, granted = coalesce(o.granted, false),
              -- The note the screen shows: from now on the apply's (none once it granted).
              grant_note = case when o.outcome in ('CREATED', 'UPDATED', 'UNCHANGED')
                                then case when o.granted then null else coalesce(o.message, r.grant_note) end
                                else r.grant_note end,
              data = r.data - 'bsnEncrypted' - 'bsnHash'
         from jsonb_to_recordset(?::jsonb) as o(line int, outcome text, message text, granted boolean)
        where r.import_run_id = ?::uuid and r.line = o.line and r.outcome is null
       returning r.outcome, r.granted)
     update import_run set processed_rows = processed_rows + (select count(*) from done),
            created_rows = created_rows + (select count(*) from done where outcome = 'CREATED'),
            updated_rows = updated_rows + (select count(*) from done where outcome = 'UPDATED'),
            failed_rows = failed_rows + (select count(*) from done where outcome = 'FAILED'),
            granted_rows = granted_rows + (select count(*) from done where granted)
      where id = ?::uuid`,
    [JSON.stringify(outcomes), runId, runId],
  );
}

/** Creates the households that do not exist yet (by number, in number order). */
export async function insertGroups(
  em: EntityManager,
  municipalityId: string,
  now: Date,
  groups: readonly { number: string; name: string }[],
): Promise<void> {
  await executeNative(
    em,
    `insert into client_group (municipality_id, client_number, name, created_at, updated_at)
     select ?::uuid, g.number, g.name, ?::timestamptz, ?::timestamptz from jsonb_to_recordset(?::jsonb) as g(number text, name text)
     order by g.number
     on conflict (municipality_id, client_number) do nothing`,
    [municipalityId, now, now, JSON.stringify(groups)],
  );
}

export interface PersonWrite {
  id: string;
  client_group_id: string;
  external_identifier: string;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  email: string | null;
  phone: string | null;
  bsn_encrypted: string | null;
  bsn_hash: string | null;
}

export async function insertPeople(
  em: EntityManager,
  municipalityId: string,
  now: Date,
  people: readonly PersonWrite[],
): Promise<void> {
  if (!people.length) return;
  await executeNative(
    em,
    `insert into person (id, client_group_id, municipality_id, external_identifier, first_name, last_name,
                         date_of_birth, email, phone, bsn_encrypted, bsn_hash, created_at, updated_at)
     select p.id, p.client_group_id, ?::uuid, p.external_identifier, p.first_name, p.last_name, p.date_of_birth, p.email,
            p.phone, p.bsn_encrypted, p.bsn_hash, ?::timestamptz, ?::timestamptz
       from jsonb_to_recordset(?::jsonb) as p(id uuid, client_group_id uuid, external_identifier text,
            first_name text, last_name text, date_of_birth date, email text, phone text, bsn_encrypted text,
            bsn_hash text)`,
    [municipalityId, now, now, JSON.stringify(people)],
  );
}

/** Updates persons; the BSN only where `bsn` is set (an empty BSN cell keeps the known one). */
export async function updatePeople(
  em: EntityManager,
  now: Date,
  people: readonly (PersonWrite & { bsn: boolean })[],
): Promise<void> {
  if (!people.length) return;
  await executeNative(
    em,
    `update person p set first_name = u.first_name, last_name = u.last_name, date_of_birth = u.date_of_birth,
            email = u.email, phone = u.phone,
            bsn_encrypted = case when u.bsn then u.bsn_encrypted else p.bsn_encrypted end,
            bsn_hash = case when u.bsn then u.bsn_hash else p.bsn_hash end, updated_at = ?::timestamptz
       from jsonb_to_recordset(?::jsonb) as u(id uuid, first_name text, last_name text, date_of_birth date,
            email text, phone text, bsn boolean, bsn_encrypted text, bsn_hash text)
      where p.id = u.id`,
    [now, JSON.stringify(people)],
  );
}

/** Whether someone other than the person with this client number holds the BSN hash. */
export async function bsnHeldByOther(em: EntityManager, bsnHash: string, externalIdentifier: string): Promise<boolean> {
  const [owner] = await em.execute<{ id: string }[]>(
    `select id from person where bsn_hash = ? and external_identifier <> ?`,
    [bsnHash, externalIdentifier],
  );
  return !!owner;
}
