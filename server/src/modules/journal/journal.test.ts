import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import pg from 'pg';
import { startTestServer, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { ManualClock } from '../../kernel/clock.js';
import { todayInAmsterdam } from '../../kernel/dates.js';
import { Arrangement } from '../arrangements/arrangement.entity.js';
import { ClientGroup } from '../customers/client-group.entity.js';
import { addMonths } from './journal.kinds.js';
import { JOURNAL_DAY_TOTALS_DRIFT_SQL } from './journal-day-totals.js';
import { createJobRegistry } from '../../jobs/registry.js';

const SET_CODE = `mutation($input: JournalLedgerCodeInput!) { setJournalLedgerCode(input: $input) {
  errors { field code message } ledgerCodes { codes { kind arrangementId glAccount costCentre } } } }`;
const SETTINGS = `mutation($input: JournalSettingsInput!) { updateJournalSettings(input: $input) {
  errors { field code message } ledgerCodes { numberFormat journalCode } } }`;
const CLOSE = `mutation($m: ID!, $p: String!) { closeJournalPeriod(municipalityId: $m, period: $p) {
  errors { field code message } period { period closedAt } } }`;
const PERIOD = `query($m: ID!, $p: String!) { journalPeriod(municipalityId: $m, period: $p, first: 200) {
  transactionCount debitCents creditCents unmapped accounts { kind glAccount costCentre debitCents creditCents }
  lines { transactionId bookingDate debitCents creditCents glAccount } } }`;
const GRANT = `mutation($input: GrantAssignmentInput!) { grantAssignment(input: $input) { errors { message } assignment { id } } }`;

/** The test's own codes: one account per kind, and the arrangement's own cost centre. */
const CODES: Record<string, string> = {
  BUDGET_GRANTED: '4000',
  BUDGET_SPENT: '4001',
  BUDGET_EXPIRED: '4002',
  OWN_CONTRIBUTIONS: '4003',
  REFUNDS: '4004',
  PROVIDER_PAYABLES: '4005',
  BANK: '4006',
};

/** 1.234,56 → 123456 (the Dutch export); 1234.56 → 123456 (international). */
function cents(text: string, format: 'NL' | 'INTERNATIONAL' = 'NL'): number {
  if (!text) return 0;
  const plain = format === 'NL' ? text.replace(/\./g, '').replace(',', '.') : text;
  return Math.round(Number(plain) * 100);
}

describe('journal entries (journaalposten)', () => {
  let server: TestServer;
  let finance: ReturnType<TestServer['client']>;
  let admin: ReturnType<TestServer['client']>;
  let municipalityId: string;
  let arrangement: Arrangement;
  let group: ClientGroup;
  const clock = new ManualClock(new Date());
  let period: string;

  beforeAll(async () => {
    server = await startTestServer({ seed: true, demoActivity: true, clock });
    finance = server.client();
    await finance.loginStaff(DEMO_STAFF.find((s) => s.role === 'FINANCIEN')!.email, DEMO_PASSWORD);
    admin = server.client();
    await admin.loginStaff(DEMO_STAFF[0]!.email, DEMO_PASSWORD);
    const em = server.orm.em.fork();
    arrangement = await em.findOneOrFail(Arrangement, { slug: { $like: 'kindpakket%' } });
    municipalityId = arrangement.municipality.id;
    group = await em.findOneOrFail(ClientGroup, { municipality: municipalityId }, { orderBy: { clientNumber: 'asc' } });
    await em.execute(`update arrangement set repeat_grants_allowed = true where id = ?`, [arrangement.id]);
    // Start without the demo's codes: the refusal of an unmapped account comes first.
    await em.execute(`delete from journal_ledger_code where municipality_id = ?`, [municipalityId]);
    period = todayInAmsterdam(clock.now()).slice(0, 7);
  });
  afterAll(async () => {
    await server?.close();
  });

  const exportUrl = (p: string) => `/api/journaalposten/export?gemeente=${municipalityId}&periode=${p}`;

  async function exportCsv(p = period) {
    const res = await finance.fetch(exportUrl(p));
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  }

  async function grant(amountCents: number) {
    const r: any = await admin.gql(GRANT, {
      input: {
        clientGroupId: group.id,
        arrangementId: arrangement.id,
        amountCents,
        ageExceptionReason: 'Journaaltest',
      },
    });
    expect(r.data.grantAssignment.errors).toEqual([]);
  }

  async function setCode(input: Record<string, unknown>) {
    const r: any = await finance.gql(SET_CODE, { input: { municipalityId, costCentre: '', ...input } });
    expect(r.errors).toBeUndefined();
    return r.data.setJournalLedgerCode as { errors: { field: string; message: string }[] };
  }

  it('refuses the export of a period with an unmapped ledger account, naming it in Dutch', async () => {
    const res = await exportCsv();
    expect(res.status).toBe(422);
    expect(res.text).toMatch(/‘Te betalen aan aanbieders’/);
    expect(res.text).toMatch(/nog geen grootboekrekening/);
    const [{ n }] = await server.orm.em.fork().execute(`select count(*)::int as n from journal_period`);
    expect(n).toBe(0);
  });

  it('validates ledger codes with Dutch messages from the shared rules', async () => {
    expect((await setCode({ kind: 'BANK', glAccount: '' })).errors[0]).toMatchObject({
      field: 'glAccount',
      message: 'Vul een grootboekrekening in.',
    });
    expect((await setCode({ kind: 'BANK', glAccount: '1100', costCentre: 'KP 1' })).errors[0]).toMatchObject({
      field: 'costCentre',
    });
    expect(
      (await setCode({ kind: 'BANK', glAccount: '1100', arrangementId: arrangement.id })).errors[0]?.message,
    ).toMatch(/niet per regeling/);
  });

  it('maps every kind, with a per-arrangement override, and shows the codes on the arrangement', async () => {
    for (const [kind, glAccount] of Object.entries(CODES))
      expect((await setCode({ kind, glAccount, costCentre: kind.startsWith('BUDGET') ? 'KP1' : '' })).errors).toEqual(
        [],
      );
    expect(
      (await setCode({ kind: 'BUDGET_GRANTED', arrangementId: arrangement.id, glAccount: '4000', costCentre: 'KP2' }))
        .errors,
    ).toEqual([]);
    expect(
      (await setCode({ kind: 'BUDGET_SPENT', arrangementId: arrangement.id, glAccount: '4001', costCentre: 'KP2' }))
        .errors,
    ).toEqual([]);
    const r: any = await admin.gql(
      `query($id: ID!) { arrangementLedgerCodes(arrangementId: $id) { codes { kind glAccount costCentre overridden } } }`,
      { id: arrangement.id },
    );
    expect(r.data.arrangementLedgerCodes.codes).toEqual([
      { kind: 'BUDGET_GRANTED', glAccount: '4000', costCentre: 'KP2', overridden: true },
      { kind: 'BUDGET_SPENT', glAccount: '4001', costCentre: 'KP2', overridden: true },
      { kind: 'BUDGET_EXPIRED', glAccount: '4002', costCentre: 'KP1', overridden: false },
    ]);
    const audit = await server.orm.em
      .fork()
      .execute(`select count(*)::int as n from audit_log where action = 'journal.code_set'`);
    expect(audit[0].n).toBe(9);
  });

  it('derives balanced entries whose totals equal the ledger’s movements, account by account', async () => {
    await grant(1234_56);
    const r: any = await finance.gql(PERIOD, { m: municipalityId, p: period });
    const detail = r.data.journalPeriod;
    expect(detail.unmapped).toEqual([]);
    expect(detail.transactionCount).toBeGreaterThan(0);
    expect(detail.debitCents).toBe(detail.creditCents);
    const perTx = new Map<string, number>();
    for (const l of detail.lines)
      perTx.set(l.transactionId, (perTx.get(l.transactionId) ?? 0) + l.debitCents - l.creditCents);
    expect([...perTx.values()].every((v) => v === 0)).toBe(true);

    const res = await exportCsv();
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/text\/csv/);
    const rows: string[][] = parse(res.text, { delimiter: ';' });
    expect(rows[0]).toEqual([
      'datum',
      'dagboek',
      'grootboekrekening',
      'kostenplaats',
      'debet',
      'credit',
      'omschrijving',
      'referentie',
    ]);
    const csv = new Map<string, { debit: number; credit: number }>();
    for (const [, , account, centre, debit, credit] of rows.slice(1)) {
      const key = `${account}/${centre}`;
      const t = csv.get(key) ?? { debit: 0, credit: 0 };
      t.debit += cents(debit!);
      t.credit += cents(credit!);
      csv.set(key, t);
    }
    // The ledger itself, straight from its tables: every entry of the month, mapped by the test's own table.
    const entries = await server.orm.em
      .fork()
      .execute<{ account_kind: string; tx_kind: string; arrangement_id: string | null; amount: string }[]>(
        `select a.kind as account_kind, t.kind as tx_kind, coalesce(a.arrangement_id, s.arrangement_id) as arrangement_id,
              e.amount_cents as amount
         from ledger_entry e join ledger_transaction t on t.id = e.transaction_id join ledger_account a on a.id = e.account_id
         left join assignment s on s.id = a.assignment_id
        where t.municipality_id = ? and to_char(t.created_at at time zone 'Europe/Amsterdam', 'YYYY-MM') = ?`,
        [municipalityId, period],
      );
    const ledger = new Map<string, { debit: number; credit: number }>();
    for (const e of entries) {
      const kind =
        e.account_kind === 'ARRANGEMENT_FUNDING'
          ? e.tx_kind === 'EXPIRY'
            ? 'BUDGET_EXPIRED'
            : 'BUDGET_GRANTED'
          : e.account_kind === 'ASSIGNMENT'
            ? 'BUDGET_SPENT'
            : e.account_kind === 'PAYMENT_CLEARING'
              ? e.tx_kind === 'REFUND'
                ? 'REFUNDS'
                : 'OWN_CONTRIBUTIONS'
              : e.account_kind === 'PROVIDER_PAYABLE'
                ? 'PROVIDER_PAYABLES'
                : 'BANK';
      const own = e.arrangement_id === arrangement.id && (kind === 'BUDGET_GRANTED' || kind === 'BUDGET_SPENT');
      const key = `${CODES[kind]}/${own ? 'KP2' : kind.startsWith('BUDGET') ? 'KP1' : ''}`;
      const t = ledger.get(key) ?? { debit: 0, credit: 0 };
      const amount = Number(e.amount);
      if (amount < 0) t.debit -= amount;
      else t.credit += amount;
      ledger.set(key, t);
    }
    expect(Object.fromEntries(csv)).toEqual(Object.fromEntries(ledger));
    expect(csv.size).toBeGreaterThanOrEqual(4);
    expect(res.text).toMatch(/;1\.234,56;/);
  });

  it('exports the same period to the same bytes twice, and records every export', async () => {
    const first = await exportCsv();
    const second = await exportCsv();
    expect(second.text).toBe(first.text);
    const em = server.orm.em.fork();
    const [row] = await em.execute(`select export_count from journal_period where municipality_id = ?`, [
      municipalityId,
    ]);
    expect(row.export_count).toBeGreaterThanOrEqual(3);
    const audit = await em.execute(`select details from audit_log where action = 'journal.exported'`);
    expect(audit.length).toBeGreaterThanOrEqual(3);
    const periods: any = await finance.gql(
      `query($m: ID!) { journalPeriods(municipalityId: $m) { period exportedAt exportCount closedAt exportUrl } }`,
      { m: municipalityId },
    );
    expect(periods.errors).toBeUndefined();
    const current = periods.data.journalPeriods[0];
    expect(current).toMatchObject({ period, closedAt: null });
    expect(new Date(current.exportedAt).getTime()).toBeGreaterThan(0);
    expect(current.exportUrl).toBe(exportUrl(period));
  });

  it('writes the international number format when set', async () => {
    const r: any = await finance.gql(SETTINGS, {
      input: { municipalityId, numberFormat: 'INTERNATIONAL', journalCode: '' },
    });
    expect(r.data.updateJournalSettings.errors[0].message).toBe('Vul een dagboekcode in.');
    const s: any = await finance.gql(SETTINGS, {
      input: { municipalityId, numberFormat: 'INTERNATIONAL', journalCode: 'MR' },
    });
    expect(s.data.updateJournalSettings.errors).toEqual([]);
    const res = await exportCsv();
    const rows: string[][] = parse(res.text, { delimiter: ',' });
    expect(rows[0]![0]).toBe('date');
    expect(rows[1]![1]).toBe('MR');
    expect(res.text).toMatch(/,1234\.56,/);
    await finance.gql(SETTINGS, { input: { municipalityId, numberFormat: 'NL', journalCode: 'GW' } });
  });

  it('closes a period only after an export of what it holds, and once', async () => {
    const previous = addMonths(period, -1);
    const never: any = await finance.gql(CLOSE, { m: municipalityId, p: previous });
    expect(never.data.closeJournalPeriod.errors[0].message).toMatch(/Exporteer de periode .* eerst/);
    await grant(500);
    const changed: any = await finance.gql(CLOSE, { m: municipalityId, p: period });
    expect(changed.data.closeJournalPeriod.errors[0].code).toBe('CHANGED_SINCE_EXPORT');
    const future: any = await finance.gql(CLOSE, { m: municipalityId, p: addMonths(period, 1) });
    expect(future.data.closeJournalPeriod.errors[0].message).toMatch(/nog niet begonnen/);

    expect((await exportCsv()).status).toBe(200);
    const [a, b]: any[] = await Promise.all([
      finance.gql(CLOSE, { m: municipalityId, p: period }),
      finance.gql(CLOSE, { m: municipalityId, p: period }),
    ]);
    const outcomes = [a.data.closeJournalPeriod, b.data.closeJournalPeriod];
    expect(outcomes.filter((o) => o.errors.length === 0)).toHaveLength(1);
    expect(new Date(outcomes.find((o) => o.errors.length === 0)!.period.closedAt).getTime()).toBeGreaterThan(0);
    expect(outcomes.find((o) => o.errors.length)!.errors[0].message).toMatch(/is al afgesloten/);
    const audit = await server.orm.em
      .fork()
      .execute(`select count(*)::int as n from audit_log where action = 'journal.period_closed'`);
    expect(audit[0].n).toBe(1);
  });

  it('books later corrections in the next open period, and leaves the closed one unchanged', async () => {
    const closed = await exportCsv();
    await grant(777);
    // Changed codes and format do not change a closed period either: it keeps those of its last export.
    expect(
      (await setCode({ kind: 'BUDGET_SPENT', arrangementId: arrangement.id, glAccount: '4999', costCentre: 'KP9' }))
        .errors,
    ).toEqual([]);
    const s: any = await finance.gql(SETTINGS, {
      input: { municipalityId, numberFormat: 'INTERNATIONAL', journalCode: 'XX' },
    });
    expect(s.data.updateJournalSettings.errors).toEqual([]);
    expect((await exportCsv()).text).toBe(closed.text);
    await finance.gql(SETTINGS, { input: { municipalityId, numberFormat: 'NL', journalCode: 'GW' } });
    const next = addMonths(period, 1);
    // A month later on the clock: the correction made after the close is in the next period, on its first day.
    clock.advance(32 * 24 * 3600 * 1000);
    await finance.loginStaff(DEMO_STAFF.find((s) => s.role === 'FINANCIEN')!.email, DEMO_PASSWORD);
    const later = await exportCsv(next);
    expect(later.status).toBe(200);
    const rows: string[][] = parse(later.text, { delimiter: ';' });
    const correction = rows.filter((r) => r[5] === '7,77' || r[4] === '7,77');
    expect(correction).toHaveLength(2);
    expect(correction.map((r) => `${r[2]}/${r[3]}`).sort()).toEqual(['4000/KP2', '4999/KP9']);
    const [y, m] = next.split('-');
    expect(correction.every((r) => r[0] === `01-${m}-${y}`)).toBe(true);
    const r: any = await finance.gql(PERIOD, { m: municipalityId, p: next });
    expect(r.data.journalPeriod.debitCents).toBe(777);
    expect(r.data.journalPeriod.creditCents).toBe(777);
  });

  it('keeps day totals that give the ledger’s own totals: around a close, a late booking, bookings side by side and a fold', async () => {
    // The clock is in the month after `period` now; `period` was closed in its course, with a booking made after.
    const ctx = server.contexts.forSystem('journal-test');
    const journal = server.services.journal;
    const compare = async () => {
      for (const p of [addMonths(period, -1), period, addMonths(period, 1)]) {
        const fromDays = await journal.periodSummary(ctx, municipalityId, p);
        const fromLedger = await journal.periodSummary(ctx, municipalityId, p, { fromLedger: true });
        expect(fromDays, p).toEqual(fromLedger);
      }
      expect(await server.orm.em.fork().execute(JOURNAL_DAY_TOTALS_DRIFT_SQL)).toEqual([]);
    };
    await compare();
    const next: any = await finance.gql(PERIOD, { m: municipalityId, p: addMonths(period, 1) });
    expect(next.data.journalPeriod.transactionCount).toBeGreaterThanOrEqual(1);

    // Two bookings on one key at once (between two providers' payables, which take no row lock): neither waits for
    // the other, each adds rows of its own; the fold makes a key's rows one; the sums stay exact throughout.
    const accounts = await server.orm.em
      .fork()
      .execute<{ id: string }[]>(
        `select id from ledger_account where kind = 'PROVIDER_PAYABLE' and municipality_id = ? order by id limit 2`,
        [municipalityId],
      );
    expect(accounts).toHaveLength(2);
    const [from, to] = accounts.map((a) => a.id) as [string, string];
    const clients = [new pg.Client(server.database.url), new pg.Client(server.database.url)];
    const rowsOfKey = async () => {
      const [{ n }] = await server.orm.em.fork().execute<{ n: number }[]>(
        `select count(*)::int as n from journal_day_total where municipality_id = ? and kind = 'PROVIDER_PAYABLES'
              and day = (?::timestamptz at time zone 'Europe/Amsterdam')::date`,
        [municipalityId, clock.now()],
      );
      return n;
    };
    const before = await rowsOfKey();
    try {
      for (const c of clients) {
        await c.connect();
        await c.query('begin');
      }
      for (const [i, c] of clients.entries())
        await c.query(
          `with t as (insert into ledger_transaction (kind, municipality_id, description, actor_kind, created_at)
                      values ('PAYOUT', $1, 'Journaaltest', 'SYSTEM', $2) returning id)
           insert into ledger_entry (transaction_id, account_id, amount_cents)
           select t.id, x.account_id, x.amount from t, (values ($3::uuid, $5::bigint), ($4::uuid, -$5::bigint)) x(account_id, amount)`,
          [municipalityId, clock.now(), from, to, 100 + i],
        );
      for (const c of clients) await c.query('commit');
    } finally {
      for (const c of clients) await c.end();
    }
    expect(await rowsOfKey()).toBe(before + 2);
    await compare();
    // The fold runs hourly as one scheduled job across instances; here by hand.
    const registry = createJobRegistry(server.services);
    expect(registry.handlers['journal.foldDayTotals']).toBeTypeOf('function');
    expect(registry.schedules.find((s) => s.task === 'journal.foldDayTotals')).toMatchObject({ cron: '37 * * * *' });
    const folded = await journal.foldDayTotals(ctx);
    expect(folded).toBeGreaterThanOrEqual(1);
    expect(await rowsOfKey()).toBe(1);
    const [{ keysWithMoreRows }] = await server.orm.em.fork().execute<{ keysWithMoreRows: number }[]>(
      `select count(*)::int as "keysWithMoreRows" from (select 1 from journal_day_total
           group by municipality_id, day, kind, arrangement_id having count(*) > 1) x`,
    );
    expect(keysWithMoreRows).toBe(0);
    await compare();
    // Only through the ledger.
    await expect(server.orm.em.fork().execute(`update journal_day_total set debit_cents = 0`)).rejects.toThrow(
      /change only through ledger entries/,
    );
    await expect(
      server.orm.em
        .fork()
        .execute(
          `insert into journal_day_total (municipality_id, day, kind, debit_cents) values (?, current_date, 'BANK', 1)`,
          [municipalityId],
        ),
    ).rejects.toThrow(/change only through ledger entries/);
  });

  it('is for staff with JOURNAL_EXPORT in scope only', async () => {
    const contact = server.client();
    await contact.loginStaff(DEMO_STAFF.find((s) => s.role === 'KLANTCONTACT')!.email, DEMO_PASSWORD);
    expect((await contact.fetch(exportUrl(period))).status).toBe(403);
    expect((await server.client().fetch(exportUrl(period))).status).toBe(401);
    const r: any = await contact.gql(`query($m: ID!) { journalLedgerCodes(municipalityId: $m) { journalCode } }`, {
      m: municipalityId,
    });
    expect(r.errors[0].extensions.code).toBe('FORBIDDEN');
    const scoped = server.apiClient({ permissions: ['JOURNAL_EXPORT' as never], municipalityIds: [] });
    const none: any = await scoped.gql(`query($m: ID!) { journalLedgerCodes(municipalityId: $m) { journalCode } }`, {
      m: municipalityId,
    });
    expect(none.data.journalLedgerCodes).toBeNull();
  });
});
