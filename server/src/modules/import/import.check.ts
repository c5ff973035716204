import { randomUUID } from 'node:crypto';
import type { Viewer } from '../../kernel/viewer.js';
import type { Audience } from '../../kernel/permissions.js';
import { today } from '../../kernel/clock.js';
import type { RequestContext } from '../../kernel/request-context.js';
import type { TextEncoding } from '../../platform/csv-input.js';
import { encryptBsn, hashBsn, type BsnKeys } from '../../crypto/bsn.js';
import type { AuditService } from '../audit/index.js';
import {
  Arrangement,
  PlannedGrants,
  type AssignmentService,
  type GrantMember,
  type MemberGrantAnswer,
} from '../arrangements/index.js';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  checkRecord,
  headerProblem,
  type CellProblem,
  type ImportColumn,
  type ImportRowData,
} from '../../rules/import.js';
import { IMPORT_FILE_MESSAGES, ImportFileError, type ImportRecord } from './import.parse.js';
import type { RowClass, StoredRow } from './import.records.js';
import {
  bsnOwners,
  finishCheck,
  groupsByNumber,
  insertCheckedRows,
  insertRun,
  peopleByIdentifiers,
  type CheckedRow,
} from './import.queries.js';

/**
 * Ids for the households and persons a dry run plans grants for before they exist: uuids (the overlap query reads
 * them as such) of one random prefix per run and a counter. Not `randomUUID()` per household: a file's worth of those
 * strings cost about 0.5 kB each in the heap (65 MB for 125,000 households, against 16 MB for these).
 */
function planIds(): () => string {
  const prefix = randomUUID().slice(0, 24);
  let n = 0;
  return () => prefix + (n++).toString(16).padStart(12, '0');
}

/**
 * How the dry run remembers a BSN's keyed hash for the rest of the file: its first 128 bits in base64 (22 characters,
 * about 40 bytes in the heap against 80 for the 64 hex digits: 10 MB less at 250,000 rows). Two BSNs of one file
 * share it only by chance of 1 in 2^128 per pair.
 */
function seenKey(hash: string): string {
  return Buffer.from(hash.slice(0, 32), 'hex').toString('base64');
}

/** Data rows checked and written per batch in the dry run. */
const CHECK_BATCH = 2500;

/** The columns of the import a granting rule's field is about (for the row's problem). */
const GRANT_FIELD_COLUMN: Record<string, ImportColumn | null> = {
  amountCents: 'bedrag',
  validFrom: 'geldig_vanaf',
  validUntil: 'geldig_tot',
  arrangementId: 'regeling',
  ageExceptionReason: 'regeling',
};

/** What the dry run carries from batch to batch of one file. */
interface CheckState {
  seenIds: Map<string, number>;
  /** The BSNs of the file so far (`seenKey`), with the line that has each. */
  seenBsn: Map<string, number>;
  /** The grants planned for earlier rows (the overlap rule counts them as held). */
  planned: PlannedGrants;
  /**
   * Ids of the dry run's own for households that do not exist yet, by number (one per household however many rows
   * name it). A new person needs none kept: a client number is planned once at most (a second row with it is invalid).
   */
  newGroups: Map<string, string>;
  /** Makes those ids (see `planIds`). */
  planId: () => string;
  /** The households that receive a grant. */
  households: Set<string>;
  grantRows: number;
  noGrantRows: number;
}

/**
 * The dry run's check (the second step, after reading the file): every record checked with the shared rules, then in
 * batches against the database and the file so far, classified (new, changed, unchanged, invalid) with the grant it
 * would make, and stored with the run's counts. The BSN is kept only as hash and ciphertext.
 */
export class ImportCheck {
  constructor(
    private readonly bsnKeys: BsnKeys,
    private readonly audit: AuditService,
    private readonly assignments: AssignmentService,
  ) {}

  /** Stores the run and its checked rows (in the caller's transaction); returns the run's id. */
  async run(
    ctx: RequestContext,
    records: AsyncIterable<ImportRecord>,
    municipalityId: string,
    fileName: string,
    delimiter: ',' | ';',
    encoding: () => TextEncoding,
  ): Promise<string> {
    const em = ctx.em;
    const viewer = ctx.viewer as Extract<Viewer, { kind: Audience.STAFF }>;
    const runId = await insertRun(em, {
      municipalityId,
      createdBy: viewer.adminAccountId,
      fileName,
      delimiter,
      createdAt: ctx.clock.now(),
    });
    const arrangements = new Map(
      (await em.find(Arrangement, { municipality: municipalityId })).map((a) => [a.name.toLowerCase(), a]),
    );
    const day = today(ctx.clock);
    const state: CheckState = {
      seenIds: new Map(),
      seenBsn: new Map(),
      planned: new PlannedGrants(),
      newGroups: new Map(),
      planId: planIds(),
      households: new Set(),
      grantRows: 0,
      noGrantRows: 0,
    };
    const counts = { NEW: 0, CHANGED: 0, UNCHANGED: 0, INVALID: 0 };
    let header: string[] | null = null;
    let batch: { line: number; data: ImportRowData; problems: CellProblem[] }[] = [];
    let total = 0;

    // A batch's rows are written while the next batch is read and checked (one write in flight at a time, on the
    // transaction's connection, which runs the next batch's queries after it): the server's work and PostgreSQL's
    // overlap instead of taking turns.
    let writing: Promise<void> = Promise.resolve();
    const flush = async () => {
      if (!batch.length) return;
      const rows = await this.classify(ctx, municipalityId, batch, arrangements, state);
      for (const r of rows) counts[r.classification]++;
      await writing;
      writing = insertCheckedRows(em, runId, rows);
      // Read (and its error thrown) by the next flush or after the last batch; never left unhandled meanwhile.
      writing.catch(() => {});
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
      if (total > IMPORT_MAX_ROWS) throw new ImportFileError('TOO_MANY_ROWS', IMPORT_FILE_MESSAGES.tooManyRows);
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
    if (!header) throw new ImportFileError('EMPTY', IMPORT_FILE_MESSAGES.empty);
    await flush();
    await writing;
    if (!total) throw new ImportFileError('NO_ROWS', IMPORT_FILE_MESSAGES.noRows);

    await finishCheck(em, runId, {
      total,
      ...counts,
      encoding: encoding(),
      grantRows: state.grantRows,
      grantHouseholds: state.households.size,
      noGrantRows: state.noGrantRows,
    });
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
    return runId;
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
  ): Promise<CheckedRow[]> {
    const em = ctx.em;
    const { seenIds, seenBsn } = state;
    const hashes = batch.map((b) => (b.data.bsn ? hashBsn(b.data.bsn, this.bsnKeys) : null));
    const ids = [...new Set(batch.map((b) => b.data.externalIdentifier).filter(Boolean))];
    const people = new Map((await peopleByIdentifiers(em, ids)).map((p) => [p.external_identifier, p]));
    const owners = new Map(
      (
        await bsnOwners(
          em,
          hashes.filter((h): h is string => !!h),
        )
      ).map((p) => [p.bsn_hash, p.external_identifier]),
    );
    // The households the rows name that exist already (a new member of an existing household shares its grants).
    const groupNumbers = [...new Set(batch.map((b) => b.data.groupNumber).filter(Boolean))];
    const groups = new Map(
      (await groupsByNumber(em, municipalityId, groupNumbers)).map((g) => [g.client_number, g.id]),
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
        const owner = owners.get(hash);
        const seen = seenKey(hash);
        const earlier = seenBsn.get(seen);
        if (owner && owner !== d.externalIdentifier)
          problems.push({ column: 'bsn', message: 'Dit BSN staat al bij een andere persoon.' });
        else if (earlier !== undefined)
          problems.push({ column: 'bsn', message: `Dit BSN staat ook op regel ${earlier}.` });
        else seenBsn.set(seen, b.line);
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
        if (!groupId) state.newGroups.set(d.groupNumber, (groupId = state.planId()));
        const memberId = existing?.id ?? state.planId();
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
}
