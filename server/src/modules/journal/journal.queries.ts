import type { EntityManager } from '@mikro-orm/postgresql';
import {
  JOURNAL_KIND_INFO,
  JOURNAL_KIND_SQL,
  JOURNAL_KINDS,
  addMonths,
  type JournalKind,
  type NumberFormat,
} from './journal.kinds.js';
import type { JournalLine, JournalPeriodSummary, JournalSettings, PeriodRow } from './journal.records.js';

/**
 * The journal's SQL (docs, "Persistence: entities and queries"): the mapping's rows, and the periods' entries and
 * totals derived from the ledger (a read model: nothing of it is stored but the mapping and the periods' moments).
 * Plain functions, no rules: `journal.mapping.ts` and `journal.periods.ts` decide.
 */

export async function municipalityExists(em: EntityManager, municipalityId: string): Promise<boolean> {
  const rows = await em.execute(`select 1 from municipality where id = ?`, [municipalityId]);
  return rows.length > 0;
}

// ---- the mapping ---------------------------------------------------------------------------------------------------

export async function selectSettings(em: EntityManager, municipalityId: string): Promise<JournalSettings> {
  const [row] = await em.execute<{ number_format: NumberFormat; journal_code: string }[]>(
    `select number_format, journal_code from journal_setting where municipality_id = ?`,
    [municipalityId],
  );
  return { numberFormat: row?.number_format ?? 'NL', journalCode: row?.journal_code ?? 'GW' };
}

/** A municipality's ledger codes, in the order of the kinds, the general one before an arrangement's. */
export async function ledgerCodeRows(
  em: EntityManager,
  municipalityId: string,
): Promise<
  {
    kind: JournalKind;
    arrangement_id: string | null;
    arrangement_name: string | null;
    gl_account: string;
    cost_centre: string;
  }[]
> {
  return em.execute(
    `select c.kind, c.arrangement_id, r.name as arrangement_name, c.gl_account, c.cost_centre
       from journal_ledger_code c left join arrangement r on r.id = c.arrangement_id
      where c.municipality_id = ?
      order by array_position(?::text[], c.kind), r.name nulls first, c.arrangement_id nulls first`,
    [municipalityId, `{${JOURNAL_KINDS.join(',')}}`],
  );
}

export async function arrangementsOf(
  em: EntityManager,
  municipalityId: string,
): Promise<{ id: string; name: string }[]> {
  return em.execute(`select id, name from arrangement where municipality_id = ? order by name, id`, [municipalityId]);
}

export async function arrangementById(
  em: EntityManager,
  arrangementId: string,
): Promise<{ municipality_id: string; name: string } | undefined> {
  const [arrangement] = await em.execute<{ municipality_id: string; name: string }[]>(
    `select municipality_id, name from arrangement where id = ?`,
    [arrangementId],
  );
  return arrangement;
}

export async function arrangementInMunicipality(
  em: EntityManager,
  arrangementId: string,
  municipalityId: string,
): Promise<boolean> {
  const found = await em.execute(`select 1 from arrangement where id = ? and municipality_id = ?`, [
    arrangementId,
    municipalityId,
  ]);
  return found.length > 0;
}

/** The codes of an arrangement's bookings: its own and the municipality's general ones. */
export async function arrangementCodeRows(
  em: EntityManager,
  municipalityId: string,
  arrangementId: string,
): Promise<{ kind: JournalKind; arrangement_id: string | null; gl_account: string; cost_centre: string }[]> {
  return em.execute(
    `select kind, arrangement_id, gl_account, cost_centre from journal_ledger_code
      where municipality_id = ? and (arrangement_id is null or arrangement_id = ?)`,
    [municipalityId, arrangementId],
  );
}

/** Removes the code of a kind (the municipality's, or with `arrangementId` an arrangement's override). */
export async function deleteLedgerCode(
  em: EntityManager,
  key: { municipalityId: string; kind: JournalKind; arrangementId: string | null },
): Promise<void> {
  const where = key.arrangementId ? 'arrangement_id = ?' : 'arrangement_id is null';
  const params = key.arrangementId ? [key.municipalityId, key.kind, key.arrangementId] : [key.municipalityId, key.kind];
  await em.execute(`delete from journal_ledger_code where municipality_id = ? and kind = ? and ${where}`, params);
}

/** Sets the code of a kind (the municipality's, or with `arrangementId` an arrangement's override). */
export async function upsertLedgerCode(
  em: EntityManager,
  key: { municipalityId: string; kind: JournalKind; arrangementId: string | null },
  code: { glAccount: string; costCentre: string; at: Date; by: string | null },
): Promise<void> {
  const where = key.arrangementId ? 'arrangement_id = ?' : 'arrangement_id is null';
  const params = key.arrangementId ? [key.municipalityId, key.kind, key.arrangementId] : [key.municipalityId, key.kind];
  const updated = await em.execute(
    `update journal_ledger_code set gl_account = ?, cost_centre = ?, updated_at = ?, updated_by = ?
      where municipality_id = ? and kind = ? and ${where} returning id`,
    [code.glAccount, code.costCentre, code.at, code.by, ...params],
  );
  if (!updated.length)
    await em.execute(
      `insert into journal_ledger_code (municipality_id, kind, arrangement_id, gl_account, cost_centre, updated_at, updated_by)
       values (?, ?, ?, ?, ?, ?, ?)
       on conflict do nothing`,
      [key.municipalityId, key.kind, key.arrangementId, code.glAccount, code.costCentre, code.at, code.by],
    );
}

export async function upsertSettings(
  em: EntityManager,
  municipalityId: string,
  settings: JournalSettings & { at: Date; by: string | null },
): Promise<void> {
  await em.execute(
    `insert into journal_setting (municipality_id, number_format, journal_code, updated_at, updated_by)
     values (?, ?, ?, ?, ?)
     on conflict (municipality_id) do update
       set number_format = excluded.number_format, journal_code = excluded.journal_code,
           updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
    [municipalityId, settings.numberFormat, settings.journalCode, settings.at, settings.by],
  );
}

// ---- the day totals ------------------------------------------------------------------------------------------------

/** Folds each key's rows of the day totals into one; returns the keys folded. */
export async function foldDayTotals(em: EntityManager): Promise<number> {
  const [{ folded }] = (await em.execute<{ folded: number }[]>(`select journal_day_total_fold() as folded`)) as [
    { folded: number },
  ];
  return folded;
}

// ---- periods -------------------------------------------------------------------------------------------------------

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
export function asDate(value: Date | string | null | undefined): Date | null {
  return value == null
    ? null
    : value instanceof Date
      ? value
      : new Date(value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
}

export async function periodRows(em: EntityManager, municipalityId: string): Promise<PeriodRow[]> {
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

/**
 * The created_at intervals [lo, hi) of the transactions booked in `period`, as SQL expressions with literals only (a
 * cursor is declared with them): the month itself (up to its close, once closed), and before it each month of an
 * unbroken run of closed months, from its close on. See the class comment for the rule.
 */
export function bookingIntervals(rows: PeriodRow[], period: string): { lo: string; hi: string }[] {
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
export function periodSql(rows: PeriodRow[], municipalityId: string, period: string) {
  const intervals = bookingIntervals(rows, period);
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
export function codesSql(municipalityId: string, period: string): string {
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
export async function settingsFor(em: EntityManager, municipalityId: string, period: string): Promise<JournalSettings> {
  const [row] = await em.execute<{ export_settings: JournalSettings | string | null }[]>(
    `select export_settings from journal_period where municipality_id = ? and period = ?::date and closed_at is not null`,
    [municipalityId, `${period}-01`],
  );
  const frozen = typeof row?.export_settings === 'string' ? JSON.parse(row.export_settings) : row?.export_settings;
  return frozen ?? selectSettings(em, municipalityId);
}

/**
 * Every line of the period's entries, in export order, grouped per transaction, account, cost centre and side. With
 * `limitTransactions`, only the first transactions: the booking date rises with the creation time (a transaction
 * made in a closed month before the period is booked on its first day, and was made before every other one), so
 * the first by (created_at, id) are the first by (booking date, created_at, id) — a walk of the
 * (municipality_id, created_at) index instead of sorting the month.
 */
export function linesSql(rows: PeriodRow[], municipalityId: string, period: string, limitTransactions?: number) {
  const { from, bookingDate } = periodSql(rows, municipalityId, period);
  return `
    with codes as ${codesSql(municipalityId, period)},
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

export function toLine(r: Record<string, unknown>): JournalLine {
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
export async function periodTotals(
  em: EntityManager,
  rows: PeriodRow[],
  municipalityId: string,
  period: string,
  options: { fromLedger?: boolean } = {},
): Promise<Pick<JournalPeriodSummary, 'transactionCount' | 'debitCents' | 'creditCents' | 'accounts' | 'unmapped'>> {
  const m = literal(municipalityId, UUID);
  const intervals = bookingIntervals(rows, period);
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
    `with codes as ${codesSql(municipalityId, period)},
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

/** The codes a period's export uses, as JSON (kept with the export: a close keeps the period on them). */
export async function codesSnapshot(em: EntityManager, municipalityId: string, period: string): Promise<unknown> {
  const [snapshot] = await em.execute<{ codes: unknown }[]>(
    `select coalesce(jsonb_agg(to_jsonb(c) order by c.kind, c.arrangement_id nulls first), '[]'::jsonb) as codes
       from ${codesSql(municipalityId, period)} c`,
  );
  return snapshot?.codes ?? [];
}

/** The first lines of a period (its first `limitTransactions` transactions). */
export async function periodLines(
  em: EntityManager,
  rows: PeriodRow[],
  municipalityId: string,
  period: string,
  limitTransactions: number,
): Promise<JournalLine[]> {
  const found = await em.execute<Record<string, unknown>[]>(linesSql(rows, municipalityId, period, limitTransactions));
  return found.map(toLine);
}

/**
 * Every line of a period through a cursor in the caller's transaction: `each` gets them in batches of `batch`.
 * Returns the number of lines.
 */
export async function eachPeriodLine(
  em: EntityManager,
  municipalityId: string,
  period: string,
  batch: number,
  each: (lines: JournalLine[]) => Promise<void>,
): Promise<number> {
  let count = 0;
  await em.execute(
    `declare journal_export no scroll cursor for ${linesSql(await periodRows(em, municipalityId), municipalityId, period)}`,
  );
  for (;;) {
    const rows = await em.execute<Record<string, unknown>[]>(`fetch ${Math.trunc(batch)} from journal_export`);
    if (!rows.length) break;
    count += rows.length;
    await each(rows.map(toLine));
    if (rows.length < batch) break;
  }
  await em.execute(`close journal_export`);
  return count;
}

/** Records an export of a period: its moment, who, and the codes and format it used. */
export async function recordExport(
  em: EntityManager,
  municipalityId: string,
  period: string,
  exported: { at: Date; by: string | null; codes: unknown; settings: JournalSettings },
): Promise<void> {
  await em.execute(
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
      exported.at,
      exported.by,
      JSON.stringify(exported.codes),
      JSON.stringify(exported.settings),
    ],
  );
}

/** A period's row, locked (serialises two closes, and a close against an export's bookkeeping). */
export async function lockPeriod(
  em: EntityManager,
  municipalityId: string,
  period: string,
): Promise<{ exported_at: Date | null; closed_at: Date | null; export_count: number } | undefined> {
  const [row] = await em.execute<{ exported_at: Date | null; closed_at: Date | null; export_count: number }[]>(
    `select exported_at, closed_at, export_count from journal_period where municipality_id = ? and period = ?::date
     for update`,
    [municipalityId, `${period}-01`],
  );
  return row;
}

/** The transactions booked in a period since a moment. */
export async function bookedSince(
  em: EntityManager,
  municipalityId: string,
  period: string,
  since: Date,
): Promise<number> {
  const { from } = periodSql(await periodRows(em, municipalityId), municipalityId, period);
  const [{ n }] = (await em.execute<{ n: number }[]>(`select count(*)::int as n from ${from} and t.created_at >= ?`, [
    since,
  ])) as [{ n: number }];
  return n;
}

export async function markClosed(
  em: EntityManager,
  municipalityId: string,
  period: string,
  closed: { at: Date; by: string | null },
): Promise<void> {
  await em.execute(
    `update journal_period set closed_at = ?, closed_by = ? where municipality_id = ? and period = ?::date`,
    [closed.at, closed.by, municipalityId, `${period}-01`],
  );
}
