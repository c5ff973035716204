// `npm run bench:journal`: the journal export (journaalposten CSV) of a month with BENCH_TRANSACTIONS (100,000) ledger
// transactions.
//
// Starts the real server on a fresh database (bench-database.ts), generates the month in SQL (10,000 grants, 60,000
// spends at 50 providers, 20,000 own contributions, 5,000 refunds, 5,000 payouts: about 200,000 ledger entries, in the
// month before the clock's), maps every kind onto a general-ledger account, and exports the month through the service
// the download route uses, twice (the bytes must be the same). Prints the time, the peak RSS (the export streams
// from a cursor, so it should hardly grow) and the machine's load. Stops by itself.
import 'reflect-metadata';
import { createHash, randomUUID } from 'node:crypto';
import { withBenchServer, loadText, machineLine } from './bench-database.js';
import { allPowerfulStaff, seedResidents } from '../src/test/mass-message-load.js';
import { todayInAmsterdam } from '../src/kernel/dates.js';
import { addMonths } from '../src/modules/journal/journal.kinds.js';
import { DEMO_LEDGER_CODES } from '../src/seeders/demo-journal.js';

const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 100_000);

const rssMb = () => (process.resourceUsage().maxRSS / 1024).toFixed(0);

async function main() {
  await withBenchServer({}, async (server) => {
    const loadBefore = loadText();
    const em = server.orm.em.fork();
    const seedStarted = performance.now();
    const { municipalityId } = await seedResidents(em, 10_000);
    const period = addMonths(todayInAmsterdam(server.clock.now()).slice(0, 7), -1);
    const scale = TRANSACTIONS / 100_000;
    const n = (count: number) => Math.max(1, Math.round(count * scale));
    await em.transactional(async (tx) => {
      const sql = (text: string, params: unknown[] = []) => tx.execute(text, params);
      await sql(
        `insert into arrangement (municipality_id, name, slug, valid_from, valid_until, default_amount_cents)
         select ?, 'Benchregeling ' || i, 'benchregeling-' || i, current_date - 400, current_date + 400, 100000
           from generate_series(1, 2) i`,
        [municipalityId],
      );
      await sql(
        `insert into provider (name, slug, kvk_number, iban, email, city)
         select 'Benchaanbieder ' || i, 'bench-' || ? || '-' || i, lpad((70000000 + i)::text, 8, '0'),
                'NL91ABNA0417164300', 'bench' || i || '@example.org', 'Benchstad'
           from generate_series(1, 50) i`,
        [randomUUID().slice(0, 8)],
      );
      await sql(
        `insert into assignment (client_group_id, arrangement_id, amount_cents, valid_from, valid_until)
         select g.id, a.id, 100000, a.valid_from, a.valid_until
           from client_group g join arrangement a on a.municipality_id = g.municipality_id where g.municipality_id = ?`,
        [municipalityId],
      );
      await sql(
        `insert into ledger_account (kind, municipality_id, arrangement_id, allow_negative)
           select 'ARRANGEMENT_FUNDING', ?, id, true from arrangement where municipality_id = ?`,
        [municipalityId, municipalityId],
      );
      await sql(
        `insert into ledger_account (kind, municipality_id, assignment_id, allow_negative)
           select 'ASSIGNMENT', ?, s.id, false from assignment s join arrangement a on a.id = s.arrangement_id
            where a.municipality_id = ?`,
        [municipalityId, municipalityId],
      );
      await sql(
        `insert into ledger_account (kind, municipality_id, provider_id, allow_negative)
           select 'PROVIDER_PAYABLE', ?, id, true from provider where slug like 'bench-%'`,
        [municipalityId],
      );
      await sql(
        `insert into ledger_account (kind, municipality_id, allow_negative) values ('PAYMENT_CLEARING', ?, true), ('BANK', ?, true)`,
        [municipalityId, municipalityId],
      );
      await sql(`create temp table asg on commit drop as
        select row_number() over (order by la.id) as n, la.id as account_id, f.id as funding_id
          from ledger_account la join assignment s on s.id = la.assignment_id
          join ledger_account f on f.kind = 'ARRANGEMENT_FUNDING' and f.arrangement_id = s.arrangement_id
         where la.kind = 'ASSIGNMENT'`);
      await sql(`create temp table pay on commit drop as
        select row_number() over (order by id) as n, id from ledger_account where kind = 'PROVIDER_PAYABLE'`);
      const [{ clearing, bank, assignments }] = (await sql(
        `select (select id from ledger_account where kind = 'PAYMENT_CLEARING' and municipality_id = ?) as clearing,
                (select id from ledger_account where kind = 'BANK' and municipality_id = ?) as bank,
                (select count(*)::int from asg) as assignments`,
        [municipalityId, municipalityId],
      )) as [{ clearing: string; bank: string; assignments: number }];
      // The plan: (kind, out of, into, amount), numbered in booking order; grants first (budgets cannot go negative).
      await sql(`create temp table plan (seq serial, id uuid default gen_random_uuid(), kind text, out_account uuid,
        in_account uuid, amount bigint) on commit drop`);
      await sql(
        `insert into plan (kind, out_account, in_account, amount)
         select 'GRANT', a.funding_id, a.account_id, 100000 from generate_series(1, ?) i join asg a on a.n = (i - 1) % ? + 1`,
        [n(10_000), assignments],
      );
      await sql(
        `insert into plan (kind, out_account, in_account, amount)
         select 'SPEND', a.account_id, p.id, 100 + i % 900 from generate_series(1, ?) i
           join asg a on a.n = (i - 1) % least(?, ?) + 1 join pay p on p.n = (i - 1) % 50 + 1`,
        [n(60_000), assignments, n(10_000)],
      );
      await sql(
        `insert into plan (kind, out_account, in_account, amount)
         select 'CONTRIBUTION', ?::uuid, p.id, 500 from generate_series(1, ?) i join pay p on p.n = (i - 1) % 50 + 1`,
        [clearing, n(20_000)],
      );
      await sql(
        `insert into plan (kind, out_account, in_account, amount)
         select 'REFUND', p.id, ?::uuid, 500 from generate_series(1, ?) i join pay p on p.n = (i - 1) % 50 + 1`,
        [clearing, n(5_000)],
      );
      await sql(
        `insert into plan (kind, out_account, in_account, amount)
         select 'PAYOUT', p.id, ?::uuid, 1000 from generate_series(1, ?) i join pay p on p.n = (i - 1) % 50 + 1`,
        [bank, n(5_000)],
      );
      const [{ total }] = (await sql(`select count(*)::int as total from plan`)) as [{ total: number }];
      // Spread over the month (Dutch time), in plan order.
      await sql(
        `insert into ledger_transaction (id, kind, municipality_id, description, actor_kind, created_at)
         select p.id, p.kind, ?, 'Bench ' || lower(p.kind) || ' ' || p.seq, 'SYSTEM',
                (?::timestamp at time zone 'Europe/Amsterdam')
                  + (p.seq - 1) * ((((?::date + interval '1 month')::timestamp - ?::timestamp)) / ?)
           from plan p order by p.seq`,
        [municipalityId, `${period}-01`, `${period}-01`, `${period}-01`, total],
      );
      await sql(
        `insert into ledger_entry (transaction_id, account_id, amount_cents)
         select id, account, amount from (
           select p.seq, 1 as side, p.id, p.out_account as account, -p.amount as amount from plan p
           union all select p.seq, 2, p.id, p.in_account, p.amount from plan p) x
         order by seq, side`,
      );
      await sql(
        `insert into journal_ledger_code (municipality_id, kind, gl_account, cost_centre, updated_at)
         select ?, j.key, j.value->>'glAccount', j.value->>'costCentre', now() from jsonb_each(?::jsonb) j`,
        [municipalityId, JSON.stringify(DEMO_LEDGER_CODES)],
      );
    });
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const [{ txs, entries }] = (await em.execute(
      `select count(*)::int as txs, (select count(*)::int from ledger_entry) as entries from ledger_transaction where municipality_id = ?`,
      [municipalityId],
    )) as [{ txs: number; entries: number }];

    const ctx = { ...server.contexts.forSystem('bench'), viewer: allPowerfulStaff(randomUUID()) };
    const runs: { ms: number; bytes: number; lines: number; hash: string; debit: number; credit: number }[] = [];
    const rssBefore = rssMb();
    for (let run = 0; run < 2; run++) {
      const hash = createHash('sha256');
      let bytes = 0;
      let debit = 0;
      let credit = 0;
      let header = true;
      const started = performance.now();
      const result = await server.services.journal.exportPeriod(
        { ...ctx, em: server.orm.em.fork() },
        municipalityId,
        period,
        async (chunk) => {
          hash.update(chunk);
          bytes += Buffer.byteLength(chunk);
          for (const line of chunk.split('\r\n')) {
            if (!line) continue;
            if (header) {
              header = false;
              continue;
            }
            const cells = line.split(';');
            const amount = (s: string) => (s ? Math.round(Number(s.replace(/\./g, '').replace(',', '.')) * 100) : 0);
            debit += amount(cells[4]!);
            credit += amount(cells[5]!);
          }
        },
      );
      if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('; '));
      runs.push({
        ms: performance.now() - started,
        bytes,
        lines: result.value.lines,
        hash: hash.digest('hex'),
        debit,
        credit,
      });
    }
    const [{ moved }] = (await em.execute(
      `select sum(abs(e.amount_cents))::bigint / 2 as moved from ledger_entry e join ledger_transaction t on t.id = e.transaction_id
        where t.municipality_id = ?`,
      [municipalityId],
    )) as [{ moved: string }];

    console.log('\nBenchmark: export journaalposten van één maand (CSV, gestreamd)');
    console.log(
      `  data        ${txs} boekingen met ${entries} regels in ${period}, in SQL gemaakt in ${seedSeconds.toFixed(1)} s`,
    );
    for (const [i, r] of runs.entries())
      console.log(
        `  export ${i + 1}    ${r.lines} regels, ${(r.bytes / 1024 / 1024).toFixed(1)} MB in ${(r.ms / 1000).toFixed(2)} s (${(r.lines / (r.ms / 1000)).toFixed(0)} regels/s)`,
      );
    console.log(`  gelijk      beide exports byte voor byte gelijk: ${runs[0]!.hash === runs[1]!.hash ? 'ja' : 'NEE'}`);
    console.log(
      `  totalen     debet ${runs[0]!.debit} = credit ${runs[0]!.credit} = grootboek ${moved} (centen): ${runs[0]!.debit === runs[0]!.credit && runs[0]!.debit === Number(moved) ? 'ja' : 'NEE'}`,
    );
    console.log(`  geheugen    piek-RSS ${rssBefore} MB vóór de exports, ${rssMb()} MB erna`);
    console.log(machineLine(loadBefore));
    if (runs[0]!.hash !== runs[1]!.hash || runs[0]!.debit !== Number(moved)) process.exitCode = 1;
  });
}

await main();
