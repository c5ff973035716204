import type { EntityManager } from '@mikro-orm/postgresql';
import { Audience, Permission } from '../../kernel/permissions.js';
import { isUuid } from '../../graphql/ids.js';
import { inScope } from '../../kernel/scope.js';
import { applicationNow, today } from '../../kernel/clock.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import { ok, problem, type Result } from '../../kernel/result.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { AuditService } from '../audit/index.js';
import type { LedgerService } from '../ledger/index.js';
import { Arrangement } from './arrangement.entity.js';
import type { ArrangementService } from './arrangement.service.js';
import type { ArrangementView } from './arrangement.types.js';
import type { AssignmentLifecycleListener, AssignmentService } from './assignment.service.js';
import { RegrantPreview, RegrantPreviewRow, RegrantRun } from './year-end.types.js';
import * as q from './year-end.queries.js';

const DAY_MS = 24 * 3600 * 1000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const dateOf = (iso: string) => new Date(`${iso}T00:00:00Z`);
const addDays = (iso: string, days: number) => isoDay(new Date(dateOf(iso).getTime() + days * DAY_MS));
/** The last day of the month `months` months after the month of `iso` (0: its own month). */
const monthEnd = (iso: string, months: number) => {
  const d = dateOf(iso);
  return isoDay(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months + 1, 0)));
};

/**
 * The period after `validFrom`–`validUntil`, as long as it: a period of whole calendar months (1 January to
 * 31 December, 1 July to 30 June, a quarter) moves by that number of months, so a year stays a year in a leap year;
 * any other period moves by its number of days and starts the day after it ended.
 */
export function nextPeriod(validFrom: string, validUntil: string): { validFrom: string; validUntil: string } {
  const from = dateOf(validFrom);
  const until = dateOf(validUntil);
  if (from.getUTCDate() === 1 && monthEnd(validUntil, 0) === validUntil) {
    const months =
      (until.getUTCFullYear() - from.getUTCFullYear()) * 12 + (until.getUTCMonth() - from.getUTCMonth()) + 1;
    return { validFrom: addDays(validUntil, 1), validUntil: monthEnd(validUntil, months) };
  }
  const days = Math.round((until.getTime() - from.getTime()) / DAY_MS) + 1;
  return { validFrom: addDays(validUntil, 1), validUntil: addDays(validUntil, days) };
}

/** The copy's name: the year of the old period replaced by the new one ("Sportregeling 2026" → "… 2027"), else with the year added. */
export function nextPeriodName(name: string, oldFrom: string, newFrom: string): string {
  const [oldYear, newYear] = [oldFrom.slice(0, 4), newFrom.slice(0, 4)];
  if (oldYear !== newYear && name.includes(oldYear)) return name.split(oldYear).join(newYear);
  return `${name} (vanaf ${newFrom.split('-').reverse().join('-')})`;
}

const runView = (r: q.RunRow): RegrantRun =>
  Object.assign(new RegrantRun(), {
    id: r.id,
    arrangementId: r.arrangement_id,
    status: r.status,
    total: r.total,
    granted: r.granted,
    skipped: r.skipped,
    createdAt: new Date(r.created_at),
    finishedAt: r.finished_at ? new Date(r.finished_at) : null,
  });

/**
 * Year end: the budget that is left when an assignment's period ends expires (EXPIRY, booked once); an arrangement is
 * copied to its next period and granted again, in bulk, to last period's holders through AssignmentService.grant
 * (every granting rule), as a background job that grants each holder once however often it runs.
 *
 * Open orders at the end of a period: their budget was already taken from the assignment when they were placed
 * (SPEND), so they are not part of what expires: they stay valid and can still be delivered and paid out. When such an
 * order is cancelled after the period ended, its budget returns to the expired assignment; the next expiry run books
 * that return as expired as well (a further EXPIRY with its own key), so an ended assignment never keeps spendable
 * money.
 */
export class YearEndService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly arrangements: ArrangementService,
    private readonly assignments: AssignmentService,
    private readonly audit: AuditService,
    private readonly jobs: JobQueue,
  ) {}

  private readonly expiredListeners: AssignmentLifecycleListener[] = [];

  /** Called inside the transaction that books an assignment's remaining budget as expired. */
  onExpired(listener: AssignmentLifecycleListener): void {
    this.expiredListeners.push(listener);
  }

  // ---- expiry ----------------------------------------------------------------------------------------------------

  /**
   * Books the remaining budget of every assignment whose period has ended back to its arrangement's funding (EXPIRY),
   * one assignment per transaction, its budget account locked first: two runs at the same moment book it once (the
   * second finds nothing left), and the idempotency key makes a repeated booking impossible in the database.
   */
  async expireBudgets(ctx: RequestContext, signal?: AbortSignal): Promise<{ expired: number; cents: number }> {
    const day = today(ctx.clock);
    let after = '00000000-0000-0000-0000-000000000000';
    let expired = 0;
    let cents = 0;
    for (;;) {
      if (signal?.aborted) break;
      const batch = await q.selectExpiringAssignments(ctx.em, day, after);
      if (!batch.length) break;
      for (const a of batch) {
        after = a.id;
        const booked = await transactional(ctx, async (tx) => {
          const em = tx.em;
          const remaining = (await this.ledger.assignmentBalances(em, [a.id], true)).get(a.id) ?? 0;
          if (remaining <= 0) return 0;
          const n = await q.countExpiries(em, a.id);
          await this.ledger.post(em, {
            kind: 'EXPIRY',
            municipalityId: a.municipality_id,
            description: `Vervallen tegoed: ${a.name}`,
            actor: { kind: 'SYSTEM' },
            assignmentId: a.id,
            // The first expiry of an assignment, or (budget of an order cancelled after the end) the n-th.
            idempotencyKey: n === 0 ? `expiry:${a.id}` : `expiry:${a.id}:${n + 1}`,
            entries: [
              { accountId: await this.ledger.assignmentAccount(em, a.municipality_id, a.id), amountCents: -remaining },
              {
                accountId: await this.ledger.fundingAccount(em, a.municipality_id, a.arrangement_id),
                amountCents: remaining,
              },
            ],
          });
          for (const listener of this.expiredListeners)
            await listener(tx, {
              type: 'assignment.expired',
              assignmentId: a.id,
              municipalityId: a.municipality_id,
              clientGroupId: a.client_group_id,
              remainingCents: remaining,
              validUntil: a.valid_until,
            });
          return remaining;
        });
        if (booked) {
          expired++;
          cents += booked;
        }
      }
    }
    if (expired)
      ctx.log.info({ event: 'budgets_expired', expired, cents }, 'remaining budgets of ended assignments expired');
    return { expired, cents };
  }

  // ---- next period -----------------------------------------------------------------------------------------------

  /** The arrangement a copy continues (previous period), or the copy of it (next period); ids only. */
  async linked(em: EntityManager, id: string): Promise<{ previousId: string | null; nextId: string | null }> {
    const row = await q.selectLinked(em, id);
    return { previousId: row?.previous_id ?? null, nextId: row?.next_id ?? null };
  }

  /**
   * Copies an arrangement to its next period: the same rules (amount, categories, own contribution, ages, repeats),
   * the dates moved by its period's length (nextPeriod), through ArrangementService.create (its rules and audit).
   * An arrangement is copied once (a unique index).
   */
  async copyToNextPeriod(ctx: RequestContext, id: string, name?: string | null): Promise<Result<ArrangementView>> {
    const source = isUuid(id) ? await ctx.em.findOne(Arrangement, id, { populate: ['categories'] }) : null;
    if (!source || !inScope(ctx.viewer, source.municipality.id))
      return problem('id', 'NOT_FOUND', 'Deze regeling is niet gevonden.');
    const period = nextPeriod(source.validFrom, source.validUntil);
    const outcome = await transactional(ctx, async (tx): Promise<Result<ArrangementView>> => {
      await q.lockArrangement(tx.em, source.id);
      const { nextId } = await this.linked(tx.em, source.id);
      if (nextId) {
        const copyName = await q.selectArrangementName(tx.em, nextId);
        return problem(
          'id',
          'ALREADY_COPIED',
          `Deze regeling is al gekopieerd naar de volgende periode (${copyName ?? 'onbekend'}).`,
        );
      }
      const created = await this.arrangements.create(tx, {
        name: name?.trim() || nextPeriodName(source.name, source.validFrom, period.validFrom),
        description: source.description,
        municipalityId: source.municipality.id,
        validFrom: period.validFrom,
        validUntil: period.validUntil,
        defaultAmountCents: source.defaultAmountCents,
        categoryIds: source.categories.getItems().map((c) => c.id),
        ownContributionAllowed: source.ownContributionAllowed,
        maxPerOrderCents: source.maxPerOrderCents ?? null,
        repeatGrantsAllowed: source.repeatGrantsAllowed,
        minAge: source.minAge ?? null,
        maxAge: source.maxAge ?? null,
      });
      if (!created.ok) return created;
      await q.setPreviousArrangement(tx.em, created.value.id, source.id);
      await this.audit.record(tx, {
        action: 'arrangement.copied',
        subjectType: 'arrangement',
        subjectId: created.value.id,
        details: { previousArrangementId: source.id, ...period },
      });
      return created;
    });
    return outcome;
  }

  /** The copy in scope with the arrangement it continues, or the Dutch reason why it cannot be granted again. */
  private async copyOf(
    ctx: RequestContext,
    arrangementId: string,
  ): Promise<Result<{ arrangement: Arrangement; source: Arrangement }>> {
    const arrangement = isUuid(arrangementId) ? await ctx.em.findOne(Arrangement, arrangementId) : null;
    if (!arrangement || !inScope(ctx.viewer, arrangement.municipality.id))
      return problem('arrangementId', 'NOT_FOUND', 'Deze regeling is niet gevonden.');
    const { previousId } = await this.linked(ctx.em, arrangement.id);
    const source = previousId ? await ctx.em.findOne(Arrangement, previousId) : null;
    if (!source)
      return problem(
        'arrangementId',
        'NO_PREVIOUS_PERIOD',
        'Deze regeling is geen kopie van een regeling uit een vorige periode: er zijn geen houders om opnieuw toe te kennen.',
      );
    return ok({ arrangement, source });
  }

  /**
   * Who of last period's holders would get the copy, for how much, and why not: every holder through
   * AssignmentService.checkGrant (the rules of a real grant, overlap included), or already granted by a bulk grant.
   */
  async regrantPreview(ctx: RequestContext, arrangementId: string): Promise<Result<RegrantPreview>> {
    const found = await this.copyOf(ctx, arrangementId);
    if (!found.ok) return found;
    const { arrangement, source } = found.value;
    const holders = await q.selectHolders(ctx.em, source.id);
    const done = new Set(await q.selectRegrantedSourceIds(ctx.em, arrangement.id));
    const rows: RegrantPreviewRow[] = [];
    for (const h of holders) {
      const base = {
        id: h.id,
        clientGroupId: h.client_group_id,
        clientNumber: h.client_number,
        householdName: h.household_name,
        beneficiaryName: h.beneficiary_name,
      };
      if (done.has(h.id)) {
        rows.push(
          Object.assign(new RegrantPreviewRow(), {
            ...base,
            amountCents: null,
            grantable: false,
            alreadyDone: true,
            reason: 'Al toegekend bij een eerdere keer opnieuw toekennen.',
          }),
        );
        continue;
      }
      const check = await this.assignments.checkGrant(ctx, {
        clientGroupId: h.client_group_id,
        arrangementId: arrangement.id,
        beneficiaryId: h.beneficiary_id,
      });
      rows.push(
        Object.assign(new RegrantPreviewRow(), {
          ...base,
          amountCents: check.ok ? check.value.amountCents : null,
          grantable: check.ok,
          alreadyDone: false,
          reason: check.ok ? null : check.errors.map((e) => e.message).join(' '),
        }),
      );
    }
    rows.sort(
      (a, b) =>
        Number(b.grantable) - Number(a.grantable) ||
        a.householdName.localeCompare(b.householdName, 'nl') ||
        (a.beneficiaryName ?? '').localeCompare(b.beneficiaryName ?? '', 'nl'),
    );
    return ok(
      Object.assign(new RegrantPreview(), {
        arrangementId: arrangement.id,
        sourceArrangementId: source.id,
        sourceArrangementName: source.name,
        validFrom: arrangement.validFrom,
        validUntil: arrangement.validUntil,
        total: rows.length,
        grantable: rows.filter((r) => r.grantable).length,
        refused: rows.filter((r) => !r.grantable && !r.alreadyDone).length,
        alreadyDone: rows.filter((r) => r.alreadyDone).length,
        totalAmountCents: rows.reduce((sum, r) => sum + (r.grantable ? (r.amountCents ?? 0) : 0), 0),
        rows,
      }),
    );
  }

  /**
   * Starts the bulk grant as a background job ('arrangements.regrant'). A run that is still queued or running is
   * answered instead of a second one (a double click); a later run grants nobody twice (regrant_item).
   */
  async startRegrant(ctx: RequestContext, arrangementId: string): Promise<Result<RegrantRun>> {
    const found = await this.copyOf(ctx, arrangementId);
    if (!found.ok) return found;
    if (ctx.viewer.kind !== Audience.STAFF)
      return problem('arrangementId', 'FORBIDDEN', 'Alleen medewerkers kunnen opnieuw toekennen.');
    const staffId = ctx.viewer.adminAccountId;
    const { arrangement, source } = found.value;
    const run = await transactional(ctx, async (tx) => {
      const em = tx.em;
      await q.lockRegrant(em, arrangement.id);
      const open = await q.selectOpenRun(em, arrangement.id);
      if (open) return open;
      const n = await q.countHolders(em, source.id);
      const row = await q.insertRun(em, {
        arrangementId: arrangement.id,
        sourceArrangementId: source.id,
        total: n,
        startedBy: staffId,
        createdAt: ctx.clock.now(),
      });
      await this.jobs.enqueue(em, 'arrangements.regrant', { runId: row.id }, { maxAttempts: 10 });
      await this.audit.record(tx, {
        action: 'arrangement.regrant_started',
        subjectType: 'arrangement',
        subjectId: arrangement.id,
        details: { runId: row.id, previousArrangementId: source.id, holders: n },
      });
      return row;
    });
    return ok(runView(run));
  }

  /** The latest bulk grant of an arrangement in scope; null when there is none. */
  async latestRegrantRun(ctx: RequestContext, arrangementId: string): Promise<RegrantRun | null> {
    const a = isUuid(arrangementId) ? await ctx.em.findOne(Arrangement, arrangementId) : null;
    if (!a || !inScope(ctx.viewer, a.municipality.id)) return null;
    const row = await q.selectLatestRun(ctx.em, a.id);
    return row ? runView(row) : null;
  }

  /**
   * The job: grants the copy to every holder of the previous period through AssignmentService.grant, one holder per
   * transaction, the holder's regrant_item reserved first (a holder already reserved, by this run's earlier attempt
   * or an earlier run, is skipped). Acts as the staff member who started it, within the arrangement's municipality.
   */
  async runRegrant(ctx: RequestContext, runId: string, signal?: AbortSignal): Promise<void> {
    const run = await q.selectRun(ctx.em, runId);
    if (!run || run.status === 'DONE') return;
    const municipalityId = await q.selectArrangementMunicipality(ctx.em, run.arrangement_id);
    await q.markRunRunning(ctx.em, runId);
    const staff: RequestContext = {
      ...ctx,
      viewer: {
        kind: Audience.STAFF,
        sessionId: `job:${runId}`,
        adminAccountId: run.started_by ?? '00000000-0000-0000-0000-000000000000',
        permissions: new Set([Permission.ASSIGNMENT_MANAGE]),
        municipalityIds: [municipalityId!],
      },
    };
    const holders = await q.selectHolders(ctx.em, run.source_arrangement_id);
    let handled = 0;
    for (const h of holders) {
      if (signal?.aborted) throw new Error('worker stopping; the bulk grant continues on the next attempt');
      await transactional(staff, async (tx) => {
        const reserved = await q.reserveItem(tx.em, {
          arrangementId: run.arrangement_id,
          sourceAssignmentId: h.id,
          runId,
          createdAt: ctx.clock.now(),
        });
        if (!reserved) return;
        const granted = await this.assignments.grant(tx, {
          clientGroupId: h.client_group_id,
          arrangementId: run.arrangement_id,
          beneficiaryId: h.beneficiary_id,
        });
        await q.recordItemOutcome(tx.em, {
          arrangementId: run.arrangement_id,
          sourceAssignmentId: h.id,
          outcome: granted.ok ? 'GRANTED' : 'SKIPPED',
          assignmentId: granted.ok ? granted.value.id : null,
          message: granted.ok ? null : granted.errors.map((e) => e.message).join(' '),
        });
      });
      if (++handled % 50 === 0) await this.countRun(ctx.em, runId, handled);
    }
    await this.countRun(ctx.em, runId, handled, true);
  }

  private async countRun(em: EntityManager, runId: string, handled: number, done = false): Promise<void> {
    await q.updateRunCounts(em, runId, handled, done, applicationNow());
  }
}
