import { IsolationLevel } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inScope } from '../../kernel/scope.js';
import { isUuid } from '../../graphql/ids.js';
import { csvText, type CsvColumn } from '../../platform/csv.js';
import { todayInAmsterdam } from '../../kernel/dates.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import { ok, problem, type Result } from '../../kernel/result.js';
import { costCentreRule, glAccountRule, journalCodeRule, journalPeriodRule } from '../../rules/journal.js';
import { auditActorOf, type AuditService } from '../audit/index.js';
import {
  addMonths,
  formatAmount,
  formatDate,
  JOURNAL_KIND_INFO,
  JOURNAL_KIND_SQL,
  JOURNAL_KINDS,
  NUMBER_FORMATS,
  periodLabel,
  type JournalKind,
  type NumberFormat,
} from './journal.kinds.js';

export interface LedgerCodeRow {
  kind: JournalKind;
  arrangementId: string | null;
  arrangementName: string | null;
  glAccount: string;
  costCentre: string;
}

export interface JournalSettings {
  numberFormat: NumberFormat;
  journalCode: string;
}

export interface LedgerCodes extends JournalSettings {
  municipalityId: string;
  codes: LedgerCodeRow[];
  arrangements: { id: string; name: string }[];
}

export interface JournalPeriodInfo {
  municipalityId: string;
  period: string;
  label: string;
  exportedAt: Date | null;
  exportCount: number;
  closedAt: Date | null;
}

/** One line of a journal entry: one general-ledger account and cost centre on one side. */
export interface JournalLine {
  bookingDate: string;
  transactionId: string;
  description: string;
  reference: string;
  kind: JournalKind;
  glAccount: string | null;
  costCentre: string | null;
  debitCents: number;
  creditCents: number;
}

export interface JournalAccountTotal {
  kind: JournalKind;
  glAccount: string | null;
  costCentre: string | null;
  debitCents: number;
  creditCents: number;
}

export interface JournalPeriodSummary extends JournalPeriodInfo {
  transactionCount: number;
  debitCents: number;
  creditCents: number;
  accounts: JournalAccountTotal[];
  /** Ledger accounts of this period without a general-ledger account, in Dutch ("Toegekend budget (Kindpakket)"). */
  unmapped: string[];
}

interface PeriodRow {
  period: string;
  exported_at: Date | null;
  export_count: number;
  closed_at: Date | null;
  /** closed_at as PostgreSQL writes it (microseconds: a Date has milliseconds only). */
  closed_at_text: string | null;
}

const NOT_FOUND = 'Deze gemeente is niet gevonden.';
const HEADER = {
  NL: ['datum', 'dagboek', 'grootboekrekening', 'kostenplaats', 'debet', 'credit', 'omschrijving', 'referentie'],
  INTERNATIONAL: ['date', 'journal', 'account', 'cost_centre', 'debit', 'credit', 'description', 'reference'],
} as const;

/** A value that is safe to write into SQL as a literal (the cursor's DECLARE takes no bind parameters). */
function literal(value: string, pattern: RegExp): string {
  if (!pattern.test(value)) throw new Error(`unexpected value in journal query: ${value}`);
  return `'${value}'`;
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MONTH_START = /^\d{4}-\d{2}-01$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

/** The first moment of a month (YYYY-MM) in Amsterdam, as SQL. */
function monthStart(period: string): string {
  return `(${literal(`${period}-01`, MONTH_START)}::timestamp at time zone 'Europe/Amsterdam')`;
}

/** A timestamp as a raw query returns it (a Date or PostgreSQL's text). */
function asDate(value: Date | string | null | undefined): Date | null {
  return value == null
    ? null
    : value instanceof Date
      ? value
      : new Date(value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
}

/**
 * The export's columns (platform/csv.ts, the one CSV writer): debit and credit are number columns, so an amount stays a
 * number; every other cell is text, and text a spreadsheet could read as a formula is written as text.
 */
function exportColumns(numberFormat: NumberFormat): CsvColumn[] {
  const amount = (cents: number) => formatAmount(cents, numberFormat);
  return HEADER[numberFormat].map((header, i) => (i === 4 || i === 5 ? { header, number: amount } : { header }));
}

/**
 * Journal entries (journaalposten): the ledger mapped onto the municipality's general-ledger accounts and cost
 * centres, per month. Nothing is stored but the mapping and the periods' export and close moments: the entries are
 * derived from the ledger every time they are read, one entry per ledger transaction, so they balance as the ledger
 * does and never drift from it.
 *
 * Booking period: a ledger transaction belongs to the month it was made in, unless that month had already been closed
 * when it was made; then it falls in the first month after it that was still open at that moment (booked on that
 * month's first day). A closed month's entries therefore never change, and exporting it again gives the same bytes.
 */
export class JournalService {
  constructor(private readonly audit: AuditService) {}

  private async municipalityExists(em: EntityManager, municipalityId: string): Promise<boolean> {
    const rows = await em.execute(`select 1 from municipality where id = ?`, [municipalityId]);
    return rows.length > 0;
  }

  // ---- the mapping ---------------------------------------------------------------------------------------------

  async settings(em: EntityManager, municipalityId: string): Promise<JournalSettings> {
    const [row] = await em.execute<{ number_format: NumberFormat; journal_code: string }[]>(
      `select number_format, journal_code from journal_setting where municipality_id = ?`,
      [municipalityId],
    );
    return { numberFormat: row?.number_format ?? 'NL', journalCode: row?.journal_code ?? 'GW' };
  }

  /** The ledger codes of a municipality: one per kind, plus the per-arrangement overrides. Null outside the scope. */
  async ledgerCodes(ctx: RequestContext, municipalityId: string): Promise<LedgerCodes | null> {
    if (!inScope(ctx.viewer, municipalityId) || !(await this.municipalityExists(ctx.em, municipalityId))) return null;
    const rows = await ctx.em.execute<
      {
        kind: JournalKind;
        arrangement_id: string | null;
        arrangement_name: string | null;
        gl_account: string;
        cost_centre: string;
      }[]
    >(
      `select c.kind, c.arrangement_id, r.name as arrangement_name, c.gl_account, c.cost_centre
         from journal_ledger_code c left join arrangement r on r.id = c.arrangement_id
        where c.municipality_id = ?
        order by array_position(?::text[], c.kind), r.name nulls first, c.arrangement_id nulls first`,
      [municipalityId, `{${JOURNAL_KINDS.join(',')}}`],
    );
    const arrangements = await ctx.em.execute<{ id: string; name: string }[]>(
      `select id, name from arrangement where municipality_id = ? order by name, id`,
      [municipalityId],
    );
    return {
      municipalityId,
      ...(await this.settings(ctx.em, municipalityId)),
      codes: rows.map((r) => ({
        kind: r.kind,
        arrangementId: r.arrangement_id,
        arrangementName: r.arrangement_name,
        glAccount: r.gl_account,
        costCentre: r.cost_centre,
      })),
      arrangements,
    };
  }

  /** The codes an arrangement's bookings get (its overrides, else the municipality's), for the arrangement screen. */
  async arrangementCodes(
    ctx: RequestContext,
    arrangementId: string,
  ): Promise<{ municipalityId: string; codes: (LedgerCodeRow & { overridden: boolean })[] } | null> {
    if (!isUuid(arrangementId)) return null;
    const [arrangement] = await ctx.em.execute<{ municipality_id: string; name: string }[]>(
      `select municipality_id, name from arrangement where id = ?`,
      [arrangementId],
    );
    if (!arrangement || !inScope(ctx.viewer, arrangement.municipality_id)) return null;
    const rows = await ctx.em.execute<
      { kind: JournalKind; arrangement_id: string | null; gl_account: string; cost_centre: string }[]
    >(
      `select kind, arrangement_id, gl_account, cost_centre from journal_ledger_code
        where municipality_id = ? and (arrangement_id is null or arrangement_id = ?)`,
      [arrangement.municipality_id, arrangementId],
    );
    const codes = JOURNAL_KINDS.filter((k) => JOURNAL_KIND_INFO[k].perArrangement).map((kind) => {
      const own = rows.find((r) => r.kind === kind && r.arrangement_id === arrangementId);
      const general = rows.find((r) => r.kind === kind && r.arrangement_id === null);
      const used = own ?? general;
      return {
        kind,
        arrangementId: own ? arrangementId : null,
        arrangementName: own ? arrangement.name : null,
        glAccount: used?.gl_account ?? '',
        costCentre: used?.cost_centre ?? '',
        overridden: Boolean(own),
      };
    });
    return { municipalityId: arrangement.municipality_id, codes };
  }

  /**
   * Sets the general-ledger account and cost centre of one kind, for the municipality or (arrangementId) for one
   * arrangement. An arrangement's code with an empty account removes the override.
   */
  async setLedgerCode(
    ctx: RequestContext,
    input: {
      municipalityId: string;
      kind: JournalKind;
      arrangementId?: string | null;
      glAccount?: string | null;
      costCentre?: string | null;
    },
  ): Promise<Result<LedgerCodes>> {
    if (!inScope(ctx.viewer, input.municipalityId) || !(await this.municipalityExists(ctx.em, input.municipalityId)))
      return problem('municipalityId', 'NOT_FOUND', NOT_FOUND);
    if (!JOURNAL_KINDS.includes(input.kind)) return problem('kind', 'INVALID', 'Kies een soort rekening.');
    const arrangementId = input.arrangementId || null;
    if (arrangementId) {
      if (!JOURNAL_KIND_INFO[input.kind].perArrangement)
        return problem(
          'kind',
          'INVALID',
          `${JOURNAL_KIND_INFO[input.kind].label} heeft één rekening voor de hele gemeente, niet per regeling.`,
        );
      const found = isUuid(arrangementId)
        ? await ctx.em.execute(`select 1 from arrangement where id = ? and municipality_id = ?`, [
            arrangementId,
            input.municipalityId,
          ])
        : [];
      if (!found.length) return problem('arrangementId', 'NOT_FOUND', 'Deze regeling is niet gevonden.');
    }
    const removing = Boolean(arrangementId) && !(input.glAccount ?? '').trim() && !(input.costCentre ?? '').trim();
    let glAccount = '';
    let costCentre = '';
    if (!removing) {
      const account = glAccountRule.check(input.glAccount);
      if (!account.ok) return problem('glAccount', account.problem.code, account.problem.message);
      const centre = costCentreRule.check(input.costCentre);
      if (!centre.ok) return problem('costCentre', centre.problem.code, centre.problem.message);
      glAccount = account.value;
      costCentre = centre.value;
    }
    const actorId = auditActorOf(ctx.viewer).id;
    await transactional(ctx, async (tx) => {
      const where = arrangementId ? 'arrangement_id = ?' : 'arrangement_id is null';
      const key = arrangementId
        ? [input.municipalityId, input.kind, arrangementId]
        : [input.municipalityId, input.kind];
      if (removing) {
        await tx.em.execute(
          `delete from journal_ledger_code where municipality_id = ? and kind = ? and ${where}`,
          key as string[],
        );
      } else {
        const updated = await tx.em.execute(
          `update journal_ledger_code set gl_account = ?, cost_centre = ?, updated_at = ?, updated_by = ?
            where municipality_id = ? and kind = ? and ${where} returning id`,
          [glAccount, costCentre, ctx.clock.now(), actorId, ...key],
        );
        if (!updated.length)
          await tx.em.execute(
            `insert into journal_ledger_code (municipality_id, kind, arrangement_id, gl_account, cost_centre, updated_at, updated_by)
             values (?, ?, ?, ?, ?, ?, ?)
             on conflict do nothing`,
            [input.municipalityId, input.kind, arrangementId, glAccount, costCentre, ctx.clock.now(), actorId],
          );
      }
      await this.audit.record(tx, {
        action: removing ? 'journal.code_removed' : 'journal.code_set',
        subjectType: 'municipality',
        subjectId: input.municipalityId,
        details: { kind: input.kind, arrangementId, glAccount, costCentre },
      });
    });
    return ok((await this.ledgerCodes(ctx, input.municipalityId))!);
  }

  async updateSettings(
    ctx: RequestContext,
    input: { municipalityId: string; numberFormat: NumberFormat; journalCode?: string | null },
  ): Promise<Result<LedgerCodes>> {
    if (!inScope(ctx.viewer, input.municipalityId) || !(await this.municipalityExists(ctx.em, input.municipalityId)))
      return problem('municipalityId', 'NOT_FOUND', NOT_FOUND);
    if (!NUMBER_FORMATS.includes(input.numberFormat))
      return problem('numberFormat', 'INVALID', 'Kies de Nederlandse of de internationale notatie.');
    const code = journalCodeRule.check(input.journalCode);
    if (!code.ok) return problem('journalCode', code.problem.code, code.problem.message);
    await transactional(ctx, async (tx) => {
      await tx.em.execute(
        `insert into journal_setting (municipality_id, number_format, journal_code, updated_at, updated_by)
         values (?, ?, ?, ?, ?)
         on conflict (municipality_id) do update
           set number_format = excluded.number_format, journal_code = excluded.journal_code,
               updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
        [input.municipalityId, input.numberFormat, code.value, ctx.clock.now(), auditActorOf(ctx.viewer).id],
      );
      await this.audit.record(tx, {
        action: 'journal.settings_updated',
        subjectType: 'municipality',
        subjectId: input.municipalityId,
        details: { numberFormat: input.numberFormat, journalCode: code.value },
      });
    });
    return ok((await this.ledgerCodes(ctx, input.municipalityId))!);
  }

  // ---- the day totals ------------------------------------------------------------------------------------------

  /**
   * Folds each key's rows of the day totals into one (the job `journal.foldDayTotals`, hourly): a booking only adds
   * rows, so a busy day gathers a few thousand, which a month's totals would otherwise read. The sums stay the same.
   */
  async foldDayTotals(ctx: RequestContext): Promise<number> {
    const [{ folded }] = await ctx.em.execute<{ folded: number }[]>(`select journal_day_total_fold() as folded`);
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

  private async periodRows(em: EntityManager, municipalityId: string): Promise<PeriodRow[]> {
    const rows = await em.execute<
      {
        period: string;
        exported_at: Date | string | null;
        export_count: number;
        closed_at: Date | string | null;
        closed_at_text: string | null;
      }[]
    >(
      `select to_char(period, 'YYYY-MM') as period, exported_at, export_count, closed_at, closed_at::text as closed_at_text
         from journal_period where municipality_id = ? order by period`,
      [municipalityId],
    );
    return rows.map((r) => ({ ...r, exported_at: asDate(r.exported_at), closed_at: asDate(r.closed_at) }));
  }

  /** The months of the last year (newest first), with their export and close moments. */
  async periods(ctx: RequestContext, municipalityId: string): Promise<JournalPeriodInfo[] | null> {
    if (!inScope(ctx.viewer, municipalityId)) return null;
    const rows = await this.periodRows(ctx.em, municipalityId);
    const current = this.currentPeriod(ctx);
    return Array.from({ length: 13 }, (_, i) => this.info(rows, municipalityId, addMonths(current, -i)));
  }

  /**
   * The created_at intervals [lo, hi) of the transactions booked in `period`, as SQL expressions with literals only (a
   * cursor is declared with them): the month itself (up to its close, once closed), and before it each month of an
   * unbroken run of closed months, from its close on. See the class comment for the rule.
   */
  private bookingIntervals(rows: PeriodRow[], period: string): { lo: string; hi: string }[] {
    const closedAt = new Map(rows.filter((r) => r.closed_at_text).map((r) => [r.period, r.closed_at_text!]));
    const ts = (text: string) => `${literal(text, TIMESTAMP)}::timestamptz`;
    const closedHere = closedAt.get(period);
    const upTo = (end: string) => (closedHere ? `least(${end}, ${ts(closedHere)})` : end);
    const intervals = [{ lo: monthStart(period), hi: upTo(monthStart(addMonths(period, 1))) }];
    // Months just before, closed without a gap: what was made in them after they were closed falls here.
    const after: string[] = [];
    for (let p = addMonths(period, -1); closedAt.has(p); p = addMonths(p, -1)) {
      after.push(ts(closedAt.get(p)!));
      intervals.push({
        lo: `greatest(${[monthStart(p), ...after].join(', ')})`,
        hi: upTo(monthStart(addMonths(p, 1))),
      });
    }
    return intervals;
  }

  /**
   * The FROM/WHERE of the transactions booked in `period` (alias `t`) and their booking date (`booking_date`), as SQL
   * with literals only (a cursor is declared with it).
   */
  private periodSql(rows: PeriodRow[], municipalityId: string, period: string) {
    const intervals = this.bookingIntervals(rows, period);
    return {
      from: `ledger_transaction t where t.municipality_id = ${literal(municipalityId, UUID)} and (${intervals
        .map((i) => `(t.created_at >= ${i.lo} and t.created_at < ${i.hi})`)
        .join(' or ')})`,
      bookingDate: `case when t.created_at >= ${monthStart(period)}
        then to_char(t.created_at at time zone 'Europe/Amsterdam', 'YYYY-MM-DD') else ${literal(`${period}-01`, MONTH_START)} end`,
    };
  }

  /**
   * The ledger codes a period is derived with (kind, arrangement_id, gl_account, cost_centre): the municipality's
   * current ones while the period is open, the ones its last export used once it is closed.
   */
  private codesSql(municipalityId: string, period: string): string {
    const m = literal(municipalityId, UUID);
    const p = `${literal(`${period}-01`, MONTH_START)}::date`;
    return `(select c.kind, c.arrangement_id, c.gl_account, c.cost_centre from journal_ledger_code c
         where c.municipality_id = ${m} and not exists (select 1 from journal_period jp
           where jp.municipality_id = ${m} and jp.period = ${p} and jp.closed_at is not null)
       union all
       select x.kind, x.arrangement_id, x.gl_account, x.cost_centre from journal_period jp
         cross join jsonb_to_recordset(jp.export_codes) as x(kind text, arrangement_id uuid, gl_account text, cost_centre text)
        where jp.municipality_id = ${m} and jp.period = ${p} and jp.closed_at is not null)`;
  }

  /** The export format of a period: the municipality's, or the last export's once the period is closed. */
  private async settingsFor(em: EntityManager, municipalityId: string, period: string): Promise<JournalSettings> {
    const [row] = await em.execute<{ export_settings: JournalSettings | string | null }[]>(
      `select export_settings from journal_period where municipality_id = ? and period = ?::date and closed_at is not null`,
      [municipalityId, `${period}-01`],
    );
    const frozen = typeof row?.export_settings === 'string' ? JSON.parse(row.export_settings) : row?.export_settings;
    return frozen ?? this.settings(em, municipalityId);
  }

  /**
   * Every line of the period's entries, in export order, grouped per transaction, account, cost centre and side. With
   * `limitTransactions`, only the first transactions: the booking date rises with the creation time (a transaction
   * made in a closed month before the period is booked on its first day, and was made before every other one), so
   * the first by (created_at, id) are the first by (booking date, created_at, id) — a walk of the
   * (municipality_id, created_at) index instead of sorting the month.
   */
  private linesSql(rows: PeriodRow[], municipalityId: string, period: string, limitTransactions?: number) {
    const { from, bookingDate } = this.periodSql(rows, municipalityId, period);
    return `
      with codes as ${this.codesSql(municipalityId, period)},
      tx as (
        select t.id, t.kind, t.description, t.created_at, t.order_id, ${bookingDate} as booking_date from ${from}
        ${limitTransactions ? `order by t.created_at, t.id limit ${Math.trunc(limitTransactions)}` : ''}
      ), lines as (
        select t.id as transaction_id, t.booking_date, t.created_at, t.description, t.order_id,
               ${JOURNAL_KIND_SQL} as kind, coalesce(a.arrangement_id, s.arrangement_id) as arrangement_id,
               e.amount_cents
          from tx t join ledger_entry e on e.transaction_id = t.id join ledger_account a on a.id = e.account_id
          left join assignment s on s.id = a.assignment_id
      )
      select l.booking_date, l.transaction_id::text as transaction_id, l.description,
             coalesce(o.number, l.transaction_id::text) as reference, l.kind,
             coalesce(ov.gl_account, d.gl_account) as gl_account, coalesce(ov.cost_centre, d.cost_centre) as cost_centre,
             sum(case when l.amount_cents < 0 then -l.amount_cents else 0 end)::bigint as debit_cents,
             sum(case when l.amount_cents > 0 then l.amount_cents else 0 end)::bigint as credit_cents
        from lines l
        left join customer_order o on o.id = l.order_id
        left join codes ov on ov.kind = l.kind and ov.arrangement_id = l.arrangement_id
        left join codes d on d.kind = l.kind and d.arrangement_id is null
       group by l.booking_date, l.created_at, l.transaction_id, l.description, o.number, l.kind,
             coalesce(ov.gl_account, d.gl_account), coalesce(ov.cost_centre, d.cost_centre), l.amount_cents < 0
       order by l.booking_date, l.created_at, l.transaction_id, l.amount_cents < 0 desc,
             coalesce(ov.gl_account, d.gl_account), coalesce(ov.cost_centre, d.cost_centre), l.kind`;
  }

  private toLine(r: Record<string, unknown>): JournalLine {
    return {
      bookingDate: r.booking_date as string,
      transactionId: r.transaction_id as string,
      description: r.description as string,
      reference: r.reference as string,
      kind: r.kind as JournalKind,
      glAccount: (r.gl_account as string | null) ?? null,
      costCentre: (r.cost_centre as string | null) ?? null,
      debitCents: Number(r.debit_cents),
      creditCents: Number(r.credit_cents),
    };
  }

  /**
   * A period's totals per journal kind and arrangement, mapped onto the general-ledger codes, with what is not mapped
   * yet and the number of transactions. From `journal_day_total` (Migration20261128010000_journal_day_totals): the
   * whole Amsterdam days of the period's booking intervals from there, what lies between an interval's edge and the
   * next whole day (only where a month was closed in its course) from the ledger; `fromLedger` reads every entry of
   * the period from the ledger instead (the reference the tests compare with). One statement.
   */
  private async totals(
    em: EntityManager,
    rows: PeriodRow[],
    municipalityId: string,
    period: string,
    options: { fromLedger?: boolean } = {},
  ): Promise<Pick<JournalPeriodSummary, 'transactionCount' | 'debitCents' | 'creditCents' | 'accounts' | 'unmapped'>> {
    const m = literal(municipalityId, UUID);
    const intervals = this.bookingIntervals(rows, period);
    // Every bound is an expression of literals, which PostgreSQL works out before planning: the plan sees how much of
    // the ledger each part reads (mostly nothing).
    const local = (t: string) => `((${t}) at time zone 'Europe/Amsterdam')`;
    const moment = (midnight: string) => `(${midnight} at time zone 'Europe/Amsterdam')`;
    const whole = intervals.map(({ lo, hi }) => {
      // The first midnight at or after lo, and the last at or before hi (Amsterdam): the whole days lie between.
      const first = `(date_trunc('day', ${local(lo)}) + case when ${local(lo)} = date_trunc('day', ${local(lo)}) then interval '0' else interval '1 day' end)`;
      const end = `date_trunc('day', ${local(hi)})`;
      return { lo, hi, firstDay: `${first}::date`, endDay: `${end}::date`, first: moment(first), end: moment(end) };
    });
    const fromLedger = Boolean(options.fromLedger);
    // What the day totals do not cover: before an interval's first whole day and after its last (all of it when it
    // holds no whole day); with fromLedger, the intervals themselves.
    const live = fromLedger
      ? intervals
      : whole.flatMap((w) => [
          { lo: w.lo, hi: `least(${w.hi}, ${w.first})` },
          { lo: `greatest(${w.lo}, ${w.end}, ${w.first})`, hi: w.hi },
        ]);
    const stored = fromLedger
      ? `select null::text as kind, null::uuid as arrangement_id, 0::bigint as transactions, 0::bigint as debit_cents,
                0::bigint as credit_cents where false`
      : `select j.kind, j.arrangement_id, sum(j.transactions)::bigint as transactions,
                sum(j.debit_cents)::bigint as debit_cents, sum(j.credit_cents)::bigint as credit_cents
           from journal_day_total j
          where j.municipality_id = ${m}
            and (${whole.map((w) => `(j.day >= ${w.firstDay} and j.day < ${w.endDay})`).join(' or ')})
          group by 1, 2`;
    const kinds = `{${JOURNAL_KINDS.join(',')}}`;
    const [row] = await em.execute<
      {
        transactions: number | string;
        accounts:
          | {
              kind: JournalKind;
              gl_account: string | null;
              cost_centre: string | null;
              debit_cents: number;
              credit_cents: number;
            }[]
          | null;
        unmapped: { kind: JournalKind; arrangement_name: string | null }[] | null;
      }[]
    >(
      `with codes as ${this.codesSql(municipalityId, period)},
       stored as (${stored}),
       tx as (select t.id, t.kind from ledger_transaction t
               where t.municipality_id = ${m}
                 and (${live.map((r) => `(t.created_at >= ${r.lo} and t.created_at < ${r.hi})`).join(' or ')})),
       sums as (
         select kind, arrangement_id, sum(debit_cents) as debit_cents, sum(credit_cents) as credit_cents
           from (select kind, arrangement_id, debit_cents, credit_cents from stored
                 union all
                 select ${JOURNAL_KIND_SQL}, coalesce(a.arrangement_id, s.arrangement_id),
                        case when e.amount_cents < 0 then -e.amount_cents else 0 end,
                        case when e.amount_cents > 0 then e.amount_cents else 0 end
                   from tx t join ledger_entry e on e.transaction_id = t.id join ledger_account a on a.id = e.account_id
                   left join assignment s on s.id = a.assignment_id) x
          group by 1, 2),
       mapped as (
         select x.kind, x.arrangement_id, coalesce(ov.gl_account, d.gl_account) as gl_account,
                coalesce(ov.cost_centre, d.cost_centre) as cost_centre, x.debit_cents, x.credit_cents
           from sums x
           left join codes ov on ov.kind = x.kind and ov.arrangement_id = x.arrangement_id
           left join codes d on d.kind = x.kind and d.arrangement_id is null)
       select (select count(*) from tx) + (select coalesce(sum(transactions), 0) from stored) as transactions,
              (select json_agg(g order by array_position(?::text[], g.kind), g.gl_account, g.cost_centre)
                 from (select kind, gl_account, cost_centre, sum(debit_cents)::bigint as debit_cents,
                              sum(credit_cents)::bigint as credit_cents
                         from mapped group by kind, gl_account, cost_centre) g) as accounts,
              (select json_agg(u order by array_position(?::text[], u.kind), u.arrangement_name)
                 from (select distinct m.kind, r.name as arrangement_name from mapped m
                         left join arrangement r on r.id = m.arrangement_id
                        where not exists (select 1 from codes c where c.kind = m.kind
                                           and (c.arrangement_id is null or c.arrangement_id = m.arrangement_id))) u) as unmapped`,
      [kinds, kinds],
    );
    const accounts = (row?.accounts ?? []).map((t) => ({
      kind: t.kind,
      glAccount: t.gl_account ?? null,
      costCentre: t.cost_centre ?? null,
      debitCents: Number(t.debit_cents),
      creditCents: Number(t.credit_cents),
    }));
    return {
      transactionCount: Number(row?.transactions ?? 0),
      debitCents: accounts.reduce((sum, a) => sum + a.debitCents, 0),
      creditCents: accounts.reduce((sum, a) => sum + a.creditCents, 0),
      accounts,
      unmapped: (row?.unmapped ?? []).map((r) =>
        r.arrangement_name && JOURNAL_KIND_INFO[r.kind].perArrangement
          ? `${JOURNAL_KIND_INFO[r.kind].label} (${r.arrangement_name})`
          : JOURNAL_KIND_INFO[r.kind].label,
      ),
    };
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
    const rows = await this.periodRows(ctx.em, municipalityId);
    const totals = want.totals
      ? await this.totals(ctx.em, rows, municipalityId, period, { fromLedger: want.fromLedger })
      : { transactionCount: 0, debitCents: 0, creditCents: 0, accounts: [], unmapped: [] };
    const lines =
      want.lines === null
        ? []
        : (
            await ctx.em.execute<Record<string, unknown>[]>(
              this.linesSql(rows, municipalityId, period, Math.min(Math.max(want.lines, 1), 200)),
            )
          ).map((r) => this.toLine(r));
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
    if (!inScope(ctx.viewer, municipalityId) || !(await this.municipalityExists(ctx.em, municipalityId)))
      return problem('municipalityId', 'NOT_FOUND', NOT_FOUND);
    const checked = this.checkPeriod(ctx, rawPeriod);
    if (!checked.ok) return checked;
    const period = checked.value;
    const { unmapped } = await this.totals(
      ctx.em,
      await this.periodRows(ctx.em, municipalityId),
      municipalityId,
      period,
    );
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
        const settings = await this.settingsFor(em, municipalityId, period);
        const [snapshot] = await em.execute<{ codes: unknown }[]>(
          `select coalesce(jsonb_agg(to_jsonb(c) order by c.kind, c.arrangement_id nulls first), '[]'::jsonb) as codes
             from ${this.codesSql(municipalityId, period)} c`,
        );
        used = { codes: snapshot?.codes ?? [], settings };
        const { numberFormat, journalCode } = settings;
        const delimiter = numberFormat === 'NL' ? ';' : ',';
        await em.execute(
          `declare journal_export no scroll cursor for ${this.linesSql(await this.periodRows(em, municipalityId), municipalityId, period)}`,
        );
        const columns = exportColumns(numberFormat);
        const csv = { delimiter, recordDelimiter: '\r\n' } as const;
        await write(csvText(columns, [], csv));
        for (;;) {
          const rows = await em.execute<Record<string, unknown>[]>(`fetch ${batch} from journal_export`);
          if (!rows.length) break;
          lines += rows.length;
          const records = rows.map((r) => {
            const l = this.toLine(r);
            return [
              formatDate(l.bookingDate, numberFormat),
              journalCode,
              l.glAccount ?? '',
              l.costCentre ?? '',
              l.debitCents,
              l.creditCents,
              l.description,
              l.reference,
            ];
          });
          await write(csvText(columns, records, { ...csv, header: false }));
          if (rows.length < batch) break;
        }
        await em.execute(`close journal_export`);
      },
      { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
    );
    const exported = used as unknown as { codes: unknown; settings: JournalSettings };
    await transactional(ctx, async (tx) => {
      await tx.em.execute(
        `insert into journal_period (municipality_id, period, exported_at, exported_by, export_count, export_codes,
           export_settings)
         values (?, ?::date, ?, ?, 1, ?::jsonb, ?::jsonb)
         on conflict (municipality_id, period) do update
           set exported_at = excluded.exported_at, exported_by = excluded.exported_by,
               export_count = journal_period.export_count + 1,
               export_codes = excluded.export_codes, export_settings = excluded.export_settings`,
        [
          municipalityId,
          `${period}-01`,
          snapshotAt,
          auditActorOf(ctx.viewer).id,
          JSON.stringify(exported.codes),
          JSON.stringify(exported.settings),
        ],
      );
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
    if (!inScope(ctx.viewer, municipalityId) || !(await this.municipalityExists(ctx.em, municipalityId)))
      return problem('municipalityId', 'NOT_FOUND', NOT_FOUND);
    const checked = this.checkPeriod(ctx, rawPeriod);
    if (!checked.ok) return checked;
    const period = checked.value;
    const label = periodLabel(period);
    const result = await transactional(ctx, async (tx): Promise<Result<JournalPeriodInfo>> => {
      // The row lock serialises two closes (and a close against an export's bookkeeping) of one period.
      const [row] = await tx.em.execute<{ exported_at: Date | null; closed_at: Date | null; export_count: number }[]>(
        `select exported_at, closed_at, export_count from journal_period where municipality_id = ? and period = ?::date
         for update`,
        [municipalityId, `${period}-01`],
      );
      if (row?.closed_at) return problem('period', 'ALREADY_CLOSED', `De periode ${label} is al afgesloten.`);
      if (!row?.exported_at)
        return problem('period', 'NOT_EXPORTED', `Exporteer de periode ${label} eerst; daarna kunt u haar afsluiten.`);
      const { from } = this.periodSql(await this.periodRows(tx.em, municipalityId), municipalityId, period);
      const [{ n }] = (await tx.em.execute<{ n: number }[]>(
        `select count(*)::int as n from ${from} and t.created_at >= ?`,
        [row.exported_at],
      )) as [{ n: number }];
      if (n > 0)
        return problem(
          'period',
          'CHANGED_SINCE_EXPORT',
          `Na de laatste export van ${label} zijn er nog ${n === 1 ? 'een boeking' : `${n} boekingen`} bijgekomen. Exporteer de periode opnieuw en sluit haar daarna af.`,
        );
      const now = ctx.clock.now();
      await tx.em.execute(
        `update journal_period set closed_at = ?, closed_by = ? where municipality_id = ? and period = ?::date`,
        [now, auditActorOf(ctx.viewer).id, municipalityId, `${period}-01`],
      );
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
