import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Audience, Permission, isPermission } from '../../kernel/permissions.js';
import { hasPermission, type Viewer } from '../../kernel/viewer.js';
import { inScope, scopeSql } from '../../kernel/scope.js';
import { isUuid } from '../../graphql/ids.js';
import { today } from '../../kernel/clock.js';
import { csvStream } from '../../platform/csv.js';
import { transactional, withEm, type RequestContext } from '../../kernel/request-context.js';
import { ok, problem, type Result } from '../../kernel/result.js';
import { encryptBsn, hashBsn, type BsnKeys } from '../../crypto/bsn.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { JobRun } from '../../jobs/job-types.js';
import type { AuditService } from '../audit/index.js';
import {
  PlannedGrants,
  type AssignmentService,
  type GrantMember,
  type MemberGrantAnswer,
} from '../arrangements/index.js';
import { Arrangement } from '../arrangements/index.js';
import {
  CSV_MAX_RECORD_BYTES,
  TextInputError,
  csvErrorMessage,
  decodeText,
  isCsvParseError,
  type TextEncoding,
} from '../../platform/csv-input.js';
import { AdminAccount } from '../identity/admin-account.entity.js';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  checkRecord,
  headerProblem,
  type CellProblem,
  type ImportColumn,
  type ImportRowData,
} from '../../rules/import.js';

export type ImportStatus = 'DRY_RUN' | 'APPLYING' | 'APPLIED';
export type RowClass = 'NEW' | 'CHANGED' | 'UNCHANGED' | 'INVALID';
export type RowOutcome = 'CREATED' | 'UPDATED' | 'UNCHANGED' | 'SKIPPED' | 'FAILED';

export interface ImportRunRecord {
  id: string;
  municipalityId: string;
  municipalityName: string;
  createdById: string;
  createdByName: string;
  fileName: string;
  delimiter: ',' | ';';
  /** The encoding the file was read in. */
  encoding: TextEncoding;
  status: ImportStatus;
  totalRows: number;
  newRows: number;
  changedRows: number;
  unchangedRows: number;
  invalidRows: number;
  processedRows: number;
  createdRows: number;
  updatedRows: number;
  failedRows: number;
  /** Dry run: rows that grant their arrangement (one per household, or per member who fits "for whom"). */
  grantRows: number;
  /** Dry run: households that receive at least one grant. */
  grantHouseholds: number;
  /** Dry run: rows with an arrangement that grant nothing (and why: `notes`). */
  noGrantRows: number;
  /** Applied: rows whose grant was written. */
  grantedRows: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export interface ImportProblemRecord {
  line: number;
  column: string | null;
  externalIdentifier: string | null;
  message: string;
}

/** What a checked row stores: the checked values (the BSN only as hash and ciphertext) and the resolved assignment. */
interface StoredRow extends Omit<ImportRowData, 'bsn'> {
  bsnHash: string | null;
  bsnEncrypted: string | null;
  arrangementId: string | null;
}

/** A file the import refuses as a whole, with the Dutch reason; nothing of it is kept. */
export class ImportFileError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** What applying a row did: its outcome, whether it granted its arrangement, and if not, why (Dutch). */
interface RowResult {
  outcome: RowOutcome;
  granted: boolean;
  note: string | null;
}

/** A row that cannot be applied; its transaction rolls back and the row's outcome says why. */
class RowFailure extends Error {}

/** Rows of a chunk that cannot be applied: the chunk's attempt rolls back and is written again without them. */
class ChunkRetry extends Error {
  constructor(readonly failures: Map<number, string>) {
    super(`${failures.size} rows cannot be applied`);
  }
}

/** What the dry run carries from batch to batch of one file. */
interface CheckState {
  seenIds: Map<string, number>;
  seenBsn: Map<string, number>;
  /** The grants planned for earlier rows (the overlap rule counts them as held). */
  planned: PlannedGrants;
  /** Ids of the dry run's own for households and persons that do not exist yet, by number. */
  newGroups: Map<string, string>;
  newPeople: Map<string, string>;
  /** The households that receive a grant. */
  households: Set<string>;
  grantRows: number;
  noGrantRows: number;
}

/** A person as the apply job compares it with a row. */
interface ExistingPerson {
  id: string;
  external_identifier: string;
  client_group_id: string;
  municipality_id: string;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  email: string | null;
  phone: string | null;
  bsn_hash: string | null;
}

/** What a row changes of an existing person (field names, `bsn` for a new BSN; an empty BSN cell keeps the known one). */
function changedFields(p: Omit<ExistingPerson, 'id' | 'external_identifier'>, d: StoredRow): string[] {
  const changed: string[] = [];
  if (p.first_name !== d.firstName) changed.push('firstName');
  if (p.last_name !== d.lastName) changed.push('lastName');
  if (p.date_of_birth !== d.dateOfBirth) changed.push('dateOfBirth');
  if ((p.email ?? null) !== d.email) changed.push('email');
  if ((p.phone ?? null) !== d.phone) changed.push('phone');
  if (!!d.bsnHash && p.bsn_hash !== d.bsnHash) changed.push('bsn');
  return changed;
}

/** Data rows checked and written per batch in the dry run. */
const CHECK_BATCH = 1000;
/** Rows the apply job writes per transaction (set-based; row by row in savepoints only after a conflict). */
export const APPLY_CHUNK = 1000;

const MESSAGES = {
  empty: 'Het bestand is leeg. Kies een CSV-bestand met een kopregel en ten minste één regel met gegevens.',
  noRows: 'Het bestand bevat alleen een kopregel en geen gegevens.',
  tooManyRows: `Het bestand heeft meer dan ${IMPORT_MAX_ROWS.toLocaleString('nl-NL')} regels met gegevens. Splits het in delen van hoogstens ${IMPORT_MAX_ROWS.toLocaleString('nl-NL')} regels. Er is niets ingelezen.`,
  tooLarge: `Het bestand is groter dan ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Splits het in kleinere delen. Er is niets ingelezen.`,
};

/** The separator of a file: from its header row, the character of the two that occurs there most. */
export function detectDelimiter(headerLine: string): ',' | ';' {
  const count = (c: string) => headerLine.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** The bytes of an upload, refused (TOO_LARGE) once more than the limit was sent. */
async function* withinLimit(source: AsyncIterable<Buffer>, truncated?: () => boolean): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    if (truncated?.()) throw new ImportFileError('TOO_LARGE', MESSAGES.tooLarge);
    yield chunk;
  }
  if (truncated?.()) throw new ImportFileError('TOO_LARGE', MESSAGES.tooLarge);
}

/** The columns of the import a granting rule's field is about (for the row's problem). */
const GRANT_FIELD_COLUMN: Record<string, ImportColumn | null> = {
  amountCents: 'bedrag',
  validFrom: 'geldig_vanaf',
  validUntil: 'geldig_tot',
  arrangementId: 'regeling',
  ageExceptionReason: 'regeling',
};

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

/**
 * Importing households, persons and assignments from the municipality's systems (beheer/importeren, IMPORT_RUN).
 *
 * 1. `check`: the uploaded file is read as a stream (csv-parse), every row checked with the shared rules and against
 *    the database, and stored with its class (new, changed, unchanged, invalid) and problems: the dry run. A file
 *    refused as a whole (columns, encoding, size, empty) leaves nothing behind.
 * 2. `apply`: queues the `import.apply` job, which writes the rows in chunks of APPLY_CHUNK, each chunk one
 *    transaction together with its rows' outcomes and the run's counters (households, persons and audit rows in a few
 *    set-based statements; the assignments through `AssignmentService.grantMany` and the ledger, so every granting
 *    rule applies): the rows without an outcome are the cursor, so an interrupted run carries on where it stopped
 *    and a row is never half applied. Idempotent on the client number: a second run of the same file changes nothing.
 *
 * Never logged, never in a URL or an audit row: a BSN. Audit rows carry ids, lines and counts.
 */
export class ImportService {
  constructor(
    private readonly bsnKeys: BsnKeys,
    private readonly audit: AuditService,
    private readonly assignments: AssignmentService,
    private readonly jobs: JobQueue,
  ) {}

  /** The runs of the viewer's municipalities, newest first. */
  async list(ctx: RequestContext, first = 20): Promise<ImportRunRecord[]> {
    const scope = scopeSql(ctx.viewer, 'r.municipality_id');
    const rows = await ctx.em.execute<Record<string, unknown>[]>(
      `${RUN_SELECT} where ${scope.sql} order by r.created_at desc, r.id desc limit ?`,
      [...scope.params, Math.min(first, 100)],
    );
    return rows.map(toRecord);
  }

  async get(ctx: RequestContext, id: string): Promise<ImportRunRecord | null> {
    if (!isUuid(id)) return null;
    const [row] = await ctx.em.execute<Record<string, unknown>[]>(`${RUN_SELECT} where r.id = ?`, [id]);
    if (!row || !inScope(ctx.viewer, String(row.municipality_id))) return null;
    return toRecord(row);
  }

  /** The invalid rows of a run, by line: line, column and the Dutch reason, one entry per problem. */
  async problems(ctx: RequestContext, id: string, first = 200): Promise<ImportProblemRecord[]> {
    if (!(await this.get(ctx, id))) return [];
    const rows = await ctx.em.execute<{ line: number; external_identifier: string | null; problems: CellProblem[] }[]>(
      `select line, external_identifier, problems from import_row
        where import_run_id = ? and classification = 'INVALID' order by line limit ?`,
      [id, Math.min(first, 1000)],
    );
    return rows.flatMap((r) =>
      r.problems.map((p) => ({
        line: r.line,
        column: p.column,
        externalIdentifier: r.external_identifier,
        message: p.message,
      })),
    );
  }

  /**
   * The dry run of an uploaded file: checks every row and stores the run. Refused as a whole (and nothing kept) when
   * the file is empty, not UTF-8, too large, has the wrong columns or more than 250,000 rows.
   */
  async check(
    ctx: RequestContext,
    input: { municipalityId: string; fileName: string; source: AsyncIterable<Buffer>; truncated?: () => boolean },
  ): Promise<Result<ImportRunRecord>> {
    const viewer = ctx.viewer;
    if (viewer.kind !== Audience.STAFF || !hasPermission(viewer, Permission.IMPORT_RUN))
      return problem(null, 'FORBIDDEN', 'U heeft geen toegang tot deze gegevens.');
    // A run is applied later in the name of the member of staff who started it (their permissions then): an operator
    // acting in a municipality has no staff account of their own to carry it.
    if (viewer.operator)
      return problem(
        null,
        'OPERATOR_NOT_ALLOWED',
        'Een operator kan geen import starten. Vraag een medewerker van de gemeente om het bestand te importeren.',
      );
    if (!isUuid(input.municipalityId) || !inScope(viewer, input.municipalityId))
      return problem('municipalityId', 'NOT_FOUND', 'Kies een gemeente waarvoor u mag importeren.');
    const [municipality] = await ctx.em.execute<{ id: string }[]>(`select id from municipality where id = ?`, [
      input.municipalityId,
    ]);
    if (!municipality) return problem('municipalityId', 'NOT_FOUND', 'Kies een gemeente waarvoor u mag importeren.');
    const fileName = (input.fileName || 'import.csv').replace(/[^\p{L}\p{N} ._()-]/gu, '_').slice(0, 200);

    // The encoding is known at the first letter beyond ASCII, or (UTF-8) at the end of the file.
    let encoding: TextEncoding = 'UTF-8';
    // Where the record in progress began: csv-parse names the line where it stopped (for a quote that is never
    // closed, the end of the file), the staff member needs the line where the trouble starts.
    let lastRecordLine = 0;
    let header: string[] | null = null;
    try {
      // The header row first: it says which separator the file uses.
      const text = decodeText(withinLimit(input.source, input.truncated), (found) => (encoding = found));
      let head = '';
      let next = await text.next();
      while (!next.done) {
        head += next.value;
        if (/[\r\n]/.test(head) || head.length > 64 * 1024) break;
        next = await text.next();
      }
      if (!head.trim()) throw new ImportFileError('EMPTY', MESSAGES.empty);
      const delimiter = detectDelimiter(head.split(/\r?\n/)[0]!);
      async function* all() {
        yield head;
        for await (const t of text) yield t;
      }
      let run: ImportRunRecord | null = null;
      // One pipeline from the upload to the rows: an error anywhere (the upload, the decoding, the parser, a check)
      // rejects it and ends every stream in it; none is left to end the process.
      await pipeline(
        Readable.from(all()),
        parse({
          delimiter,
          bom: true,
          relax_column_count: true,
          skip_empty_lines: true,
          info: true,
          trim: false,
          max_record_size: CSV_MAX_RECORD_BYTES,
          // With `info`, each record comes as { record, info }: its line is where it ends.
          on_record: ((found: { record: string[]; info: { lines: number } }) => {
            lastRecordLine = found.info.lines;
            header ??= found.record.map((h) => String(h).trim().toLowerCase());
            return found;
          }) as unknown as (record: string[]) => string[],
        }),
        async (records: AsyncIterable<{ record: string[]; info: { lines: number } }>) => {
          run = await ctx.em.transactional(async (em) =>
            this.checkRows(withEm(ctx, em), records, input.municipalityId, fileName, delimiter, () => encoding),
          );
        },
      );
      return ok(run!);
    } catch (error) {
      if (error instanceof ImportFileError || error instanceof TextInputError)
        return problem('file', error.code, error.message);
      if (isCsvParseError(error)) {
        const columns = header as string[] | null;
        return problem(
          'file',
          'NOT_CSV',
          `Het bestand is geen geldige CSV: ${csvErrorMessage(error, {
            recordStart: lastRecordLine + 1,
            columnName: (i) => columns?.[i] ?? null,
          })}`,
        );
      }
      throw error;
    }
  }

  private async checkRows(
    ctx: RequestContext,
    records: AsyncIterable<{ record: string[]; info: { lines: number } }>,
    municipalityId: string,
    fileName: string,
    delimiter: ',' | ';',
    encoding: () => TextEncoding,
  ): Promise<ImportRunRecord> {
    const em = ctx.em;
    const viewer = ctx.viewer as Extract<Viewer, { kind: Audience.STAFF }>;
    const [created] = await em.execute<{ id: string }[]>(
      `insert into import_run (municipality_id, created_by, file_name, delimiter, created_at) values (?, ?, ?, ?, ?) returning id`,
      [municipalityId, viewer.adminAccountId, fileName, delimiter, ctx.clock.now()],
    );
    const runId = created!.id;
    const arrangements = new Map(
      (await em.find(Arrangement, { municipality: municipalityId })).map((a) => [a.name.toLowerCase(), a]),
    );
    const day = today(ctx.clock);
    const state: CheckState = {
      seenIds: new Map(),
      seenBsn: new Map(),
      planned: new PlannedGrants(),
      newGroups: new Map(),
      newPeople: new Map(),
      households: new Set(),
      grantRows: 0,
      noGrantRows: 0,
    };
    const counts = { NEW: 0, CHANGED: 0, UNCHANGED: 0, INVALID: 0 };
    let header: string[] | null = null;
    let batch: { line: number; data: ImportRowData; problems: CellProblem[] }[] = [];
    let total = 0;

    const flush = async () => {
      if (!batch.length) return;
      const rows = await this.classify(ctx, municipalityId, batch, arrangements, state);
      for (const r of rows) counts[r.classification]++;
      await em.execute(
        `insert into import_row (import_run_id, line, external_identifier, classification, data, problems,
                                 grant_planned, grant_note)
         select ?, r.line, r.external_identifier, r.classification, r.data, r.problems, r.grant_planned, r.grant_note
           from jsonb_to_recordset(?::jsonb) as r(line int, external_identifier text, classification text, data jsonb,
                problems jsonb, grant_planned boolean, grant_note text)`,
        [runId, JSON.stringify(rows)],
      );
      batch = [];
    };

    for await (const { record, info } of records) {
      if (!header) {
        const problemText = headerProblem(record);
        if (problemText) throw new ImportFileError('COLUMNS', problemText);
        header = record.map((h) => h.trim().toLowerCase());
        continue;
      }
      if (record.every((c) => !c.trim())) continue;
      total++;
      if (total > IMPORT_MAX_ROWS) throw new ImportFileError('TOO_MANY_ROWS', MESSAGES.tooManyRows);
      const cells = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, ''])) as Record<ImportColumn, string>;
      header.forEach((name, i) => (cells[name as ImportColumn] = record[i] ?? ''));
      const checked = checkRecord(cells, day);
      if (record.length !== header.length) {
        checked.problems.unshift({
          column: null,
          message: `Deze regel heeft ${record.length} velden, de kopregel ${header.length}. Controleer de scheidingstekens${delimiter === ';' ? ' (puntkomma’s)' : ' (komma’s)'} en aanhalingstekens.`,
        });
      }
      batch.push({ line: info.lines, ...checked });
      if (batch.length >= CHECK_BATCH) await flush();
    }
    if (!header) throw new ImportFileError('EMPTY', MESSAGES.empty);
    await flush();
    if (!total) throw new ImportFileError('NO_ROWS', MESSAGES.noRows);

    await em.execute(
      `update import_run set total_rows = ?, new_rows = ?, changed_rows = ?, unchanged_rows = ?, invalid_rows = ?,
              encoding = ?, grant_rows = ?, grant_households = ?, no_grant_rows = ?
        where id = ?`,
      [
        total,
        counts.NEW,
        counts.CHANGED,
        counts.UNCHANGED,
        counts.INVALID,
        encoding(),
        state.grantRows,
        state.households.size,
        state.noGrantRows,
        runId,
      ],
    );
    await this.audit.record(ctx, {
      action: 'import.checked',
      subjectType: 'import_run',
      subjectId: runId,
      details: {
        municipalityId,
        rows: total,
        ...counts,
        encoding: encoding(),
        grants: state.grantRows,
        households: state.households.size,
      },
    });
    return (await this.get(ctx, runId))!;
  }

  /**
   * One batch of the dry run: the checks that need the database and the file so far, the grant each row would make
   * (AssignmentService.planMemberGrants: the very rules `apply` grants by, with the grants planned for earlier rows of
   * the file), and each row's class.
   */
  private async classify(
    ctx: RequestContext,
    municipalityId: string,
    batch: { line: number; data: ImportRowData; problems: CellProblem[] }[],
    arrangements: Map<string, Arrangement>,
    state: CheckState,
  ) {
    const em = ctx.em;
    const { seenIds, seenBsn } = state;
    const hashes = batch.map((b) => (b.data.bsn ? hashBsn(b.data.bsn, this.bsnKeys) : null));
    const ids = [...new Set(batch.map((b) => b.data.externalIdentifier).filter(Boolean))];
    const people = new Map(
      (
        await em.execute<
          {
            id: string;
            external_identifier: string;
            municipality_id: string;
            client_group_id: string;
            client_number: string;
            first_name: string;
            last_name: string;
            date_of_birth: string | null;
            email: string | null;
            phone: string | null;
            bsn_hash: string | null;
          }[]
        >(
          `select p.id, p.external_identifier, p.municipality_id, p.client_group_id, g.client_number, p.first_name, p.last_name,
                  p.date_of_birth::text, p.email, p.phone, p.bsn_hash
             from person p join client_group g on g.id = p.client_group_id
            where p.external_identifier in (select jsonb_array_elements_text(?::jsonb))`,
          [JSON.stringify(ids)],
        )
      ).map((p) => [p.external_identifier, p]),
    );
    const bsnOwners = new Map(
      (
        await em.execute<{ external_identifier: string; bsn_hash: string }[]>(
          `select external_identifier, bsn_hash from person where bsn_hash in (select jsonb_array_elements_text(?::jsonb))`,
          [JSON.stringify(hashes.filter((h): h is string => !!h))],
        )
      ).map((p) => [p.bsn_hash, p.external_identifier]),
    );
    // The households the rows name that exist already (a new member of an existing household shares its grants).
    const groupNumbers = [...new Set(batch.map((b) => b.data.groupNumber).filter(Boolean))];
    const groups = new Map(
      (groupNumbers.length
        ? await em.execute<{ id: string; client_number: string }[]>(
            `select id, client_number from client_group
              where municipality_id = ? and client_number in (select jsonb_array_elements_text(?::jsonb))`,
            [municipalityId, JSON.stringify(groupNumbers)],
          )
        : []
      ).map((g) => [g.client_number, g.id]),
    );

    const checked = batch.map((b, i) => {
      const d = b.data;
      const problems = [...b.problems];
      const hash = hashes[i] ?? null;
      if (d.externalIdentifier) {
        const earlier = seenIds.get(d.externalIdentifier);
        if (earlier !== undefined)
          problems.push({ column: 'klantnummer', message: `Dit klantnummer staat ook op regel ${earlier}.` });
        else seenIds.set(d.externalIdentifier, b.line);
      }
      const existing = people.get(d.externalIdentifier);
      if (existing && existing.municipality_id !== municipalityId)
        problems.push({
          column: 'klantnummer',
          message: 'Dit klantnummer hoort bij een persoon van een andere gemeente.',
        });
      else if (existing && d.groupNumber && existing.client_number !== d.groupNumber)
        problems.push({
          column: 'huishoudnummer',
          message: `Deze persoon hoort bij huishouden ${existing.client_number}. Verhuizen naar een ander huishouden kan niet met een import.`,
        });
      if (hash) {
        const owner = bsnOwners.get(hash);
        const earlier = seenBsn.get(hash);
        if (owner && owner !== d.externalIdentifier)
          problems.push({ column: 'bsn', message: 'Dit BSN staat al bij een andere persoon.' });
        else if (earlier !== undefined)
          problems.push({ column: 'bsn', message: `Dit BSN staat ook op regel ${earlier}.` });
        else seenBsn.set(hash, b.line);
      }
      let arrangement: Arrangement | null = null;
      if (d.arrangement) {
        arrangement = arrangements.get(d.arrangement.toLowerCase()) ?? null;
        if (!arrangement) {
          const known = [...arrangements.values()].map((x) => x.name).slice(0, 10);
          problems.push({
            column: 'regeling',
            message: `De regeling "${d.arrangement.slice(0, 80)}" bestaat niet bij deze gemeente.${known.length ? ` Bekende regelingen: ${known.join(', ')}.` : ''}`,
          });
        }
      }
      return { b, d, problems, hash, existing, arrangement };
    });

    // The grants, in file order, for the rows that are valid so far: households and persons that do not exist yet
    // get an id of the dry run's own (the same for every row that names them).
    const toPlan = checked.filter((c) => !c.problems.length && c.arrangement);
    const answers = await this.assignments.planMemberGrants(
      ctx,
      toPlan.map(({ b, d, existing, arrangement }) => {
        let groupId = existing?.client_group_id ?? groups.get(d.groupNumber) ?? state.newGroups.get(d.groupNumber);
        if (!groupId) state.newGroups.set(d.groupNumber, (groupId = randomUUID()));
        let memberId = existing?.id ?? state.newPeople.get(d.externalIdentifier);
        if (!memberId) state.newPeople.set(d.externalIdentifier, (memberId = randomUUID()));
        // The member as the row leaves them (the row's date of birth is the one the grant is judged by).
        const member: GrantMember = {
          id: memberId,
          fullName: `${d.firstName} ${d.lastName}`.trim(),
          dateOfBirth: d.dateOfBirth,
          clientGroup: { id: groupId },
        };
        return {
          input: {
            clientGroupId: groupId,
            arrangementId: arrangement!.id,
            memberId,
            amountCents: d.amountCents,
            validFrom: d.validFrom,
            validUntil: d.validUntil,
            label: `regel ${b.line}`,
          },
          group: { id: groupId, municipality: { id: municipalityId } },
          arrangement,
          member,
        };
      }),
      state.planned,
    );
    const planOf = new Map<number, MemberGrantAnswer>(toPlan.map((c, k) => [c.b.line, answers[k]!]));
    toPlan.forEach((c, k) => {
      const answer = answers[k]!;
      if (answer.kind === 'REFUSED')
        for (const e of answer.errors)
          c.problems.push({ column: GRANT_FIELD_COLUMN[e.field ?? ''] ?? null, message: e.message });
    });

    return checked.map(({ b, d, problems, hash, existing, arrangement }) => {
      const answer = planOf.get(b.line) ?? null;
      const grants = answer?.kind === 'GRANT';
      let classification: RowClass;
      if (problems.length) classification = 'INVALID';
      else if (!existing) classification = 'NEW';
      else {
        const same =
          existing.first_name === d.firstName &&
          existing.last_name === d.lastName &&
          existing.date_of_birth === d.dateOfBirth &&
          (existing.email ?? null) === d.email &&
          (existing.phone ?? null) === d.phone &&
          (!hash || existing.bsn_hash === hash);
        classification = same && !grants ? 'UNCHANGED' : 'CHANGED';
      }
      if (classification !== 'INVALID' && answer) {
        if (answer.kind === 'GRANT') {
          state.grantRows++;
          state.households.add(
            existing?.client_group_id ?? groups.get(d.groupNumber) ?? state.newGroups.get(d.groupNumber)!,
          );
        } else if (answer.kind === 'NONE') state.noGrantRows++;
      }
      const stored: StoredRow = {
        groupNumber: d.groupNumber,
        groupName: d.groupName,
        externalIdentifier: d.externalIdentifier,
        firstName: d.firstName,
        lastName: d.lastName,
        dateOfBirth: d.dateOfBirth,
        email: d.email,
        phone: d.phone,
        arrangement: d.arrangement,
        amountCents: d.amountCents ?? (arrangement ? arrangement.defaultAmountCents : null),
        validFrom: d.validFrom ?? arrangement?.validFrom ?? null,
        validUntil: d.validUntil ?? arrangement?.validUntil ?? null,
        arrangementId: arrangement?.id ?? null,
        bsnHash: classification === 'INVALID' ? null : hash,
        bsnEncrypted: classification === 'INVALID' || !d.bsn ? null : encryptBsn(d.bsn, this.bsnKeys),
      };
      const valid = classification !== 'INVALID';
      return {
        line: b.line,
        external_identifier: d.externalIdentifier || null,
        classification,
        data: stored,
        problems,
        grant_planned: valid && answer ? answer.kind === 'GRANT' : null,
        grant_note: valid && answer?.kind === 'NONE' ? answer.message : null,
      };
    });
  }

  /** Starts (or, when interrupted, resumes) applying a checked run: a background job does the work. */
  async apply(ctx: RequestContext, id: string): Promise<Result<ImportRunRecord>> {
    const found = await this.get(ctx, id);
    if (!found) return problem('id', 'NOT_FOUND', 'Deze import is niet gevonden.');
    const outcome = await transactional(ctx, async (tx): Promise<Result<null>> => {
      const [row] = await tx.em.execute<{ status: ImportStatus; total_rows: number; invalid_rows: number }[]>(
        `select status, total_rows, invalid_rows from import_run where id = ? for update`,
        [id],
      );
      if (row!.status === 'APPLIED') return problem('id', 'ALREADY_APPLIED', 'Deze import is al verwerkt.');
      if (row!.status === 'DRY_RUN') {
        if (row!.total_rows === row!.invalid_rows)
          return problem(
            'id',
            'NOTHING_TO_APPLY',
            'Alle regels zijn ongeldig: er is niets te verwerken. Verbeter het bestand en lees het opnieuw in.',
          );
        const now = ctx.clock.now();
        const skipped = await tx.em.execute<{ line: number }[]>(
          `update import_row set outcome = 'SKIPPED', outcome_message = 'Niet verwerkt: de regel is ongeldig.',
                  data = data - 'bsnEncrypted' - 'bsnHash'
            where import_run_id = ? and classification = 'INVALID' and outcome is null returning line`,
          [id],
        );
        await tx.em.execute(
          `update import_run set status = 'APPLYING', started_at = ?, processed_rows = processed_rows + ? where id = ?`,
          [now, skipped.length, id],
        );
        await this.audit.record(tx, {
          action: 'import.apply_started',
          subjectType: 'import_run',
          subjectId: id,
          details: { municipalityId: found.municipalityId, rows: found.totalRows - found.invalidRows },
        });
      }
      await this.jobs.enqueue(
        tx,
        'import.apply',
        { importRunId: id },
        { jobKey: `import.apply:${id}`, queueName: `import:${id}` },
      );
      return ok(null);
    });
    if (!outcome.ok) return outcome;
    return ok((await this.get(ctx, id))!);
  }

  /** The staff member who started the run, as the viewer the job acts for (their permissions and scope now). */
  private async viewerOf(em: EntityManager, adminAccountId: string): Promise<Viewer | null> {
    const account = await em.findOne(
      AdminAccount,
      { id: adminAccountId, active: true },
      { populate: ['role', 'municipalities'] },
    );
    if (!account) return null;
    const viewer: Viewer = {
      kind: Audience.STAFF,
      sessionId: 'job:import.apply',
      adminAccountId: account.id,
      permissions: new Set(account.role.getEntity().permissions.filter(isPermission)),
      municipalityIds: account.allMunicipalities ? null : account.municipalities.getItems().map((m) => m.id),
    };
    return hasPermission(viewer, Permission.IMPORT_RUN) ? viewer : null;
  }

  /**
   * The `import.apply` job: the rows without an outcome, in order, in chunks of `chunkRows` (APPLY_CHUNK), each chunk
   * in one transaction together with its outcomes and the run's counters (see `applyChunk`). Acts as the staff member
   * who started the run (their scope and permissions, and they are the actor of every audit row). Stops between
   * chunks when the worker shuts down; the job then runs again and carries on with the next chunk.
   */
  async runApply(
    ctx: RequestContext,
    importRunId: string,
    run?: Pick<JobRun, 'signal'>,
    options: { chunkRows?: number } = {},
  ): Promise<void> {
    const [r] = await ctx.em.execute<{ status: ImportStatus; created_by: string; municipality_id: string }[]>(
      `select status, created_by, municipality_id from import_run where id = ?`,
      [importRunId],
    );
    if (!r || r.status !== 'APPLYING') return;
    const staff = await this.viewerOf(ctx.em.fork(), r.created_by);
    const actor: RequestContext = staff ? { ...ctx, viewer: staff } : ctx;
    const chunkRows = options.chunkRows ?? APPLY_CHUNK;
    let after = 0;
    for (;;) {
      if (run?.signal.aborted) throw new Error(`import ${importRunId} interrupted by shutdown`);
      // One chunk, one transaction. The cursor is in the database: the rows without an outcome (read from after the
      // last line of the previous chunk, so the scan does not pass every row done before).
      const more = await transactional(withEm(actor, ctx.em.fork()), async (tx) => {
        const rows = await tx.em.execute<{ line: number; data: StoredRow }[]>(
          `select line, data from import_row where import_run_id = ? and line > ? and outcome is null
            order by line limit ? for update`,
          [importRunId, after, chunkRows],
        );
        if (!rows.length) return false;
        after = rows[rows.length - 1]!.line;
        if (!staff) {
          await this.recordOutcomes(
            tx.em,
            importRunId,
            rows.map((row) => ({
              line: row.line,
              outcome: 'FAILED' as const,
              message: 'Niet verwerkt: het account dat de import startte mag niet meer importeren.',
            })),
          );
          return true;
        }
        await this.applyChunk(tx, importRunId, r.municipality_id, rows);
        return true;
      });
      if (!more) break;
    }
    await transactional(actor, async (tx) => {
      const [done] = await tx.em.execute<Record<string, unknown>[]>(
        `update import_run set status = 'APPLIED', finished_at = ? where id = ? and status = 'APPLYING' returning *`,
        [ctx.clock.now(), importRunId],
      );
      if (!done) return;
      // The BSN's ciphertext and hash were needed only to write the persons: each row drops them with its outcome;
      // this catches any row that kept them.
      await tx.em.execute(
        `update import_row set data = data - 'bsnEncrypted' - 'bsnHash'
          where import_run_id = ? and (data -> 'bsnHash' is not null or data -> 'bsnEncrypted' is not null)`,
        [importRunId],
      );
      await this.audit.record(tx, {
        action: 'import.applied',
        subjectType: 'import_run',
        subjectId: importRunId,
        details: {
          municipalityId: r.municipality_id,
          created: num(done.created_rows),
          updated: num(done.updated_rows),
          failed: num(done.failed_rows),
          processed: num(done.processed_rows),
        },
      });
    });
  }

  /** The outcomes of many rows and the run's counters, in two statements (rows that already have one are left). */
  private async recordOutcomes(
    em: EntityManager,
    runId: string,
    outcomes: readonly { line: number; outcome: RowOutcome; message: string | null; granted?: boolean }[],
  ) {
    if (!outcomes.length) return;
    await em.execute(
      `with done as (
         update import_row r set outcome = o.outcome, outcome_message = o.message, granted = coalesce(o.granted, false),
                -- The note the screen shows: from now on the apply's (none once it granted).
                grant_note = case when o.outcome in ('CREATED', 'UPDATED', 'UNCHANGED')
                                  then case when o.granted then null else coalesce(o.message, r.grant_note) end
                                  else r.grant_note end,
                data = r.data - 'bsnEncrypted' - 'bsnHash'
           from jsonb_to_recordset(?::jsonb) as o(line int, outcome text, message text, granted boolean)
          where r.import_run_id = ? and r.line = o.line and r.outcome is null
         returning r.outcome, r.granted)
       update import_run set processed_rows = processed_rows + (select count(*) from done),
              created_rows = created_rows + (select count(*) from done where outcome = 'CREATED'),
              updated_rows = updated_rows + (select count(*) from done where outcome = 'UPDATED'),
              failed_rows = failed_rows + (select count(*) from done where outcome = 'FAILED'),
              granted_rows = granted_rows + (select count(*) from done where granted)
        where id = ?`,
      [JSON.stringify(outcomes), runId, runId],
    );
  }

  /**
   * One chunk of rows in the chunk's transaction, set-based: households, persons and their audit rows in a few
   * statements, the assignments through `AssignmentService.grantMany` (every granting rule, the ledger), and the
   * outcomes with the run's counters. A row that fails (a rule refuses its assignment, its BSN or client number
   * belongs to someone else) is taken out and the chunk written again without it, so nothing of it is written. When
   * the database refuses the chunk (a conflict with a change made meanwhile), the chunk is written row by row, each
   * in a savepoint, so only the conflicting row fails.
   */
  private async applyChunk(
    tx: RequestContext,
    runId: string,
    municipalityId: string,
    rows: readonly { line: number; data: StoredRow }[],
  ) {
    const failed = new Map<number, string>();
    for (;;) {
      const todo = rows.filter((row) => !failed.has(row.line));
      let outcome: { outcomes: Map<number, RowResult> } | { failures: Map<number, string> };
      try {
        outcome = await transactional(tx, async (attempt) => {
          const written = await this.writeRows(attempt, runId, municipalityId, todo);
          // Failures roll the attempt back (the savepoint), then the chunk is written again without them.
          if ('failures' in written) throw new ChunkRetry(written.failures);
          return written;
        });
      } catch (error) {
        if (error instanceof ChunkRetry) {
          tx.em.clear();
          for (const [line, message] of error.failures) failed.set(line, message);
          continue;
        }
        const integrity =
          typeof (error as { code?: unknown }).code === 'string' &&
          String((error as { code: string }).code).startsWith('23');
        if (!integrity) throw error;
        tx.em.clear();
        for (const row of rows) {
          const message = failed.get(row.line);
          if (message !== undefined) await this.recordOutcome(tx.em, runId, row.line, 'FAILED', message);
          else await this.applyRow(tx, runId, municipalityId, row.line, row.data);
        }
        return;
      }
      await this.recordOutcomes(tx.em, runId, [
        ...[...failed].map(([line, message]) => ({ line, outcome: 'FAILED' as const, message })),
        ...[...outcome.outcomes].map(([line, o]) => ({
          line,
          outcome: o.outcome,
          message: o.note,
          granted: o.granted,
        })),
      ]);
      return;
    }
  }

  /**
   * Writes rows that passed the dry run, set-based. Returns each row's outcome, or (writing nothing that counts: the
   * caller rolls back) the rows that cannot be applied with the Dutch reason.
   */
  private async writeRows(
    tx: RequestContext,
    runId: string,
    municipalityId: string,
    rows: readonly { line: number; data: StoredRow }[],
  ): Promise<{ outcomes: Map<number, RowResult> } | { failures: Map<number, string> }> {
    const em = tx.em;
    const now = tx.clock.now();
    const outcomes = new Map<number, RowOutcome>();
    if (!rows.length) return { outcomes: new Map() };
    const failures = new Map<number, string>();

    // Households: the new ones created (the first row's name wins), then all of them by number.
    const groupNames = new Map<string, string>();
    for (const { data } of rows)
      if (!groupNames.has(data.groupNumber)) groupNames.set(data.groupNumber, data.groupName);
    await em.execute(
      `insert into client_group (municipality_id, client_number, name, created_at, updated_at)
       select ?, g.number, g.name, ?, ? from jsonb_to_recordset(?::jsonb) as g(number text, name text)
       order by g.number
       on conflict (municipality_id, client_number) do nothing`,
      [municipalityId, now, now, JSON.stringify([...groupNames].map(([number, name]) => ({ number, name })))],
    );
    const groups = new Map(
      (
        await em.execute<{ id: string; client_number: string }[]>(
          `select id, client_number from client_group
            where municipality_id = ? and client_number in (select jsonb_array_elements_text(?::jsonb))`,
          [municipalityId, JSON.stringify([...groupNames.keys()])],
        )
      ).map((g) => [g.client_number, g.id]),
    );

    // Persons: who exists (locked, in a fixed order), and who holds the BSNs of the chunk.
    const existing = new Map(
      (
        await em.execute<ExistingPerson[]>(
          `select id, external_identifier, client_group_id, municipality_id, first_name, last_name, date_of_birth::text,
                  email, phone, bsn_hash
             from person where external_identifier in (select jsonb_array_elements_text(?::jsonb))
            order by id for update`,
          [JSON.stringify(rows.map((r) => r.data.externalIdentifier))],
        )
      ).map((p) => [p.external_identifier, p]),
    );
    const hashes = rows.map((r) => r.data.bsnHash).filter((h): h is string => !!h);
    const bsnOwners = new Map(
      (hashes.length
        ? await em.execute<{ external_identifier: string; bsn_hash: string }[]>(
            `select external_identifier, bsn_hash from person where bsn_hash in (select jsonb_array_elements_text(?::jsonb))`,
            [JSON.stringify(hashes)],
          )
        : []
      ).map((p) => [p.bsn_hash, p.external_identifier]),
    );

    const created: { line: number; id: string; groupId: string; d: StoredRow }[] = [];
    const updated: { line: number; id: string; groupId: string; d: StoredRow; bsn: boolean; fields: string[] }[] = [];
    const personOf = new Map<number, { id: string; groupId: string }>();
    for (const { line, data: d } of rows) {
      const groupId = groups.get(d.groupNumber)!;
      const owner = d.bsnHash ? bsnOwners.get(d.bsnHash) : undefined;
      if (owner !== undefined && owner !== d.externalIdentifier) {
        failures.set(line, 'Dit BSN staat al bij een andere persoon.');
        continue;
      }
      const p = existing.get(d.externalIdentifier);
      if (!p) {
        const id = randomUUID();
        created.push({ line, id, groupId, d });
        personOf.set(line, { id, groupId });
        outcomes.set(line, 'CREATED');
        continue;
      }
      if (p.municipality_id !== municipalityId) {
        failures.set(line, 'Dit klantnummer hoort bij een persoon van een andere gemeente.');
        continue;
      }
      if (p.client_group_id !== groupId) {
        failures.set(
          line,
          'Deze persoon hoort bij een ander huishouden. Verhuizen naar een ander huishouden kan niet met een import.',
        );
        continue;
      }
      personOf.set(line, { id: p.id, groupId });
      const fields = changedFields(p, d);
      if (fields.length) {
        updated.push({ line, id: p.id, groupId, d, bsn: fields.includes('bsn'), fields });
        outcomes.set(line, 'UPDATED');
      } else outcomes.set(line, 'UNCHANGED');
    }
    if (failures.size) return { failures };

    if (created.length)
      await em.execute(
        `insert into person (id, client_group_id, municipality_id, external_identifier, first_name, last_name,
                             date_of_birth, email, phone, bsn_encrypted, bsn_hash, created_at, updated_at)
         select p.id, p.client_group_id, ?, p.external_identifier, p.first_name, p.last_name, p.date_of_birth, p.email,
                p.phone, p.bsn_encrypted, p.bsn_hash, ?, ?
           from jsonb_to_recordset(?::jsonb) as p(id uuid, client_group_id uuid, external_identifier text,
                first_name text, last_name text, date_of_birth date, email text, phone text, bsn_encrypted text,
                bsn_hash text)`,
        [
          municipalityId,
          now,
          now,
          JSON.stringify(
            created.map(({ id, groupId, d }) => ({
              id,
              client_group_id: groupId,
              external_identifier: d.externalIdentifier,
              first_name: d.firstName,
              last_name: d.lastName,
              date_of_birth: d.dateOfBirth,
              email: d.email,
              phone: d.phone,
              bsn_encrypted: d.bsnEncrypted,
              bsn_hash: d.bsnHash,
            })),
          ),
        ],
      );
    if (updated.length)
      await em.execute(
        `update person p set first_name = u.first_name, last_name = u.last_name, date_of_birth = u.date_of_birth,
                email = u.email, phone = u.phone,
                bsn_encrypted = case when u.bsn then u.bsn_encrypted else p.bsn_encrypted end,
                bsn_hash = case when u.bsn then u.bsn_hash else p.bsn_hash end, updated_at = ?
           from jsonb_to_recordset(?::jsonb) as u(id uuid, first_name text, last_name text, date_of_birth date,
                email text, phone text, bsn boolean, bsn_encrypted text, bsn_hash text)
          where p.id = u.id`,
        [
          now,
          JSON.stringify(
            updated.map(({ id, d, bsn }) => ({
              id,
              first_name: d.firstName,
              last_name: d.lastName,
              date_of_birth: d.dateOfBirth,
              email: d.email,
              phone: d.phone,
              bsn,
              bsn_encrypted: d.bsnEncrypted,
              bsn_hash: d.bsnHash,
            })),
          ),
        ],
      );
    await this.audit.recordMany(tx, [
      ...created.map(({ line, id, groupId }) => ({
        action: 'person.imported',
        subjectType: 'person',
        subjectId: id,
        details: { importRunId: runId, line, clientGroupId: groupId, created: true },
      })),
      ...updated.map(({ line, id, groupId, fields }) => ({
        action: 'person.imported',
        subjectType: 'person',
        subjectId: id,
        details: { importRunId: runId, line, clientGroupId: groupId, fields },
      })),
    ]);

    // Assignments: through the assignment service's member grants, the rule the screen grants by — a household
    // arrangement once per household however many of its members the chunk (or an earlier chunk, or an earlier run)
    // names, an arrangement for children once per child who fits it — with every granting rule and the ledger.
    const wanted = rows.filter(({ line, data: d }) => personOf.has(line) && d.arrangementId);
    const answers = await this.assignments.grantForMembers(
      tx,
      wanted.map(({ line, data: d }) => ({
        clientGroupId: personOf.get(line)!.groupId,
        arrangementId: d.arrangementId!,
        memberId: personOf.get(line)!.id,
        amountCents: d.amountCents,
        validFrom: d.validFrom,
        validUntil: d.validUntil,
        label: `regel ${line}`,
      })),
    );
    const results = new Map<number, RowResult>(
      [...outcomes].map(([line, outcome]) => [line, { outcome, granted: false, note: null }]),
    );
    answers.forEach((answer, i) => {
      const { line } = wanted[i]!;
      const result = results.get(line)!;
      if (answer.kind === 'REFUSED') failures.set(line, answer.errors.map((e) => e.message).join(' '));
      else if (answer.kind === 'NONE') result.note = answer.message;
      else {
        result.granted = true;
        if (result.outcome === 'UNCHANGED') result.outcome = 'UPDATED';
      }
    });
    return failures.size ? { failures } : { outcomes: results };
  }

  private async recordOutcome(
    em: EntityManager,
    runId: string,
    line: number,
    outcome: RowOutcome,
    message: string | null,
    granted = false,
  ) {
    await this.recordOutcomes(em, runId, [{ line, outcome, message, granted }]);
  }

  /** One row in a savepoint of the chunk's transaction with its outcome: all of it, or (on failure) only the outcome. */
  private async applyRow(tx: RequestContext, runId: string, municipalityId: string, line: number, d: StoredRow) {
    try {
      await transactional(tx, async (row) => {
        const result = await this.writeRow(row, runId, municipalityId, line, d);
        await this.recordOutcome(row.em, runId, line, result.outcome, result.note, result.granted);
      });
    } catch (error) {
      const integrity =
        typeof (error as { code?: unknown }).code === 'string' &&
        String((error as { code: string }).code).startsWith('23');
      if (!(error instanceof RowFailure) && !integrity) throw error;
      // The savepoint is rolled back; what the row's entities left in the identity map goes too.
      tx.em.clear();
      const message =
        error instanceof RowFailure
          ? error.message
          : 'Deze regel botst met gegevens die intussen zijn gewijzigd (bijvoorbeeld een BSN of klantnummer dat al bestaat).';
      await this.recordOutcome(tx.em, runId, line, 'FAILED', message);
    }
  }

  private async writeRow(
    tx: RequestContext,
    runId: string,
    municipalityId: string,
    line: number,
    d: StoredRow,
  ): Promise<RowResult> {
    const em = tx.em;
    await em.execute(
      `insert into client_group (municipality_id, client_number, name, created_at, updated_at) values (?, ?, ?, ?, ?)
       on conflict (municipality_id, client_number) do nothing`,
      [municipalityId, d.groupNumber, d.groupName, tx.clock.now(), tx.clock.now()],
    );
    const [group] = await em.execute<{ id: string }[]>(
      `select id from client_group where municipality_id = ? and client_number = ?`,
      [municipalityId, d.groupNumber],
    );
    const [p] = await em.execute<
      {
        id: string;
        client_group_id: string;
        municipality_id: string;
        first_name: string;
        last_name: string;
        date_of_birth: string | null;
        email: string | null;
        phone: string | null;
        bsn_hash: string | null;
      }[]
    >(
      `select id, client_group_id, municipality_id, first_name, last_name, date_of_birth::text, email, phone, bsn_hash
         from person where external_identifier = ? for update`,
      [d.externalIdentifier],
    );
    if (d.bsnHash) {
      const [owner] = await em.execute<{ id: string }[]>(
        `select id from person where bsn_hash = ? and external_identifier <> ?`,
        [d.bsnHash, d.externalIdentifier],
      );
      if (owner) throw new RowFailure('Dit BSN staat al bij een andere persoon.');
    }
    let outcome: RowOutcome = 'UNCHANGED';
    let personId: string;
    const now = tx.clock.now();
    if (!p) {
      const [created] = await em.execute<{ id: string }[]>(
        `insert into person (client_group_id, municipality_id, external_identifier, first_name, last_name, date_of_birth,
                             email, phone, bsn_encrypted, bsn_hash, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?::date, ?, ?, ?, ?, ?, ?) returning id`,
        [
          group!.id,
          municipalityId,
          d.externalIdentifier,
          d.firstName,
          d.lastName,
          d.dateOfBirth,
          d.email,
          d.phone,
          d.bsnEncrypted,
          d.bsnHash,
          now,
          now,
        ],
      );
      personId = created!.id;
      outcome = 'CREATED';
      await this.audit.record(tx, {
        action: 'person.imported',
        subjectType: 'person',
        subjectId: personId,
        details: { importRunId: runId, line, clientGroupId: group!.id, created: true },
      });
    } else {
      if (p.municipality_id !== municipalityId)
        throw new RowFailure('Dit klantnummer hoort bij een persoon van een andere gemeente.');
      if (p.client_group_id !== group!.id)
        throw new RowFailure(
          'Deze persoon hoort bij een ander huishouden. Verhuizen naar een ander huishouden kan niet met een import.',
        );
      personId = p.id;
      const changed = changedFields(p, d);
      const bsnChanged = changed.includes('bsn');
      if (changed.length) {
        await em.execute(
          `update person set first_name = ?, last_name = ?, date_of_birth = ?::date, email = ?, phone = ?,
                  bsn_encrypted = case when ? then ? else bsn_encrypted end,
                  bsn_hash = case when ? then ? else bsn_hash end, updated_at = ?
            where id = ?`,
          [
            d.firstName,
            d.lastName,
            d.dateOfBirth,
            d.email,
            d.phone,
            bsnChanged,
            d.bsnEncrypted,
            bsnChanged,
            d.bsnHash,
            now,
            p.id,
          ],
        );
        outcome = 'UPDATED';
        await this.audit.record(tx, {
          action: 'person.imported',
          subjectType: 'person',
          subjectId: p.id,
          details: { importRunId: runId, line, clientGroupId: group!.id, fields: changed },
        });
      }
    }
    // The assignment by the same rule as a whole chunk (AssignmentService.grantForMembers).
    const result: RowResult = { outcome, granted: false, note: null };
    if (d.arrangementId) {
      const [answer] = await this.assignments.grantForMembers(tx, [
        {
          clientGroupId: group!.id,
          arrangementId: d.arrangementId,
          memberId: personId,
          amountCents: d.amountCents,
          validFrom: d.validFrom,
          validUntil: d.validUntil,
          label: `regel ${line}`,
        },
      ]);
      if (answer!.kind === 'REFUSED') throw new RowFailure(answer!.errors.map((e) => e.message).join(' '));
      if (answer!.kind === 'NONE') result.note = answer!.message;
      else {
        result.granted = true;
        if (result.outcome === 'UNCHANGED') result.outcome = 'UPDATED';
      }
    }
    return result;
  }

  /**
   * The outcome per row as CSV (regel, klantnummer, indeling, resultaat, toewijzing, melding), streamed to `out`
   * in batches through one pipeline (an error or a reader who goes away ends it, never the process): never a BSN.
   * `melding` gives every row's reason — why a row is invalid (also once skipped), why it failed, why it grants
   * nothing. False when the run is not visible to the viewer. The download is audit-logged.
   */
  async outcomeCsv(ctx: RequestContext, id: string, out: NodeJS.WritableStream): Promise<boolean> {
    const found = await this.get(ctx, id);
    if (!found) return false;
    await this.audit.record(ctx, { action: 'import.outcome_downloaded', subjectType: 'import_run', subjectId: id });
    const CLASS: Record<RowClass, string> = {
      NEW: 'nieuw',
      CHANGED: 'gewijzigd',
      UNCHANGED: 'ongewijzigd',
      INVALID: 'ongeldig',
    };
    const OUTCOME: Record<RowOutcome, string> = {
      CREATED: 'aangemaakt',
      UPDATED: 'bijgewerkt',
      UNCHANGED: 'ongewijzigd',
      SKIPPED: 'overgeslagen',
      FAILED: 'mislukt',
    };
    const em = ctx.em;
    async function* records() {
      let after = 0;
      for (;;) {
        const rows = await em.execute<
          {
            line: number;
            external_identifier: string | null;
            classification: RowClass;
            problems: CellProblem[];
            outcome: RowOutcome | null;
            outcome_message: string | null;
            grant_planned: boolean | null;
            grant_note: string | null;
            granted: boolean | null;
          }[]
        >(
          `select line, external_identifier, classification, problems, outcome, outcome_message, grant_planned,
                  grant_note, granted
             from import_row where import_run_id = ? and line > ? order by line limit 5000`,
          [id, after],
        );
        if (!rows.length) return;
        for (const r of rows) {
          const problems = r.problems.map((p) => (p.column ? `${p.column}: ${p.message}` : p.message)).join(' ');
          const grant =
            r.outcome === null
              ? r.grant_planned === null
                ? ''
                : r.grant_planned
                  ? 'wordt toegekend'
                  : 'geen'
              : r.granted
                ? 'toegekend'
                : r.grant_planned === null || r.outcome === 'SKIPPED' || r.outcome === 'FAILED'
                  ? ''
                  : 'geen';
          const message =
            r.outcome === null
              ? problems || r.grant_note || ''
              : [r.outcome_message, r.outcome === 'SKIPPED' ? problems : ''].filter(Boolean).join(' ');
          yield [
            r.line,
            r.external_identifier ?? '',
            CLASS[r.classification],
            r.outcome ? OUTCOME[r.outcome] : 'nog niet verwerkt',
            grant,
            message,
          ];
        }
        after = rows[rows.length - 1]!.line;
      }
    }
    // The one CSV writer (platform/csv.ts): a client number or message that starts like a formula is written as text. The
    // pipeline passes back-pressure on and ends (or destroys) `out` with the first error of any stage.
    await pipeline(
      Readable.from(records()),
      csvStream(
        ['regel', 'klantnummer', 'indeling', 'resultaat', 'toewijzing', 'melding'].map((header) => ({ header })),
        { delimiter: ',', bom: true },
      ),
      out,
    );
    return true;
  }

  /**
   * The rows that grant nothing although they name an arrangement, by line, with the Dutch reason: from the dry run,
   * or once applied from the apply (which may differ: a grant made meanwhile).
   */
  async notes(ctx: RequestContext, id: string, first = 200): Promise<ImportProblemRecord[]> {
    if (!(await this.get(ctx, id))) return [];
    // By the partial index import_row_note_idx: the screen asks while it polls an import's progress.
    const rows = await ctx.em.execute<{ line: number; external_identifier: string | null; message: string }[]>(
      `select line, external_identifier, grant_note as message from import_row
        where import_run_id = ? and grant_note is not null
          and outcome is distinct from 'FAILED' and outcome is distinct from 'SKIPPED'
        order by line limit ?`,
      [id, Math.min(first, 1000)],
    );
    return rows.map((r) => ({
      line: r.line,
      column: null,
      externalIdentifier: r.external_identifier,
      message: r.message,
    }));
  }
}
