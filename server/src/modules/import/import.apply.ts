import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Audience, Permission, isPermission } from '../../kernel/permissions.js';
import { hasPermission, type Viewer } from '../../kernel/viewer.js';
import { transactional, withEm, type RequestContext } from '../../kernel/request-context.js';
import type { JobRun } from '../../jobs/job-types.js';
import type { AuditService } from '../audit/index.js';
import type { AssignmentService } from '../arrangements/index.js';
import { AdminAccount } from '../staff/index.js';
import type { ExistingPerson, RowOutcome, StoredRow } from './import.records.js';
import {
  bsnHeldByOther,
  bsnOwners,
  commitWithoutWaiting,
  finishApply,
  groupsByNumber,
  insertGroups,
  insertPeople,
  lockPeople,
  lockRowsToApply,
  recordOutcomes,
  runToApply,
  updatePeople,
  type PersonWrite,
} from './import.queries.js';

/**
 * Rows the apply job writes per transaction (set-based; row by row in savepoints only after a conflict). A chunk's
 * statements cost little more at 2,500 rows than at 1,000; fewer chunks mean fewer round trips and commits.
 */
export const APPLY_CHUNK = 2500;

/**
 * How a chunk waits for the one before it when two are in flight (`ImportApply.run`): its households and persons
 * after that chunk's (`before`), saying when its own are written (`written`), its grants only after that chunk has
 * committed (`previous`, which rejects when that chunk failed: this one then fails too, so the rows done are always
 * the first ones of the file and the grants are made in the file's order, as with one chunk at a time).
 */
interface ChunkGate {
  before: Promise<void>;
  written: () => void;
  previous: Promise<void>;
}

const OPEN_GATE: ChunkGate = { before: Promise.resolve(), written: () => {}, previous: Promise.resolve() };

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  // A chunk that fails before claiming its rows rejects this; the run loop reads it (never unhandled).
  promise.catch(() => {});
  return { promise, resolve, reject };
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

/** A row's person as written. */
function personWrite(id: string, groupId: string, d: StoredRow): PersonWrite {
  return {
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
  };
}

/**
 * The `import.apply` job (the third step): the rows of a checked run written in chunks of APPLY_CHUNK, each chunk one
 * transaction together with its rows' outcomes and the run's counters (households, persons and audit rows in a few
 * set-based statements; the assignments through `AssignmentService.grantForMembers` and the ledger, so every granting
 * rule applies). The rows without an outcome are the cursor, so an interrupted run carries on where it stopped and a
 * row is never half applied.
 */
export class ImportApply {
  constructor(
    private readonly audit: AuditService,
    private readonly assignments: AssignmentService,
  ) {}

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
  async run(
    ctx: RequestContext,
    importRunId: string,
    run?: Pick<JobRun, 'signal'>,
    options: { chunkRows?: number } = {},
  ): Promise<void> {
    const r = await runToApply(ctx.em, importRunId);
    if (!r || r.status !== 'APPLYING') return;
    const staff = await this.viewerOf(ctx.em.fork(), r.created_by);
    const actor: RequestContext = staff ? { ...ctx, viewer: staff } : ctx;
    const chunkRows = options.chunkRows ?? APPLY_CHUNK;
    let after = 0;
    // Two chunks in flight, each its own transaction (see `ChunkGate`): the next one claims its rows and writes its
    // households and persons while the one before books its grants and commits.
    let previous: { written: Promise<void>; result: Promise<void>; settled: Promise<void> } | null = null;
    for (;;) {
      if (run?.signal.aborted) {
        await previous?.settled;
        await previous?.result;
        throw new Error(`import ${importRunId} interrupted by shutdown`);
      }
      const claimed = deferred<boolean>();
      const written = deferred<void>();
      const before = previous;
      // One chunk, one transaction. The cursor is in the database: the rows without an outcome (read from after the
      // last line of the previous chunk, so the scan does not pass every row done before).
      const result = transactional(withEm(actor, ctx.em.fork()), async (tx) => {
        const rows = await lockRowsToApply(tx.em, importRunId, after, chunkRows);
        if (!rows.length) {
          claimed.resolve(false);
          return;
        }
        // A chunk is resumable (its outcomes commit with it): its commit need not wait for the disk. After a crash
        // the database is consistent; at worst the last chunks are written again, by the same rules.
        await commitWithoutWaiting(tx.em);
        after = rows[rows.length - 1]!.line;
        claimed.resolve(true);
        const gate: ChunkGate = {
          before: before?.written ?? Promise.resolve(),
          written: () => written.resolve(),
          previous: before?.result ?? Promise.resolve(),
        };
        if (!staff) {
          await gate.previous;
          await recordOutcomes(
            tx.em,
            importRunId,
            rows.map((row) => ({
              line: row.line,
              outcome: 'FAILED' as const,
              message: 'Niet verwerkt: het account dat de import startte mag niet meer importeren.',
            })),
          );
          return;
        }
        await this.applyChunk(tx, importRunId, r.municipality_id, rows, gate);
      });
      const settled = result.then(
        () => undefined,
        () => undefined,
      );
      void settled.then(() => written.resolve());
      result.catch((error: unknown) => claimed.reject(error));
      let more: boolean;
      try {
        more = await claimed.promise;
        // At most two chunks in flight: the one before must be done before a next one starts.
        await before?.result;
      } catch (error) {
        await settled;
        throw error;
      }
      previous = { written: written.promise, result, settled };
      if (!more) {
        await result;
        break;
      }
    }
    await transactional(actor, async (tx) => {
      // The BSN's ciphertext and hash were needed only to write the persons: each row drops them with its outcome;
      // finishing catches any row that kept them.
      const done = await finishApply(tx.em, importRunId, ctx.clock.now());
      if (!done) return;
      await this.audit.record(tx, {
        action: 'import.applied',
        subjectType: 'import_run',
        subjectId: importRunId,
        details: {
          municipalityId: r.municipality_id,
          created: done.created,
          updated: done.updated,
          failed: done.failed,
          processed: done.processed,
        },
      });
    });
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
    gate: ChunkGate = OPEN_GATE,
  ) {
    const failed = new Map<number, string>();
    for (;;) {
      const remaining = rows.filter((row) => !failed.has(row.line));
      let outcome: { outcomes: Map<number, RowResult> } | { failures: Map<number, string> };
      try {
        outcome = await transactional(tx, async (attempt) => {
          const written = await this.writeRows(attempt, runId, municipalityId, remaining, gate);
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
        gate.written();
        await gate.previous;
        for (const row of rows) {
          const message = failed.get(row.line);
          if (message !== undefined) await this.recordOutcome(tx.em, runId, row.line, 'FAILED', message);
          else await this.applyRow(tx, runId, municipalityId, row.line, row.data);
        }
        return;
      }
      // (A chunk whose every row failed wrote no grants; its outcomes, too, wait for the chunk before.)
      gate.written();
      await gate.previous;
      await recordOutcomes(tx.em, runId, [
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
    gate: ChunkGate,
  ): Promise<{ outcomes: Map<number, RowResult> } | { failures: Map<number, string> }> {
    const em = tx.em;
    const now = tx.clock.now();
    const outcomes = new Map<number, RowOutcome>();
    if (!rows.length) return { outcomes: new Map() };
    const failures = new Map<number, string>();
    // The chunk before has written its households and persons first: a household both name is its (they meet on
    // the household's number, this one waiting for that one's commit; never the other way round).
    await gate.before;

    // Households: the new ones created (the first row's name wins), then all of them by number.
    const groupNames = new Map<string, string>();
    for (const { data } of rows)
      if (!groupNames.has(data.groupNumber)) groupNames.set(data.groupNumber, data.groupName);
    await insertGroups(
      em,
      municipalityId,
      now,
      [...groupNames].map(([number, name]) => ({ number, name })),
    );
    const groups = new Map(
      (await groupsByNumber(em, municipalityId, [...groupNames.keys()])).map((g) => [g.client_number, g.id]),
    );

    // Persons: who exists (locked, in a fixed order), and who holds the BSNs of the chunk.
    const existing = new Map(
      (
        await lockPeople(
          em,
          rows.map((r) => r.data.externalIdentifier),
        )
      ).map((p) => [p.external_identifier, p]),
    );
    const hashes = rows.map((r) => r.data.bsnHash).filter((h): h is string => !!h);
    const owners = new Map((await bsnOwners(em, hashes)).map((p) => [p.bsn_hash, p.external_identifier]));

    const created: { line: number; id: string; groupId: string; d: StoredRow }[] = [];
    const updated: { line: number; id: string; groupId: string; d: StoredRow; bsn: boolean; fields: string[] }[] = [];
    const personOf = new Map<number, { id: string; groupId: string }>();
    for (const { line, data: d } of rows) {
      const groupId = groups.get(d.groupNumber)!;
      const owner = d.bsnHash ? owners.get(d.bsnHash) : undefined;
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
    if (failures.size) {
      gate.written();
      return { failures };
    }

    await insertPeople(
      em,
      municipalityId,
      now,
      created.map(({ id, groupId, d }) => personWrite(id, groupId, d)),
    );
    await updatePeople(
      em,
      now,
      updated.map(({ id, groupId, d, bsn }) => ({ ...personWrite(id, groupId, d), bsn })),
    );
    await this.audit.recordMany(tx, [
      ...created.map(({ line, id, groupId }) => ({
        action: 'person.imported' as const,
        subjectType: 'person',
        subjectId: id,
        details: { importRunId: runId, line, clientGroupId: groupId, created: true },
      })),
      ...updated.map(({ line, id, groupId, fields }) => ({
        action: 'person.imported' as const,
        subjectType: 'person',
        subjectId: id,
        details: { importRunId: runId, line, clientGroupId: groupId, fields },
      })),
    ]);

    // The grants in the order of the file: after the chunk before has committed (its grants are then held), and not
    // at all when it failed (this chunk rolls back too; the run carries on from the first of its rows next time).
    gate.written();
    await gate.previous;

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
    await recordOutcomes(em, runId, [{ line, outcome, message, granted }]);
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
    const now = tx.clock.now();
    await insertGroups(em, municipalityId, now, [{ number: d.groupNumber, name: d.groupName }]);
    const [group] = await groupsByNumber(em, municipalityId, [d.groupNumber]);
    const [p] = await lockPeople(em, [d.externalIdentifier]);
    if (d.bsnHash && (await bsnHeldByOther(em, d.bsnHash, d.externalIdentifier)))
      throw new RowFailure('Dit BSN staat al bij een andere persoon.');
    let outcome: RowOutcome = 'UNCHANGED';
    let personId: string;
    if (!p) {
      personId = randomUUID();
      await insertPeople(em, municipalityId, now, [personWrite(personId, group!.id, d)]);
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
        await updatePeople(em, now, [{ ...personWrite(p.id, group!.id, d), bsn: bsnChanged }]);
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
}
