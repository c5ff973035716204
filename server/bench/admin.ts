// `npm run bench:admin`: every admin list and search at municipal scale.
//
// Starts the real server (demo data: municipalities, staff accounts, arrangements, products) on a fresh database
// (bench-database.ts) and generates one municipality's history in SQL, set-based (generate_series over arrays, in one
// transaction with triggers off; the ledger's balances are summed afterwards): 100,000 persons in 50,000 households
// (names from the demo's word lists and generated surnames, each with a card, a BSN stored as the app stores it —
// AES-GCM ciphertext and keyed hash — and an e-mail address), 2 assignments per household, 1,000,000 orders (with
// checkouts and a line each) from 200 providers over two years, 250,000 own-contribution payments and 10,000
// refunds, about 3,000,000 ledger entries (grants, spends, contributions, cancellations, refunds, payouts) and
// 500,000 audit log rows. BENCH_SCALE (default 1) shrinks all of it (0.1: a tenth).
//
// Then, logged in as the demo staff over GraphQL (real HTTP, one request at a time), it measures each admin list and
// search BENCH_SAMPLES times (default 30) with varying arguments, at the first page and deep in: following cursors
// page after page, and jumping with a cursor near the end of the list. Prints p50/p95, the SQL statements per
// request and the machine's load average. Target: p95 ≤ 100 ms each. Stops by itself. Options:
//   BENCH_SCALE=0.1          a tenth of the data (default 1)
//   BENCH_SAMPLES=n          measurements per case (default 30)
//   BENCH_ONLY=a,b           only the cases whose label contains one of these (case-insensitive), e.g.
//                            BENCH_ONLY='journaal,op achternaam,voornaam + achternaam'
//   BENCH_SEED=persons       only the households, persons and cards (with BENCH_ONLY=personen: the person search
//                            at 10× in minutes, not the orders' hours)
//   BENCH_EXPLAIN=1          prints EXPLAIN ANALYZE of each measured case's statements once
//   BENCH_KEEP=1             keeps the database (its data folder or URL is printed at the end), to EXPLAIN by hand
//                            or to run again with:
//   BENCH_REUSE=folder|url   runs on a kept database instead of a fresh one, without seeding (its data was made
//                            relative to that run's day; new migrations are applied at start). Never removed.
import 'reflect-metadata';
import { loadConfig } from '../src/config/config.js';
import { createLogger } from '../src/logging/logger.js';
import { boot } from '../src/app/boot.js';
import { GROUPS_Q, ORDERS_Q } from './admin-queries.js';
import { benchDatabase, reuseDatabase, benchEnv, loadText, machineLine } from './bench-database.js';
import { TestClient } from '../src/test/server.js';
import { encryptBsn, hashBsn } from '../src/crypto/bsn.js';
import { luhnCheckDigit } from '../src/rules/card-number.js';
import { ADULT_FIRST_NAMES, CHILD_FIRST_NAMES, LAST_NAMES } from '../src/seeders/names.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../src/seeders/demo-accounts.js';
import { encodeCursor } from '../src/graphql/pagination.js';
import { todayInAmsterdam } from '../src/kernel/dates.js';
import { addMonths } from '../src/modules/journal/journal.kinds.js';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
const REUSE = process.env.BENCH_REUSE ?? '';
/** BENCH_SEED=persons: seeds the households, persons and cards only (minutes instead of hours at BENCH_SCALE=10). */
const PERSONS_ONLY = process.env.BENCH_SEED === 'persons';
/** BENCH_ONLY: the cases whose label contains one of these (comma-separated, case-insensitive). */
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((s) => s.trim().toLowerCase())
  .filter(Boolean);
const selected = (label: string) => !ONLY.length || ONLY.some((o) => label.toLowerCase().includes(o));
const n = (count: number) => Math.max(1, Math.round(count * SCALE));
const PERSONS = n(100_000);
const HOUSEHOLDS = Math.ceil(PERSONS / 2);
const ORDERS = n(1_000_000);
const PROVIDERS = Math.max(10, n(200));
const AUDIT_ROWS = n(500_000);
const MONTHS = 24;

/** Surnames: the demo's list plus generated Dutch-looking ones, so a surname is shared by a few hundred households. */
function surnames(): string[] {
  const stems = ['Berg', 'Brink', 'Dijk', 'Hof', 'Kamp', 'Veld', 'Bosch', 'Meer', 'Wal', 'Hout', 'Laar', 'Horst'];
  const more = ['Beek', 'Burg', 'Steen', 'Molen', 'Haar', 'Kerk', 'Zand', 'Broek', 'Weide', 'Vliet', 'Donk', 'Rade'];
  const ends = ['man', 'mans', 'huis', 'ink', 'ing', 'stra', 'ema', 'sma', 'ens', 'er', 'hoff', 'kamp'];
  const generated = [...stems, ...more].flatMap((s) => ends.map((e) => s + e));
  return [...LAST_NAMES, ...generated];
}

/** The i-th valid BSN (elfproef) from a base, skipping numbers whose check digit would be 10. */
function* bsns(base: number): Generator<string> {
  for (let body = base; ; body++) {
    const digits = String(body).padStart(8, '0');
    let sum = 0;
    for (let i = 0; i < 8; i++) sum += (9 - i) * Number(digits[i]);
    const check = sum % 11;
    if (check <= 9) yield digits + String(check);
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

async function main() {
  const env = benchEnv({ SEED_DEMO_DATA: 'true', JOBS_WORKER: 'false' });
  // BENCH_REUSE: an earlier run's database (kept with BENCH_KEEP=1): its data folder, or a URL.
  const database = REUSE ? await reuseDatabase(env, REUSE) : await benchDatabase(env);
  const config = loadConfig(env);
  let statements = 0;
  const explainQueue: string[] | null = EXPLAIN ? [] : null;
  const server = await boot({
    config,
    logger: createLogger('silent'),
    port: 0,
    queryParams: EXPLAIN,
    onQuery: (sql) => {
      statements++;
      explainQueue?.push(sql);
    },
  });
  try {
    const loadBefore = loadText();
    const em = server.orm.em.fork();
    const sql = <T extends object = Record<string, unknown>[]>(text: string, params: unknown[] = []) =>
      em.execute<T>(text, params as never);
    const klantcontact = DEMO_STAFF.find((s) => s.role === 'KLANTCONTACT')!;
    const [{ municipality_id: municipalityId }] = await sql<{ municipality_id: string }[]>(
      `select m.municipality_id from admin_account_municipality m join admin_account a on a.id = m.admin_account_id
        where lower(a.email) = lower(?)`,
      [klantcontact.email],
    );
    const now = server.clock.now();
    const started = performance.now();
    const steps: string[] = [];
    let stepStart = performance.now();
    const step = (label: string) => {
      steps.push(`${label} ${((performance.now() - stepStart) / 1000).toFixed(1)} s`);
      stepStart = performance.now();
    };

    // BSNs and card numbers are made in JS (the app's AES-GCM encryption and keyed hash; a Luhn check digit), then
    // inserted per 20,000 as arrays.
    const bsnKeys = config.bsn;
    const firstNames = [...ADULT_FIRST_NAMES, ...CHILD_FIRST_NAMES];
    const lastNames = surnames();
    const bsn = bsns(71_000_000);
    // BENCH_REUSE: the data of an earlier run is there already.
    const [{ reused }] = REUSE
      ? await sql<{ reused: boolean }[]>(
          `select exists (select 1 from client_group where client_number = 'K0000001') as reused`,
        )
      : [{ reused: false }];
    if (!reused) {
      await em.transactional(async (tx) => {
        const q = <T extends object = Record<string, unknown>[]>(text: string, params: unknown[] = []) =>
          tx.execute<T>(text, params as never);
        // Triggers (the ledger's per-row balance update and balance check, the append-only guards) and foreign-key
        // checks are off for this bulk load; the balances are summed at the end, the rows are consistent by construction.
        await q(`set local session_replication_role = replica`);
        await q(`set local synchronous_commit = off`);
        await q(
          `insert into client_group (municipality_id, client_number, name, created_at)
         select ?, 'K' || lpad(i::text, 7, '0'), 'Huishouden ' || upper(left(s, 1)) || substring(s from 2),
                ?::timestamptz - make_interval(days => (800 + i % 400)::int)
           from generate_series(1, ?) i cross join lateral (select (?::text[])[(1 + (i::bigint * 7919) % ?)::int] as s) l`,
          [municipalityId, now, HOUSEHOLDS, `{${lastNames.map((s) => `"${s}"`).join(',')}}`, lastNames.length],
        );
        await q(`create temp table bench_group on commit drop as
        select row_number() over (order by client_number) as h, id, name from client_group
         where municipality_id = '${municipalityId}' and client_number ~ '^K[0-9]{7}$'`);
        await q(`create unique index on bench_group (h)`);
        const CHUNK = 20_000;
        for (let from = 1; from <= PERSONS; from += CHUNK) {
          const count = Math.min(CHUNK, PERSONS - from + 1);
          const encrypted: string[] = [];
          const hashed: string[] = [];
          const cards: string[] = [];
          for (let k = 0; k < count; k++) {
            const b = bsn.next().value!;
            encrypted.push(encryptBsn(b, bsnKeys));
            hashed.push(hashBsn(b, bsnKeys));
            const body = String(800_000_000 + from + k);
            cards.push(body + String(luhnCheckDigit(body)));
          }
          await q(
            `insert into person (id, client_group_id, municipality_id, external_identifier, first_name, last_name, date_of_birth,
                               email, bsn_encrypted, bsn_hash, created_at)
           select gen_random_uuid(), g.id, ?, 'P-' || (2000000 + i), (?::text[])[1 + (i * 31) % ?],
                  (?::text[])[1 + (g.h * 7919) % ?], date '1950-01-01' + ((i * 37) % 25000)::int,
                  'inwoner' || i || '@voorbeeld.nl', x.enc, x.hash, ?::timestamptz - make_interval(days => (800 + i % 400)::int)
             from unnest(?::text[], ?::text[]) with ordinality x(enc, hash, k)
             cross join lateral (select ? + x.k - 1 as i) ii
             join bench_group g on g.h = (ii.i + 1) / 2`,
            [
              municipalityId,
              `{${firstNames.map((s) => `"${s}"`).join(',')}}`,
              firstNames.length,
              `{${lastNames.map((s) => `"${s}"`).join(',')}}`,
              lastNames.length,
              now,
              `{${encrypted.join(',')}}`,
              `{${hashed.join(',')}}`,
              from,
            ],
          );
          await q(
            `insert into card (person_id, number, status, issued_at, created_at)
           select p.id, x.number, 'ACTIVE', p.created_at, p.created_at
             from unnest(?::text[]) with ordinality x(number, k)
             join person p on p.external_identifier = 'P-' || (2000000 + ? + x.k - 1)`,
            [`{${cards.join(',')}}`, from],
          );
        }
        // The search's list of name words, as the person and household triggers would have kept it.
        await q(`select search_word_rebuild()`);
        step('personen');
        // BENCH_SEED=persons: only the households, persons and cards (the person search's cases, BENCH_ONLY='personen').
        if (PERSONS_ONLY) return;

        // Two assignments per household (the municipality's first two arrangements), each a budget account.
        await q(`create temp table bench_arrangement on commit drop as
        select row_number() over (order by created_at, id) as k, id from arrangement where municipality_id = '${municipalityId}'`);
        await q(
          `insert into assignment (client_group_id, arrangement_id, amount_cents, valid_from, valid_until)
         select g.id, a.id, 150000, (?::date - 730), (?::date + 365)
           from bench_group g join bench_arrangement a on a.k <= 2`,
          [todayInAmsterdam(now), todayInAmsterdam(now)],
        );
        await q(
          `insert into ledger_account (kind, municipality_id, assignment_id, allow_negative)
         select 'ASSIGNMENT', ?, s.id, false from assignment s join bench_group g on g.id = s.client_group_id`,
          [municipalityId],
        );
        await q(
          `insert into ledger_account (kind, municipality_id, arrangement_id, allow_negative)
         select 'ARRANGEMENT_FUNDING', ?, a.id, true from bench_arrangement a
          where not exists (select 1 from ledger_account la where la.kind = 'ARRANGEMENT_FUNDING' and la.arrangement_id = a.id)`,
          [municipalityId],
        );
        await q(
          `insert into ledger_account (kind, municipality_id, allow_negative)
         select k, ?, true from unnest(array['PAYMENT_CLEARING','BANK']) k
          where not exists (select 1 from ledger_account la where la.kind = k and la.municipality_id = ?)`,
          [municipalityId, municipalityId],
        );
        await q(`create temp table bench_budget on commit drop as
        select distinct on (s.client_group_id) s.client_group_id, la.id as account_id, s.id as assignment_id,
               f.id as funding_id
          from assignment s join bench_group g on g.id = s.client_group_id
          join ledger_account la on la.assignment_id = s.id
          join ledger_account f on f.kind = 'ARRANGEMENT_FUNDING' and f.arrangement_id = s.arrangement_id
         order by s.client_group_id, s.id`);
        await q(`create unique index on bench_budget (client_group_id)`);
        step('toekenningen');

        // Providers, each with a payable account; orders are spread over them and the demo's products.
        const tag = Date.now().toString(36);
        await q(
          `insert into provider (name, slug, kvk_number, iban, email, city)
         select 'Benchaanbieder ' || lpad(i::text, 3, '0'), 'bench-' || ? || '-' || i, lpad((80000000 + i)::text, 8, '0'),
                'NL91ABNA0417164300', 'bench' || i || '@example.org', 'Benchstad'
           from generate_series(1, ?) i`,
          [tag, PROVIDERS],
        );
        await q(`create temp table bench_provider on commit drop as
        select row_number() over (order by id) as k, id from provider where slug like 'bench-${tag}-%'`);
        await q(
          `insert into ledger_account (kind, municipality_id, provider_id, allow_negative)
         select 'PROVIDER_PAYABLE', ?, id, true from bench_provider`,
          [municipalityId],
        );
        await q(`create temp table bench_payable on commit drop as
        select p.k, p.id as provider_id, la.id as account_id from bench_provider p
          join ledger_account la on la.kind = 'PROVIDER_PAYABLE' and la.provider_id = p.id`);
        await q(`create temp table bench_product on commit drop as
        select row_number() over (order by id) as k, id, title from product`);
        const [{ products }] = await q<{ products: number }[]>(`select count(*)::int as products from bench_product`);

        // Orders: over the last 24 months, newest last; 60% delivered, 12% accepted, 8% placed, 15% cancelled, 5%
        // awaiting payment; a quarter has an own contribution (a payment). One checkout and one line per order.
        await q(
          `create temp table bench_order on commit drop as
        select i, gen_random_uuid() as id, gen_random_uuid() as checkout_id,
               g.id as client_group_id, pv.id as provider_id, pr.id as product_id, pr.title,
               ?::timestamptz - make_interval(secs => ((? - i)::float8 * (${MONTHS} * 30.4 * 86400) / ?)) as created_at,
               case when i % 100 < 60 then 'DELIVERED' when i % 100 < 72 then 'ACCEPTED' when i % 100 < 80 then 'PLACED'
                    when i % 100 < 95 then 'CANCELLED' else 'AWAITING_PAYMENT' end as status,
               1000 + (i * 37) % 4000 as total_cents,
               case when i % 4 = 0 then 500 + (i * 13) % 1000 else 0 end as contribution_cents
          from generate_series(1, ?) i
          join bench_group g on g.h = 1 + (i * 7) % ?
          join bench_provider pv on pv.k = 1 + (i * 13) % ?
          join bench_product pr on pr.k = 1 + i % ?`,
          [now, ORDERS, ORDERS, ORDERS, HOUSEHOLDS, PROVIDERS, products],
        );
        await q(
          `insert into checkout (id, client_group_id, municipality_id, idempotency_key, total_cents, budget_cents, contribution_cents, created_at)
         select checkout_id, client_group_id, ?, 'bench-' || i, total_cents + contribution_cents, total_cents, contribution_cents, created_at
           from bench_order`,
          [municipalityId],
        );
        await q(
          `insert into customer_order (id, checkout_id, client_group_id, provider_id, municipality_id, status, total_cents,
                                     budget_cents, contribution_cents, pickup_code, cancel_reason, created_at, updated_at)
         select id, checkout_id, client_group_id, provider_id, ?, status, total_cents + contribution_cents, total_cents,
                contribution_cents, 'Z' || upper(lpad(to_hex(i), 7, '0')),
                case when status = 'CANCELLED' then 'Geannuleerd door de aanbieder' end, created_at, created_at
           from bench_order order by i`,
          [municipalityId],
        );
        await q(
          `insert into order_line (order_id, product_id, title, unit_price_cents, quantity, total_cents)
         select id, product_id, title, total_cents + contribution_cents, 1, total_cents + contribution_cents from bench_order`,
        );
        step('bestellingen');

        // Payments of the own contributions (failed ones for orders still awaiting payment), refunds of 10,000.
        await q(
          `insert into payment (checkout_id, municipality_id, provider, external_id, amount_cents, status, paid_at, created_at, updated_at)
         select checkout_id, ?, 'simulator', 'sim_bench_' || i, contribution_cents,
                case when status = 'AWAITING_PAYMENT' then 'OPEN' else 'PAID' end,
                case when status = 'AWAITING_PAYMENT' then null else created_at + interval '1 minute' end,
                created_at, created_at
           from bench_order where contribution_cents > 0`,
          [municipalityId],
        );
        await q(
          `insert into payment_refund (payment_id, order_id, amount_cents, status, external_id, created_at, refunded_at)
         select p.id, o.id, p.amount_cents, 'REFUNDED', 'sim_ref_' || o.i, o.created_at + interval '1 day', o.created_at + interval '1 day'
           from bench_order o join payment p on p.checkout_id = o.checkout_id
          where o.status = 'CANCELLED' and o.i % 40 = 0 limit ?`,
          [n(10_000)],
        );
        step('betalingen');

        // The ledger: a grant per assignment, a spend per order, a contribution per paid payment, a cancellation per
        // cancelled order, a refund per refund, a payout per provider per month.
        const ledger = async (kind: string, select: string, params: unknown[] = []) => {
          await q(`create temp table bench_tx on commit drop as ${select}`, params);
          await q(
            `insert into ledger_transaction (id, kind, municipality_id, description, assignment_id, order_id, payment_id, actor_kind, created_at)
           select id, ?, ?, description, assignment_id, order_id, payment_id, 'SYSTEM', created_at from bench_tx`,
            [kind, municipalityId],
          );
          await q(
            `insert into ledger_entry (transaction_id, account_id, amount_cents, created_at)
           select id, out_account, -amount, created_at from bench_tx
           union all select id, in_account, amount, created_at from bench_tx`,
          );
          await q(`drop table bench_tx`);
        };
        await ledger(
          'GRANT',
          `select gen_random_uuid() as id, 'Toekenning' as description, s.id as assignment_id, null::uuid as order_id,
                null::uuid as payment_id, f.id as out_account, la.id as in_account, s.amount_cents::bigint as amount,
                g.h as h, ?::timestamptz - interval '730 days' as created_at
           from assignment s join bench_group g on g.id = s.client_group_id join ledger_account la on la.assignment_id = s.id
           join ledger_account f on f.kind = 'ARRANGEMENT_FUNDING' and f.arrangement_id = s.arrangement_id`,
          [now],
        );
        await ledger(
          'SPEND',
          `select gen_random_uuid() as id, 'Bestelling' as description, b.assignment_id, o.id as order_id, null::uuid as payment_id,
                b.account_id as out_account, pa.account_id as in_account, o.total_cents::bigint as amount, o.created_at
           from bench_order o join bench_budget b on b.client_group_id = o.client_group_id
           join bench_payable pa on pa.provider_id = o.provider_id
          where o.status <> 'AWAITING_PAYMENT'`,
        );
        await ledger(
          'CONTRIBUTION',
          `select gen_random_uuid() as id, 'Eigen bijdrage' as description, null::uuid as assignment_id, o.id as order_id,
                p.id as payment_id, c.id as out_account, pa.account_id as in_account, p.amount_cents::bigint as amount,
                p.paid_at as created_at
           from bench_order o join payment p on p.checkout_id = o.checkout_id
           join bench_payable pa on pa.provider_id = o.provider_id
           join ledger_account c on c.kind = 'PAYMENT_CLEARING' and c.municipality_id = ?
          where p.status = 'PAID'`,
          [municipalityId],
        );
        await ledger(
          'CANCEL',
          `select gen_random_uuid() as id, 'Annulering' as description, b.assignment_id, o.id as order_id, null::uuid as payment_id,
                pa.account_id as out_account, b.account_id as in_account, o.total_cents::bigint as amount,
                o.created_at + interval '2 days' as created_at
           from bench_order o join bench_budget b on b.client_group_id = o.client_group_id
           join bench_payable pa on pa.provider_id = o.provider_id
          where o.status = 'CANCELLED'`,
        );
        await ledger(
          'REFUND',
          `select gen_random_uuid() as id, 'Terugbetaling' as description, null::uuid as assignment_id, r.order_id,
                r.payment_id, pa.account_id as out_account, c.id as in_account, r.amount_cents::bigint as amount,
                r.created_at
           from payment_refund r join bench_order o on o.id = r.order_id
           join bench_payable pa on pa.provider_id = o.provider_id
           join ledger_account c on c.kind = 'PAYMENT_CLEARING' and c.municipality_id = ?`,
          [municipalityId],
        );
        await q(
          `update payment_refund r set ledger_transaction_id = t.id
           from ledger_transaction t where t.kind = 'REFUND' and t.payment_id = r.payment_id and r.external_id like 'sim_ref_%'`,
        );
        await ledger(
          'PAYOUT',
          `select gen_random_uuid() as id, 'Uitbetaling' as description, null::uuid as assignment_id, null::uuid as order_id,
                null::uuid as payment_id, pa.account_id as out_account, bank.id as in_account, 100000::bigint as amount,
                date_trunc('month', ?::timestamptz - make_interval(months => m::int)) + interval '4 days' as created_at
           from bench_payable pa cross join generate_series(1, ${MONTHS}) m
           join ledger_account bank on bank.kind = 'BANK' and bank.municipality_id = ?`,
          [now, municipalityId],
        );
        await q(
          `update ledger_account a set balance_cents = s.total
           from (select account_id, sum(amount_cents) as total from ledger_entry group by account_id) s
          where s.account_id = a.id`,
        );
        // The journal's day totals, as the entry trigger would have kept them (Migration20261128010000_journal_day_totals).
        await q(`select journal_day_total_rebuild()`);
        step('grootboek');

        // The audit log: reads of personal data (a household page, a person), changes, log-ins, exports; newest last.
        const [{ staff }] = await q<{ staff: string }[]>(`select array_agg(id)::text as staff from admin_account`);
        await q(
          `insert into audit_log (at, actor_kind, actor_id, action, subject_type, subject_id, details, request_id)
         select ?::timestamptz - make_interval(secs => ((? - r)::float8 * (${MONTHS} * 30.4 * 86400) / ?)), 'STAFF',
                (?::uuid[])[1 + r % cardinality(?::uuid[])], a.action,
                case when a.action like 'person%' then 'person' when a.action like 'order%' then 'order' end,
                case when a.action like 'person%' then p.id::text when a.action like 'order%' then o.id::text end,
                case when a.action = 'person_data.read' then jsonb_build_object('personId', p.id, 'fields', jsonb_build_array('fullName'))
                     else '{}'::jsonb end,
                'req-' || r
           from generate_series(1, ?) r
           cross join lateral (select (array['person_data.read','person_data.read','person_data.read','person.contact_updated',
                 'order.status_changed','staff.logged_in','orders.exported','person.bsn_revealed'])[1 + r % 8] as action) a
           left join person p on p.external_identifier = 'P-' || (2000001 + (r * 7) % ?)
           left join bench_order o on o.i = 1 + (r * 11) % ?`,
          [now, AUDIT_ROWS, AUDIT_ROWS, staff, staff, AUDIT_ROWS, PERSONS, ORDERS],
        );
        step('auditlog');
      });
      // Statistics and the visibility map, as autovacuum would have them on a database that grew over two years.
      for (const table of [
        'client_group',
        'person',
        'card',
        'assignment',
        'checkout',
        'customer_order',
        'order_line',
        'payment',
        'payment_refund',
        'ledger_account',
        'ledger_transaction',
        'ledger_entry',
        'audit_log',
        'provider',
      ])
        await em.getConnection().execute(`vacuum analyze ${table}`);
      step('vacuum/analyze');
    }
    const seedSeconds = (performance.now() - started) / 1000;
    const [counts] = await sql<Record<string, number>[]>(
      `select (select count(*)::int from person) as persons, (select count(*)::int from client_group) as households,
              (select count(*)::int from assignment) as assignments, (select count(*)::int from customer_order) as orders,
              (select count(*)::int from payment) as payments, (select count(*)::int from payment_refund) as refunds,
              (select count(*)::int from ledger_transaction) as transactions, (select count(*)::int from ledger_entry) as entries,
              (select count(*)::int from audit_log) as audit`,
    );

    // The database's size on disk (tables, indexes, TOAST), for sizing per household and per order (docs/sizing.md).
    const [{ bytes }] = await sql<{ bytes: string }[]>(`select pg_database_size(current_database())::text as bytes`);
    const sizes = await sql<{ name: string; bytes: string }[]>(
      `select c.relname as name, pg_total_relation_size(c.oid)::text as bytes from pg_class c
         join pg_namespace s on s.oid = c.relnamespace
        where c.relkind = 'r' and s.nspname = 'public' order by pg_total_relation_size(c.oid) desc limit 6`,
    );

    // ---- the measurements --------------------------------------------------------------------------------------
    const clients: Record<string, TestClient> = {};
    for (const role of ['KLANTCONTACT', 'FINANCIEN', 'BEHEERDER'] as const) {
      const client = new TestClient(server.url);
      await client.loginStaff(DEMO_STAFF.find((s) => s.role === role)!.email, DEMO_PASSWORD);
      clients[role] = client;
    }
    // Arguments drawn from the data (outside the measurement).
    const pick = async <T>(text: string, params: unknown[] = []) => (await sql<T[]>(text, params)) as T[];
    const names = await pick<{ last_name: string; first_name: string }>(
      `select last_name, first_name from person where municipality_id = ? and external_identifier like 'P-2%'
        order by md5(id::text) limit ?`,
      [municipalityId, SAMPLES],
    );
    const numbers = await pick<{ client_number: string; external_identifier: string; card: string }>(
      `select g.client_number, p.external_identifier, c.number as card from person p join client_group g on g.id = p.client_group_id
         join card c on c.person_id = p.id where p.external_identifier like 'P-2%' order by md5(p.id::text) limit ?`,
      [SAMPLES],
    );
    const orderNumbers = await pick<{ number: string }>(
      `select number from customer_order where municipality_id = ? order by md5(id::text) limit ?`,
      [municipalityId, SAMPLES],
    );
    const providerIds = await pick<{ id: string }>(
      `select id from provider where slug like 'bench-%' order by md5(id::text) limit ?`,
      [SAMPLES],
    );
    const period = addMonths(todayInAmsterdam(now).slice(0, 7), -3);
    const periodEnd = new Date(Date.UTC(Number(period.slice(0, 4)), Number(period.slice(5, 7)), 0)).getUTCDate();
    const month = { from: `${period}-01`, to: `${period}-${String(periodEnd).padStart(2, '0')}` };
    /** A cursor near the end of a list: the row `fromEnd` rows before its last, as the list itself would encode it. */
    const cursorNearEnd = async (
      name: string,
      keys: string,
      fromWhere: string,
      order: string,
      params: unknown[] = [],
    ) => {
      const [row] = await sql<{ k: string[] }[]>(
        `select array[${keys}] as k from ${fromWhere} order by ${order} offset greatest(0, (select count(*) from ${fromWhere}) - 50) limit 1`,
        [...params, ...params],
      );
      return row ? encodeCursor([name, ...row.k]) : null;
    };
    const orderDeep = (where = 'true', params: unknown[] = []) =>
      cursorNearEnd(
        'o',
        `created_at::text, id::text`,
        `customer_order where municipality_id = '${municipalityId}' and ${where}`,
        'created_at desc, id desc',
        params,
      );

    interface Case {
      label: string;
      client: TestClient;
      query: string;
      variables: (i: number) => Record<string, unknown>;
      /** Checks the answer (a wrong answer is not fast). */
      check?: (data: Record<string, any>) => boolean;
    }
    const PAYMENTS_Q = `query AdminPayments($filter: PaymentRecordFilter, $first: Int, $after: String) {
      adminPayments(filter: $filter, first: $first, after: $after) {
        totalCount totalCountCapped pageInfo { hasNextPage endCursor }
        edges { cursor node { id kind paymentId municipalityName provider externalId amountCents status createdAt settledAt } } } }`;
    const AUDIT_Q = `query AuditLog($filter: AuditLogFilter, $first: Int, $after: String) {
      auditLog(filter: $filter, first: $first, after: $after) {
        totalCount totalCountCapped pageInfo { hasNextPage endCursor }
        edges { cursor node { id at actorKind actorName action subjectType subjectId details } } } }`;
    const JOURNAL_Q = `query JournalPeriod($municipalityId: ID!, $period: String!) {
      journalPeriod(municipalityId: $municipalityId, period: $period, first: 50) {
        period transactionCount debitCents creditCents unmapped
        accounts { kind glAccount costCentre debitCents creditCents }
        lines { bookingDate reference kind glAccount debitCents creditCents } } }`;
    const PROVIDERS_Q = `query AdminOrderProviders { adminOrderProviders { id name } }`;
    const at = <T>(list: T[], i: number) => list[i % list.length]!;
    const edges = (field: string) => (d: Record<string, any>) => (d[field]?.edges?.length ?? 0) > 0;

    const deep = {
      orders: await orderDeep(),
      ordersPlaced: await orderDeep(`status = 'PLACED'`),
      ordersProvider: await orderDeep(`provider_id = ?`, [providerIds[0]?.id ?? null]),
      ordersMonth: await orderDeep(
        `created_at >= (?::date)::timestamp at time zone 'Europe/Amsterdam' and created_at < (?::date + 1)::timestamp at time zone 'Europe/Amsterdam'`,
        [month.from, month.to],
      ),
      groups: await cursorNearEnd(
        'name',
        'name, id::text',
        `client_group where municipality_id = '${municipalityId}'`,
        'name, id',
      ),
      payments: await cursorNearEnd('pr', 'created_at::text, id::text', 'payment', 'created_at desc, id desc'),
      audit: await cursorNearEnd('newest', 'at::text, id::text', 'audit_log', 'at desc, id desc'),
    };
    const K = clients.KLANTCONTACT!;
    const F = clients.FINANCIEN!;
    const B = clients.BEHEERDER!;
    const cases: Case[] = [
      // Persons (households): by name, client number, card number; the plain list by name, first and last page.
      {
        label: 'personen: op achternaam',
        client: K,
        query: GROUPS_Q,
        variables: (i) => ({ filter: { search: at(names, i).last_name } }),
        check: edges('clientGroups'),
      },
      {
        label: 'personen: voornaam + achternaam',
        client: K,
        query: GROUPS_Q,
        variables: (i) => ({ filter: { search: `${at(names, i).first_name} ${at(names, i).last_name}` } }),
        check: edges('clientGroups'),
      },
      {
        label: 'personen: achternaam met typefout',
        client: K,
        query: GROUPS_Q,
        variables: (i) => {
          const s = at(names, i).last_name.split(' ').at(-1)!;
          return { filter: { search: s.length >= 5 ? s.slice(0, 2) + s[3] + s[2] + s.slice(4) : s } };
        },
      },
      {
        label: 'personen: twee letters',
        client: K,
        query: GROUPS_Q,
        variables: (i) => ({ filter: { search: ['de', 'an', 'er', 'ma'][i % 4] } }),
        check: edges('clientGroups'),
      },
      {
        label: 'personen: klantnummer huishouden',
        client: K,
        query: GROUPS_Q,
        variables: (i) => ({ filter: { search: at(numbers, i).client_number } }),
        check: edges('clientGroups'),
      },
      {
        label: 'personen: klantnummer persoon',
        client: K,
        query: GROUPS_Q,
        variables: (i) => ({ filter: { search: at(numbers, i).external_identifier } }),
        check: edges('clientGroups'),
      },
      {
        label: 'personen: pasnummer',
        client: K,
        query: GROUPS_Q,
        variables: (i) => ({ filter: { search: at(numbers, i).card } }),
        check: edges('clientGroups'),
      },
      {
        label: 'personen: deel pasnummer (6 cijfers)',
        client: K,
        query: GROUPS_Q,
        variables: (i) => ({ filter: { search: at(numbers, i).card.slice(2, 8) } }),
        check: edges('clientGroups'),
      },
      {
        label: 'personen: lijst, eerste pagina',
        client: K,
        query: GROUPS_Q,
        variables: () => ({}),
        check: edges('clientGroups'),
      },
      {
        label: 'personen: lijst, cursor bij het eind',
        client: K,
        query: GROUPS_Q,
        variables: () => ({ after: deep.groups }),
        check: edges('clientGroups'),
      },
      // Orders: all, by status, by provider, by period, by number; first page and near the end.
      {
        label: 'bestellingen: alle, eerste pagina',
        client: K,
        query: ORDERS_Q,
        variables: () => ({}),
        check: edges('adminOrders'),
      },
      {
        label: 'bestellingen: alle, cursor bij het eind',
        client: K,
        query: ORDERS_Q,
        variables: () => ({ after: deep.orders }),
        check: edges('adminOrders'),
      },
      {
        label: 'bestellingen: alle gemeenten (beheerder)',
        client: B,
        query: ORDERS_Q,
        variables: () => ({}),
        check: edges('adminOrders'),
      },
      {
        label: 'bestellingen: op status',
        client: K,
        query: ORDERS_Q,
        variables: (i) => ({
          filter: { status: at(['PLACED', 'DELIVERED', 'CANCELLED', 'ACCEPTED', 'AWAITING_PAYMENT'], i) },
        }),
        check: edges('adminOrders'),
      },
      {
        label: 'bestellingen: status, cursor bij het eind',
        client: K,
        query: ORDERS_Q,
        variables: () => ({ filter: { status: 'PLACED' }, after: deep.ordersPlaced }),
        check: edges('adminOrders'),
      },
      {
        label: 'bestellingen: op aanbieder',
        client: K,
        query: ORDERS_Q,
        variables: (i) => ({ filter: { providerId: at(providerIds, i).id } }),
        check: edges('adminOrders'),
      },
      {
        label: 'bestellingen: aanbieder, cursor bij het eind',
        client: K,
        query: ORDERS_Q,
        variables: () => ({ filter: { providerId: providerIds[0]!.id }, after: deep.ordersProvider }),
        check: edges('adminOrders'),
      },
      {
        label: 'bestellingen: periode (een maand)',
        client: K,
        query: ORDERS_Q,
        variables: (i) => {
          const p = addMonths(period, -(i % 12));
          return { filter: { from: `${p}-01`, to: `${p}-28` } };
        },
        check: edges('adminOrders'),
      },
      {
        label: 'bestellingen: periode, cursor bij het eind',
        client: K,
        query: ORDERS_Q,
        variables: () => ({ filter: month, after: deep.ordersMonth }),
        check: edges('adminOrders'),
      },
      {
        label: 'bestellingen: status + aanbieder + periode',
        client: K,
        query: ORDERS_Q,
        variables: (i) => ({ filter: { status: 'DELIVERED', providerId: at(providerIds, i).id, ...month } }),
      },
      {
        label: 'bestellingen: bestelnummer',
        client: K,
        query: ORDERS_Q,
        variables: (i) => ({ filter: { search: at(orderNumbers, i).number.slice(0, -1) } }),
        check: edges('adminOrders'),
      },
      { label: 'bestellingen: aanbiederfilter (keuzelijst)', client: K, query: PROVIDERS_Q, variables: () => ({}) },
      // Payments (finance: two municipalities).
      {
        label: 'betalingen: eerste pagina',
        client: F,
        query: PAYMENTS_Q,
        variables: () => ({}),
        check: edges('adminPayments'),
      },
      {
        label: 'betalingen: op status',
        client: F,
        query: PAYMENTS_Q,
        variables: (i) => ({ filter: { status: at(['PAID', 'OPEN', 'REFUNDED'], i) } }),
        check: edges('adminPayments'),
      },
      {
        label: 'betalingen: periode',
        client: F,
        query: PAYMENTS_Q,
        variables: () => ({ filter: month }),
        check: edges('adminPayments'),
      },
      {
        label: 'betalingen: cursor bij het eind',
        client: F,
        query: PAYMENTS_Q,
        variables: () => ({ after: deep.payments }),
        check: edges('adminPayments'),
      },
      // The audit log (Beheerder).
      { label: 'auditlog: eerste pagina', client: B, query: AUDIT_Q, variables: () => ({}), check: edges('auditLog') },
      {
        label: 'auditlog: cursor bij het eind',
        client: B,
        query: AUDIT_Q,
        variables: () => ({ after: deep.audit }),
        check: edges('auditLog'),
      },
      {
        label: 'auditlog: op persoon',
        client: B,
        query: AUDIT_Q,
        variables: (i) => ({ filter: { person: at(numbers, i).external_identifier } }),
        check: edges('auditLog'),
      },
      {
        label: 'auditlog: op actie (prefix)',
        client: B,
        query: AUDIT_Q,
        variables: (i) => ({ filter: { action: at(['person.', 'orders.', 'person.bsn'], i) } }),
        check: edges('auditLog'),
      },
      {
        label: 'auditlog: periode',
        client: B,
        query: AUDIT_Q,
        variables: () => ({ filter: { from: month.from, until: month.to } }),
        check: edges('auditLog'),
      },
      // Journal entries of a month (finance).
      {
        label: 'journaalposten: een maand',
        client: F,
        query: JOURNAL_Q,
        variables: (i) => ({ municipalityId, period: addMonths(period, -(i % 6)) }),
        check: (d) => (d.journalPeriod?.lines?.length ?? 0) > 0,
      },
    ];

    const results: { label: string; p50: number; p95: number; max: number; statements: number; failures: number }[] =
      [];
    const run = async (c: Case, variables: Record<string, unknown>) => {
      const before = statements;
      const t0 = performance.now();
      const r = await c.client.gql(c.query, variables);
      const ms = performance.now() - t0;
      const ok = !r.errors?.length && r.data && (!c.check || c.check(r.data));
      return { ms, statements: statements - before, ok, errors: r.errors };
    };
    for (const c of cases.filter((c) => selected(c.label))) {
      // Warm-up (the first plan and the cache of the pages), then the samples.
      await run(c, c.variables(SAMPLES));
      if (explainQueue) explainQueue.length = 0;
      const times: number[] = [];
      let stmts = 0;
      let failures = 0;
      for (let i = 0; i < SAMPLES; i++) {
        const r = await run(c, c.variables(i));
        times.push(r.ms);
        stmts = Math.max(stmts, r.statements);
        if (!r.ok) {
          failures++;
          if (failures === 1)
            console.error(`  ${c.label}: unexpected answer`, JSON.stringify(r.errors ?? '').slice(0, 300));
        }
        if (explainQueue && i === 0) await explain(server, explainQueue.splice(0), c.label);
      }
      times.sort((a, b) => a - b);
      results.push({
        label: c.label,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        max: times.at(-1)!,
        statements: stmts,
        failures,
      });
    }

    // Following cursors: 60 pages of 25 orders in a row (each page after the previous one's endCursor).
    const follow = async (
      label: string,
      client: TestClient,
      query: string,
      field: string,
      filter: unknown,
      pages: number,
    ) => {
      if (!selected(label)) return;
      const times: number[] = [];
      let after: string | null = null;
      let stmts = 0;
      const seen = new Set<string>();
      let duplicates = 0;
      for (let p = 0; p < pages; p++) {
        const before = statements;
        const t0 = performance.now();
        const r: { data?: Record<string, any> | null } = await client.gql(query, { filter, after });
        times.push(performance.now() - t0);
        stmts = Math.max(stmts, statements - before);
        const conn: {
          edges?: { node: { id: string } }[];
          pageInfo?: { hasNextPage: boolean; endCursor: string | null };
        } = r.data?.[field];
        for (const e of conn?.edges ?? []) {
          if (seen.has(e.node.id)) duplicates++;
          seen.add(e.node.id);
        }
        after = conn?.pageInfo?.endCursor ?? null;
        if (!conn?.pageInfo?.hasNextPage) break;
      }
      times.sort((a, b) => a - b);
      results.push({
        label,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        max: times.at(-1)!,
        statements: stmts,
        failures: duplicates,
      });
    };
    await follow(
      'bestellingen: 60 pagina’s op rij (cursor volgen)',
      K,
      ORDERS_Q,
      'adminOrders',
      { status: 'DELIVERED' },
      60,
    );
    await follow('personen: 60 pagina’s op rij (cursor volgen)', K, GROUPS_Q, 'clientGroups', null, 60);
    await follow('auditlog: 60 pagina’s op rij (cursor volgen)', B, AUDIT_Q, 'auditLog', null, 60);

    const seedLine = steps.join(', ');
    console.log(`\nBenchmark: beheerlijsten en zoeken op gemeentelijke schaal (BENCH_SCALE=${SCALE})`);
    console.log(
      `  data      ${counts!.persons} personen in ${counts!.households} huishoudens, ${counts!.assignments} toekenningen, ` +
        `${counts!.orders} bestellingen, ${counts!.payments} betalingen, ${counts!.refunds} terugbetalingen, ` +
        `${counts!.transactions} boekingen met ${counts!.entries} grootboekregels, ${counts!.audit} auditlogregels`,
    );
    console.log(
      reused ? `  gemaakt   eerder (BENCH_REUSE=${REUSE})` : `  gemaakt   in ${seedSeconds.toFixed(0)} s (${seedLine})`,
    );
    const mb = (b: string | number) => `${(Number(b) / 1024 / 1024).toFixed(0)} MB`;
    console.log(
      `  omvang    ${mb(bytes)} (pg_database_size); ${(Number(bytes) / counts!.households / 1024).toFixed(1)} kB per huishouden, ` +
        `${(Number(bytes) / counts!.orders / 1024).toFixed(2)} kB per bestelling; grootste tabellen: ` +
        sizes.map((t) => `${t.name} ${mb(t.bytes)}`).join(', '),
    );
    console.log(
      `  meting    ${SAMPLES} keer per vraag, één tegelijk, via GraphQL over HTTP als ingelogde medewerker\n`,
    );
    const width = Math.max(...results.map((r) => r.label.length));
    console.log(`  ${'vraag'.padEnd(width)}   p50 ms   p95 ms   max ms  SQL  ≤100 ms`);
    for (const r of results)
      console.log(
        `  ${r.label.padEnd(width)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.max.toFixed(1).padStart(8)} ${String(r.statements).padStart(4)}  ${r.p95 <= 100 ? 'ja' : 'NEE'}${r.failures ? `  (${r.failures} fout)` : ''}`,
      );
    const slow = results.filter((r) => r.p95 > 100);
    console.log(`\n  doel      p95 ≤ 100 ms: ${results.length - slow.length} van ${results.length} gehaald`);
    console.log(machineLine(loadBefore));
    if (results.some((r) => r.failures)) process.exitCode = 1;
  } finally {
    await server.stop();
    if (process.env.BENCH_KEEP === '1' || REUSE)
      console.log(`  database  kept (BENCH_KEEP=1): ${env.DATABASE_URL ?? env.DATA_DIR}`);
    else await database.cleanup();
  }
}

/**
 * EXPLAIN ANALYZE of the statements of one request (BENCH_EXPLAIN=1), each with the time it took in the request, in
 * one transaction that is rolled back; a transaction-local setting the request made (set_config) is made here too.
 */
async function explain(server: Awaited<ReturnType<typeof boot>>, statements: string[], label: string) {
  const em = server.orm.em.fork();
  console.log(`\n=== ${label}`);
  const rollback = new Error('rollback');
  await em
    .transactional(async (tx) => {
      for (const statement of statements) {
        const took = /\[took ([^\]]*)\]\s*$/.exec(statement)?.[1] ?? '?';
        const text = statement.replace(/^\[query\]\s*/, '').replace(/\s*\[took [^\]]*\]\s*$/, '');
        const short = text.slice(0, 300).replace(/\s+/g, ' ');
        if (/^\s*select set_config\(/i.test(text)) await tx.execute(text);
        if (!/^\s*(select|with)/i.test(text) || /^\s*select set_config\(/i.test(text)) {
          console.log(`-- [${took}] ${short}`);
          continue;
        }
        try {
          const rows = await tx.execute<{ 'QUERY PLAN': string }[]>(`explain (analyze, buffers) ${text}`);
          console.log(`-- [${took}] ${short}`);
          console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
        } catch (error) {
          console.log(`-- [${took}] (not explained: ${(error as Error).message.slice(0, 100)}) ${short}`);
          throw rollback;
        }
      }
      throw rollback;
    })
    .catch((error) => {
      if (error !== rollback) throw error;
    });
}

await main();
