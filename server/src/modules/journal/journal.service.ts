import type { EntityManager } from '@mikro-orm/postgresql';
import type { RequestContext } from '../../kernel/request-context.js';
import type { Result } from '../../kernel/result.js';
import type { AuditService } from '../audit/index.js';
import type { NumberFormat } from './journal.kinds.js';
import { JournalMapping, type LedgerCodeChange } from './journal.mapping.js';
import { JournalPeriods } from './journal.periods.js';
import type {
  JournalLine,
  JournalPeriodInfo,
  JournalPeriodSummary,
  JournalSettings,
  LedgerCodeRow,
  LedgerCodes,
} from './journal.records.js';

/** The journal's record shapes, for callers of this service. */
export type * from './journal.records.js';

/**
 * Journal entries (journaalposten): the ledger mapped onto the municipality's general-ledger accounts and cost
 * centres, per month. Nothing is stored but the mapping and the periods' export and close moments: the entries are
 * derived from the ledger every time they are read, one entry per ledger transaction, so they balance as the ledger
 * does and never drift from it.
 *
 * The use cases are in two parts along that seam: the mapping (`journal.mapping.ts`: codes and format) and the
 * periods (`journal.periods.ts`: entries, totals, export, close, the day totals' fold); their SQL is in
 * `journal.queries.ts`. This class is the one face resolvers, routes and jobs call.
 */
export class JournalService {
  private readonly mapping: JournalMapping;
  private readonly months: JournalPeriods;

  constructor(audit: AuditService) {
    this.mapping = new JournalMapping(audit);
    this.months = new JournalPeriods(audit);
  }

  // ---- the mapping ---------------------------------------------------------------------------------------------

  settings(em: EntityManager, municipalityId: string): Promise<JournalSettings> {
    return this.mapping.settings(em, municipalityId);
  }

  /** The ledger codes of a municipality: one per kind, plus the per-arrangement overrides. Null outside the scope. */
  ledgerCodes(ctx: RequestContext, municipalityId: string): Promise<LedgerCodes | null> {
    return this.mapping.ledgerCodes(ctx, municipalityId);
  }

  /** The codes an arrangement's bookings get (its overrides, else the municipality's), for the arrangement screen. */
  arrangementCodes(
    ctx: RequestContext,
    arrangementId: string,
  ): Promise<{ municipalityId: string; codes: (LedgerCodeRow & { overridden: boolean })[] } | null> {
    return this.mapping.arrangementCodes(ctx, arrangementId);
  }

  /** Sets (or, for an arrangement with an empty account, removes) the code of one kind. */
  setLedgerCode(ctx: RequestContext, input: LedgerCodeChange): Promise<Result<LedgerCodes>> {
    return this.mapping.setLedgerCode(ctx, input);
  }

  updateSettings(
    ctx: RequestContext,
    input: { municipalityId: string; numberFormat: NumberFormat; journalCode?: string | null },
  ): Promise<Result<LedgerCodes>> {
    return this.mapping.updateSettings(ctx, input);
  }

  // ---- periods -------------------------------------------------------------------------------------------------

  /** The job `journal.foldDayTotals`: each key's rows of the day totals folded into one. */
  foldDayTotals(ctx: RequestContext): Promise<number> {
    return this.months.foldDayTotals(ctx);
  }

  /** The months of the last year (newest first), with their export and close moments. */
  periods(ctx: RequestContext, municipalityId: string): Promise<JournalPeriodInfo[] | null> {
    return this.months.periods(ctx, municipalityId);
  }

  periodDetail(
    ctx: RequestContext,
    municipalityId: string,
    rawPeriod: string,
    want: { totals: boolean; lines: number | null; fromLedger?: boolean },
  ): Promise<(JournalPeriodSummary & { lines: JournalLine[] }) | null> {
    return this.months.periodDetail(ctx, municipalityId, rawPeriod, want);
  }

  periodSummary(
    ctx: RequestContext,
    municipalityId: string,
    rawPeriod: string,
    options: { fromLedger?: boolean } = {},
  ): Promise<JournalPeriodSummary | null> {
    return this.months.periodSummary(ctx, municipalityId, rawPeriod, options);
  }

  entries(ctx: RequestContext, municipalityId: string, rawPeriod: string, limit = 50): Promise<JournalLine[]> {
    return this.months.entries(ctx, municipalityId, rawPeriod, limit);
  }

  exportPeriod(...args: Parameters<JournalPeriods['exportPeriod']>): ReturnType<JournalPeriods['exportPeriod']> {
    return this.months.exportPeriod(...args);
  }

  closePeriod(ctx: RequestContext, municipalityId: string, rawPeriod: string): Promise<Result<JournalPeriodInfo>> {
    return this.months.closePeriod(ctx, municipalityId, rawPeriod);
  }
}
