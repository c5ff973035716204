import { IsolationLevel } from '@mikro-orm/core';
import { inScope } from '../../kernel/scope.js';
import { csvText, type CsvColumn } from '../../platform/csv.js';
import { todayInAmsterdam } from '../../kernel/dates.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import { ok, problem, type Result } from '../../kernel/result.js';
import { journalPeriodRule } from '../../rules/journal.js';
import { auditActorOf, type AuditService } from '../audit/index.js';
import { addMonths, formatAmount, formatDate, periodLabel, type NumberFormat } from './journal.kinds.js';
import { MUNICIPALITY_NOT_FOUND } from './journal.mapping.js';
import type {
  JournalLine,
  JournalPeriodInfo,
  JournalPeriodSummary,
  JournalSettings,
  PeriodRow,
} from './journal.records.js';
import {
  asDate,
  bookedSince,
  codesSnapshot,
  eachPeriodLine,
  foldDayTotals,
  lockPeriod,
  markClosed,
  municipalityExists,
  periodLines,
  periodRows,
  recordExport,
  settingsFor,
  periodTotals,
} from './journal.queries.js';

const HEADER = {
  NL: ['datum', 'dagboek', 'grootboekrekening', 'kostenplaats', 'debet', 'credit', 'omschrijving', 'referentie'],
  INTERNATIONAL: ['date', 'journal', 'account', 'cost_centre', 'debit', 'credit', 'description', 'reference'],
} as const;

/**
 * The export's columns (platform/csv.ts, the one CSV writer): debit and credit are number columns, so an amount stays a
 * number; every other cell is text, and text a spreadsheet could read as a formula is written as text.
 */
function exportColumns(numberFormat: NumberFormat): CsvColumn[] {
  const amount = (cents: number) => formatAmount(cents, numberFormat);
  return HEADER[numberFormat].map((header, i) => (i === 4 || i === 5 ? { header, number: amount } : { header }));
}

/**
 * The journal's periods: the months, their entries and totals derived from the ledger, their export and close.
 *
 * Booking period: a ledger transaction belongs to the month it was made in, unless that month had already been closed
 * when it was made; then it falls in the first month after it that was still open at that moment (booked on that
 * month's first day). A closed month's entries therefore never change, and exporting it again gives the same bytes.
 */
export class JournalPeriods {
  constructor(private readonly audit: AuditService) {}

  // ---- the day totals ------------------------------------------------------------------------------------------

  /**
   * Folds each key's rows of the day totals into one (the job `journal.foldDayTotals`, hourly): a booking only adds
   * rows, so a busy day gathers a few thousand, which a month's totals would otherwise read. The sums stay the same.
   */
  async foldDayTotals(ctx: RequestContext): Promise<number> {
    const folded = await foldDayTotals(ctx.em);
    if (folded) ctx.log.info({ event: 'journal_day_totals_folded', keys: folded }, 'journal day totals folded');
    return folded;
  }

  // ---- periods -------------------------------------------------------------------------------------------------

  private currentPeriod(ctx: RequestContext): string {
    return todayInAmsterdam(ctx.clock.now()).slice(0, 7);
  }

  private checkPeriod(ctx: RequestContext, raw: string): Result<string> {
    const checked = journalPeriodRule.check(raw);
    if (!checked.ok) return problem('period', checked.problem.code, checked.problem.message);
    if (checked.value > this.currentPeriod(ctx))
      return problem('period', 'FUTURE', `${periodLabel(checked.value)} is nog niet begonnen.`);
    return ok(checked.value);
  }

  /** The months of the last year (newest first), with their export and close moments. */
  async periods(ctx: RequestContext, municipalityId: string): Promise<JournalPeriodInfo[] | null> {
    if (!inScope(ctx.viewer, municipalityId)) return null;
    const rows = await periodRows(ctx.em, municipalityId);
    const current = this.currentPeriod(ctx);
    return Array.from({ length: 13 }, (_, i) => this.info(rows, municipalityId, addMonths(current, -i)));
  }

  private info(rows: PeriodRow[], municipalityId: string, period: string): JournalPeriodInfo {
    const row = rows.find((r) => r.period === period);
    return {
      municipalityId,
      period,
      label: periodLabel(period),
      exportedAt: row?.exported_at ?? null,
      exportCount: row?.export_count ?? 0,
      closedAt: row?.closed_at ?? null,
    };
  }

  /**
   * A period with what the caller asks for: its totals per general-ledger account, the entries' count and what is not
   * mapped yet (`totals`), and the lines of its first `lines` entries (for the screen; the export has them all).
   * Null outside the scope or for a malformed period.
   */
  async periodDetail(
    ctx: RequestContext,
    municipalityId: string,
    rawPeriod: string,
    want: { totals: boolean; lines: number | null; fromLedger?: boolean },
  ): Promise<(JournalPeriodSummary & { lines: JournalLine[] }) | null> {
    if (!inScope(ctx.viewer, municipalityId)) return null;
    const checked = journalPeriodRule.check(rawPeriod);
    if (!checked.ok) return null;
    const period = checked.value;
    const rows = await periodRows(ctx.em, municipalityId);
    const totals = want.totals
      ? await periodTotals(ctx.em, rows, municipalityId, period, { fromLedger: want.fromLedger })
      : { transactionCount: 0, debitCents: 0, creditCents: 0, accounts: [], unmapped: [] };
    const lines =
      want.lines === null
        ? []
        : await periodLines(ctx.em, rows, municipalityId, period, Math.min(Math.max(want.lines, 1), 200));
    return { ...this.info(rows, municipalityId, period), ...totals, lines };
  }

  /** A period's totals per general-ledger account, the entries' count and what is not mapped yet. */
  async periodSummary(
    ctx: RequestContext,
    municipalityId: string,
    rawPeriod: string,
    options: { fromLedger?: boolean } = {},
  ): Promise<JournalPeriodSummary | null> {
    const detail = await this.periodDetail(ctx, municipalityId, rawPeriod, { totals: true, lines: null, ...options });
    if (!detail) return null;
    const { lines: _, ...summary } = detail;
    return summary;
  }

  /** The first entries of a period (for the screen; the export has them all), grouped by transaction. */
  async entries(ctx: RequestContext, municipalityId: string, rawPeriod: string, limit = 50): Promise<JournalLine[]> {
    return (await this.periodDetail(ctx, municipalityId, rawPeriod, { totals: false, lines: limit }))?.lines ?? [];
  }

  /**
   * Exports a period as CSV, written through `write` in chunks (awaited, so a slow reader holds the export back), from
   * a cursor in one read-only snapshot: 100,000 transactions never sit in memory at once. Refused — before anything
   * is written — when a ledger account of the period has no general-ledger account. Records the export (the
   * period's export moment, the audit log).
   */
  async exportPeriod(
    ctx: RequestContext,
    municipalityId: string,
    rawPeriod: string,
    write: (chunk: string) => Promise<void>,
    options: { batch?: number } = {},
  ): Promise<Result<{ lines: number; filename: string }>> {
    if (!inScope(ctx.viewer, municipalityId) || !(await municipalityExists(ctx.em, municipalityId)))
      return problem('municipalityId', 'NOT_FOUND', MUNICIPALITY_NOT_FOUND);
    const checked = this.checkPeriod(ctx, rawPeriod);
    if (!checked.ok) return checked;
    const period = checked.value;
    const { unmapped } = await periodTotals(ctx.em, await periodRows(ctx.em, municipalityId), municipalityId, period);
    if (unmapped.length)
      return problem(
        'period',
        'UNMAPPED',
        unmapped.length === 1
          ? `De rekening ‘${unmapped[0]}’ heeft nog geen grootboekrekening. Stel die eerst in bij Journaalposten › Instellingen.`
          : `Deze rekeningen hebben nog geen grootboekrekening: ${unmapped.map((u) => `‘${u}’`).join(', ')}. Stel die eerst in bij Journaalposten › Instellingen.`,
      );
    const batch = options.batch ?? 2000;
    let lines = 0;
    let used: { codes: unknown; settings: JournalSettings } | null = null;
    // The export's moment is its snapshot's: what is booked after it is not in this export (closePeriod checks).
    const snapshotAt = ctx.clock.now();
    await ctx.em.transactional(
      async (em) => {
        // The codes and format this export uses, from its own snapshot: a close keeps the period on them.
        const settings = await settingsFor(em, municipalityId, period);
        used = { codes: await codesSnapshot(em, municipalityId, period), settings };
        const { numberFormat, journalCode } = settings;
        const delimiter = numberFormat === 'NL' ? ';' : ',';
        const columns = exportColumns(numberFormat);
        const csv = { delimiter, recordDelimiter: '\r\n' } as const;
        await write(csvText(columns, [], csv));
        lines = await eachPeriodLine(em, municipalityId, period, batch, async (found) => {
          const records = found.map((l) => [
            formatDate(l.bookingDate, numberFormat),
            journalCode,
            l.glAccount ?? '',
            l.costCentre ?? '',
            l.debitCents,
            l.creditCents,
            l.description,
            l.reference,
          ]);
          await write(csvText(columns, records, { ...csv, header: false }));
        });
      },
      { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
    );
    const exported = used as unknown as { codes: unknown; settings: JournalSettings };
    await transactional(ctx, async (tx) => {
      await recordExport(tx.em, municipalityId, period, {
        at: snapshotAt,
        by: auditActorOf(ctx.viewer).id,
        codes: exported.codes,
        settings: exported.settings,
      });
      await this.audit.record(tx, {
        action: 'journal.exported',
        subjectType: 'municipality',
        subjectId: municipalityId,
        details: { period, lines, numberFormat: exported.settings.numberFormat },
      });
    });
    return ok({ lines, filename: `journaalposten-${exported.settings.journalCode.toLowerCase()}-${period}.csv` });
  }

  /**
   * Closes a period after its export: what the ledger books afterwards falls in the next open period. Refused when it
   * is closed already, was never exported, or changed since its last export (export it again first).
   */
  async closePeriod(
    ctx: RequestContext,
    municipalityId: string,
    rawPeriod: string,
  ): Promise<Result<JournalPeriodInfo>> {
    if (!inScope(ctx.viewer, municipalityId) || !(await municipalityExists(ctx.em, municipalityId)))
      return problem('municipalityId', 'NOT_FOUND', MUNICIPALITY_NOT_FOUND);
    const checked = this.checkPeriod(ctx, rawPeriod);
    if (!checked.ok) return checked;
    const period = checked.value;
    const label = periodLabel(period);
    const result = await transactional(ctx, async (tx): Promise<Result<JournalPeriodInfo>> => {
      const row = await lockPeriod(tx.em, municipalityId, period);
      if (row?.closed_at) return problem('period', 'ALREADY_CLOSED', `De periode ${label} is al afgesloten.`);
      if (!row?.exported_at)
        return problem('period', 'NOT_EXPORTED', `Exporteer de periode ${label} eerst; daarna kunt u haar afsluiten.`);
      const n = await bookedSince(tx.em, municipalityId, period, row.exported_at);
      if (n > 0)
        return problem(
          'period',
          'CHANGED_SINCE_EXPORT',
          `Na de laatste export van ${label} zijn er nog ${n === 1 ? 'een boeking' : `${n} boekingen`} bijgekomen. Exporteer de periode opnieuw en sluit haar daarna af.`,
        );
      const now = ctx.clock.now();
      await markClosed(tx.em, municipalityId, period, { at: now, by: auditActorOf(ctx.viewer).id });
      await this.audit.record(tx, {
        action: 'journal.period_closed',
        subjectType: 'municipality',
        subjectId: municipalityId,
        details: { period },
      });
      return ok({
        municipalityId,
        period,
        label,
        exportedAt: asDate(row.exported_at),
        exportCount: row.export_count,
        closedAt: now,
      });
    });
    return result;
  }
}
