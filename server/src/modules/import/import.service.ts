import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Audience, Permission } from '../../kernel/permissions.js';
import { hasPermission } from '../../kernel/viewer.js';
import { inScope, scopeSql } from '../../kernel/scope.js';
import { isUuid } from '../../graphql/ids.js';
import { csvStream } from '../../platform/csv.js';
import { transactional, withEm, type RequestContext } from '../../kernel/request-context.js';
import { ok, problem, type Result } from '../../kernel/result.js';
import type { BsnKeys } from '../../crypto/bsn.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { JobRun } from '../../jobs/job-types.js';
import type { AuditService } from '../audit/index.js';
import type { AssignmentService } from '../arrangements/index.js';
import { ImportApply } from './import.apply.js';
import { ImportCheck } from './import.check.js';
import { readImportFile } from './import.parse.js';
import {
  invalidRows,
  longestArrangementName,
  lockRunForApply,
  municipalityExists,
  noteRows,
  selectRun,
  selectRuns,
  startApplying,
} from './import.queries.js';
import type { ImportProblemRecord, ImportRunRecord } from './import.records.js';
import { OUTCOME_HEADERS, outcomeLines } from './import.report.js';

export type { ImportProblemRecord, ImportRunRecord, ImportStatus, RowClass, RowOutcome } from './import.records.js';
export { APPLY_CHUNK } from './import.apply.js';
export { ImportFileError, detectDelimiter } from './import.parse.js';

/**
 * Importing households, persons and assignments from the municipality's systems (beheer/importeren, IMPORT_RUN).
 * The use cases; the work is in four parts along the import's steps:
 *
 * 1. parse (`import.parse.ts`): the upload read as a stream (csv-parse), its encoding and separator found; a file
 *    refused as a whole (columns, encoding, size, empty) leaves nothing behind.
 * 2. check (`import.check.ts`): every row checked with the shared rules and against the database, and stored with its
 *    class (new, changed, unchanged, invalid), problems and planned grant: the dry run (`check`).
 * 3. apply (`import.apply.ts`): `apply` queues the `import.apply` job (`runApply`), which writes the rows in chunks,
 *    each chunk one transaction with its outcomes; resumable, and idempotent on the client number.
 * 4. report (`import.report.ts`): the outcome per row as CSV (`outcomeCsv`); problems and notes for the screen.
 *
 * The SQL of all four is in `import.queries.ts`. Never logged, never in a URL or an audit row: a BSN. Audit rows carry
 * ids, lines and counts.
 */
export class ImportService {
  private readonly checker: ImportCheck;
  private readonly applier: ImportApply;

  constructor(
    bsnKeys: BsnKeys,
    private readonly audit: AuditService,
    assignments: AssignmentService,
    private readonly jobs: JobQueue,
  ) {
    this.checker = new ImportCheck(bsnKeys, audit, assignments);
    this.applier = new ImportApply(audit, assignments);
  }

  /** The runs of the viewer's municipalities, newest first. */
  async list(ctx: RequestContext, first = 20): Promise<ImportRunRecord[]> {
    return selectRuns(ctx.em, scopeSql(ctx.viewer, 'r.municipality_id'), Math.min(first, 100));
  }

  async get(ctx: RequestContext, id: string): Promise<ImportRunRecord | null> {
    if (!isUuid(id)) return null;
    const run = await selectRun(ctx.em, id);
    if (!run || !inScope(ctx.viewer, run.municipalityId)) return null;
    return run;
  }

  /** The invalid rows of a run, by line: line, column and the Dutch reason, one entry per problem. */
  async problems(ctx: RequestContext, id: string, first = 200): Promise<ImportProblemRecord[]> {
    if (!(await this.get(ctx, id))) return [];
    const rows = await invalidRows(ctx.em, id, Math.min(first, 1000));
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
    if (!(await municipalityExists(ctx.em, input.municipalityId)))
      return problem('municipalityId', 'NOT_FOUND', 'Kies een gemeente waarvoor u mag importeren.');
    const fileName = (input.fileName || 'import.csv').replace(/[^\p{L}\p{N} ._()-]/gu, '_').slice(0, 200);

    const checked = await readImportFile(input, (records, delimiter, encoding) =>
      ctx.em.transactional((em) =>
        this.checker.run(withEm(ctx, em), records, input.municipalityId, fileName, delimiter, encoding),
      ),
    );
    if (!checked.ok) return checked;
    return ok((await this.get(ctx, checked.value))!);
  }

  /** Starts (or, when interrupted, resumes) applying a checked run: a background job does the work. */
  async apply(ctx: RequestContext, id: string): Promise<Result<ImportRunRecord>> {
    const found = await this.get(ctx, id);
    if (!found) return problem('id', 'NOT_FOUND', 'Deze import is niet gevonden.');
    const outcome = await transactional(ctx, async (tx): Promise<Result<null>> => {
      const row = await lockRunForApply(tx.em, id);
      if (row!.status === 'APPLIED') return problem('id', 'ALREADY_APPLIED', 'Deze import is al verwerkt.');
      if (row!.status === 'DRY_RUN') {
        if (row!.total_rows === row!.invalid_rows)
          return problem(
            'id',
            'NOTHING_TO_APPLY',
            'Alle regels zijn ongeldig: er is niets te verwerken. Verbeter het bestand en lees het opnieuw in.',
          );
        await startApplying(tx.em, id, ctx.clock.now());
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

  /**
   * The `import.apply` job: the rows without an outcome, in order, in chunks of `chunkRows` (APPLY_CHUNK), each chunk
   * in one transaction together with its outcomes and the run's counters. Acts as the staff member who started the
   * run (their scope and permissions, and they are the actor of every audit row). Stops between chunks when the
   * worker shuts down; the job then runs again and carries on with the next chunk.
   */
  async runApply(
    ctx: RequestContext,
    importRunId: string,
    run?: Pick<JobRun, 'signal'>,
    options: { chunkRows?: number } = {},
  ): Promise<void> {
    await this.applier.run(ctx, importRunId, run, options);
  }

  /**
   * The outcome per row as CSV (regel, klantnummer, indeling, resultaat, toewijzing, melding), streamed to `out`
   * in batches through one pipeline (an error or a reader who goes away ends it, never the process): never a BSN.
   * False when the run is not visible to the viewer. The download is audit-logged.
   */
  async outcomeCsv(ctx: RequestContext, id: string, out: NodeJS.WritableStream): Promise<boolean> {
    const found = await this.get(ctx, id);
    if (!found) return false;
    await this.audit.record(ctx, { action: 'import.outcome_downloaded', subjectType: 'import_run', subjectId: id });
    // The one CSV writer (platform/csv.ts): a client number or message that starts like a formula is written as text.
    // The pipeline passes back-pressure on and ends (or destroys) `out` with the first error of any stage.
    await pipeline(
      Readable.from(outcomeLines(ctx.em, id)),
      csvStream(
        OUTCOME_HEADERS.map((header) => ({ header })),
        { delimiter: ',', bom: true },
      ),
      out,
    );
    return true;
  }

  /** An arrangement's name for the example file (a municipality's, when the id is one; the route checked scope). */
  async exampleArrangementName(ctx: RequestContext, municipalityId: string): Promise<string | undefined> {
    return isUuid(municipalityId) ? longestArrangementName(ctx.em, municipalityId) : undefined;
  }

  /**
   * The rows that grant nothing although they name an arrangement, by line, with the Dutch reason: from the dry run,
   * or once applied from the apply (which may differ: a grant made meanwhile).
   */
  async notes(ctx: RequestContext, id: string, first = 200): Promise<ImportProblemRecord[]> {
    if (!(await this.get(ctx, id))) return [];
    // The screen asks while it polls an import's progress.
    const rows = await noteRows(ctx.em, id, Math.min(first, 1000));
    return rows.map((r) => ({
      line: r.line,
      column: null,
      externalIdentifier: r.external_identifier,
      message: r.message,
    }));
  }
}
