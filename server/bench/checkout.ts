// `npm run bench:checkout`: placing orders (the `checkout` mutation) under load.
//
// Seeds households with budgets into a fresh database (TEST_DATABASE_URL's server when set, else an embedded
// PostgreSQL in a temporary folder), starts the real server, logs in BENCH_CONCURRENCY residents through the DigiD
// simulator (each client its own session, its own household), and runs BENCH_CHECKOUTS checkouts through GraphQL:
// each orders from two providers (two orders, two budget bookings); one household in eight has a small budget, so its
// checkouts need an own contribution (a payment at the simulator). Two scenarios: checkouts spread over the providers,
// and all residents buying from ONE provider (every booking on one payable account: no per-provider lock since
// Migration20261127030000_payable_parts). Per scenario: checkouts/s, p50/p95/p99, the load average, and a profile
// (CPU of the PostgreSQL backends vs the Node process per checkout, the server's event-loop utilisation, the time
// spent waiting on PostgreSQL); then statements per checkout, and the money invariants over everything that was booked
// (exit code 1 when one is broken). Bounded by BENCH_CHECKOUTS per scenario; stops by itself.
// BENCH_SQL_LOG=1 prints the statements of the single measured checkout. BENCH_PG_PROFILE=1 runs the server's
// connections with track_functions = 'all' and prints, per scenario, the time per checkout in each database function
// (the ledger's and the journal's triggers among them) and the index entries written per checkout per table.
// Settings: BENCH_CHECKOUTS (2000), BENCH_CONCURRENCY (32), BENCH_PROVIDERS (12).
import 'reflect-metadata';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { loadConfig } from '../src/config/config.js';
import { createLogger } from '../src/logging/logger.js';
import { boot } from '../src/app/boot.js';
import { benchDatabase, benchEnv, loadText } from './bench-database.js';
import {
  CHECKOUT_MUTATION,
  LoadClient,
  checkoutLines,
  moneyInvariantViolations,
  newKey,
  seedCheckoutLoad,
  type LoadFixture,
} from '../src/test/checkout-load.js';

const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 2_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const PROVIDERS = Number(process.env.BENCH_PROVIDERS ?? 12);
const PG_PROFILE = Boolean(process.env.BENCH_PG_PROFILE);
if (PG_PROFILE) process.env.PGOPTIONS = `${process.env.PGOPTIONS ?? ''} -c track_functions=all`.trim();

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface LoadResult {
  latencies: number[];
  failures: string[];
  refused: Record<string, number>;
  orders: number;
  withContribution: number;
  seconds: number;
  loginSeconds: number;
}

/** CPU seconds (user + system) each PostgreSQL backend in `pids` has used so far (Linux /proc; else none). */
function backendCpuSeconds(pids: number[]): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime (fields 14 and 15 of the whole line), in USER_HZ ticks.
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // Not on this machine (a remote database): no figure.
    }
  }
  return seconds;
}

/** CPU seconds the server's main thread (its event loop: HTTP, GraphQL, the ORM) has used so far (Linux; else 0). */
function mainThreadCpuSeconds(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

interface FunctionStat {
  calls: number;
  totalMs: number;
  selfMs: number;
}

/** The database functions' cumulative calls and times (pg_stat_user_functions; with track_functions on). */
async function functionStats(admin: pg.Client): Promise<Map<string, FunctionStat>> {
  // A backend reports its figures when idle (at most once a second): wait for the last ones.
  await new Promise((r) => setTimeout(r, 1_500));
  await admin.query('select pg_stat_clear_snapshot()');
  const { rows } = await admin.query<{ funcname: string; calls: string; total_time: number; self_time: number }>(
    `select funcname, calls, total_time, self_time from pg_stat_user_functions`,
  );
  return new Map(rows.map((r) => [r.funcname, { calls: Number(r.calls), totalMs: r.total_time, selfMs: r.self_time }]));
}

/** Rows inserted per table so far (pg_stat_user_tables), to count index entries written per checkout. */
async function insertedRows(admin: pg.Client): Promise<Map<string, { inserted: number; indexes: number }>> {
  await admin.query('select pg_stat_clear_snapshot()');
  const { rows } = await admin.query<{ relname: string; n_tup_ins: string; indexes: number }>(
    `select t.relname, t.n_tup_ins, (select count(*)::int from pg_index i where i.indrelid = t.relid) as indexes
       from pg_stat_user_tables t`,
  );
  return new Map(rows.map((r) => [r.relname, { inserted: Number(r.n_tup_ins), indexes: r.indexes }]));
}

interface Scenario {
  name: string;
  description: string;
  /** All lines from this provider (one order per checkout), or spread over two providers. */
  provider?: number;
}

const SCENARIOS: Scenario[] = [
  { name: 'verspreid', description: 'elke bestelling: 2 aanbieders → 2 orders met elk een budgetboeking' },
  {
    name: 'één aanbieder',
    description: `alle ${CONCURRENCY} klanten bestellen bij dezelfde aanbieder: 2 producten → 1 order, elke boeking op één te-betalen-rekening`,
    provider: 0,
  },
];

async function main() {
  const env = benchEnv();
  const database = await benchDatabase(env);

  const config = loadConfig(env);
  // Statements are counted at the driver: every query the server sends to PostgreSQL through node-postgres, and the
  // time until its answer (the round trip: PostgreSQL's work plus waiting, as the server's event loop sees it).
  let counting = false;
  let statements = 0;
  let measuring = false;
  let queries = 0;
  let queryMs = 0;
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (counting) {
      statements++;
      if (process.env.BENCH_SQL_LOG) {
        const q = args[0] as string | { text?: string };
        console.log(`  sql: ${(typeof q === 'string' ? q : (q?.text ?? '')).replace(/\s+/g, ' ').slice(0, 160)}`);
      }
    }
    const result = original.apply(this, args);
    if (measuring && result && typeof (result as Promise<unknown>).then === 'function') {
      queries++;
      const t0 = performance.now();
      (result as Promise<unknown>).then(
        () => (queryMs += performance.now() - t0),
        () => (queryMs += performance.now() - t0),
      );
    }
    return result;
  } as typeof pg.Client.prototype.query;
  const server = await boot({ config, logger: createLogger('silent'), port: 0 });
  try {
    const databaseUrl = (server.orm.config.get('clientUrl') as string | undefined) ?? config.databaseUrl!;
    const seedStarted = Date.now();
    const fixture = await seedCheckoutLoad(databaseUrl, config.bsn, {
      households: CONCURRENCY,
      budgetCents: 10_000_000,
      contributionHouseholds: Math.max(1, Math.floor(CONCURRENCY / 8)),
      providers: PROVIDERS,
    });
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const backends = async () =>
      (
        await admin.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
        )
      ).rows.map((r) => r.pid);

    console.log('\nBenchmark: bestellen (checkout)');
    console.log(
      `  data        ${CONCURRENCY} huishoudens met tegoed (${Math.max(1, Math.floor(CONCURRENCY / 8))} met eigen bijdrage), ${PROVIDERS} aanbieders × 4 producten, geseed in ${seedSeconds.toFixed(1)} s`,
    );
    console.log(`  machine     ${cpus().length} cores, gedeeld met PostgreSQL, de lastgenerator en andere processen`);
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    let failed = false;
    for (const scenario of SCENARIOS) {
      const functionsBefore = PG_PROFILE ? await functionStats(admin) : null;
      const insertedBefore = PG_PROFILE ? await insertedRows(admin) : null;
      const pgBefore = backendCpuSeconds(await backends());
      const cpuBefore = process.cpuUsage();
      const mainBefore = mainThreadCpuSeconds();
      const eluBefore = performance.eventLoopUtilization();
      queries = 0;
      queryMs = 0;
      measuring = true;
      // The load comes from a worker thread: the clients never compete with the server for its event loop.
      const result = await new Promise<LoadResult>((resolve, reject) => {
        const worker = new Worker(new URL(import.meta.url), {
          workerData: {
            url: server.url,
            fixture,
            checkouts: CHECKOUTS,
            concurrency: CONCURRENCY,
            provider: scenario.provider,
          },
        });
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      measuring = false;
      const elu = performance.eventLoopUtilization(eluBefore);
      const cpu = process.cpuUsage(cpuBefore);
      const mainSeconds = mainThreadCpuSeconds() - mainBefore;
      // Backends that came and went during the run are missed: the pool keeps its connections, so few are.
      let pgSeconds = 0;
      for (const [pid, now] of backendCpuSeconds(await backends())) pgSeconds += now - (pgBefore.get(pid) ?? 0);
      const load = loadavg();
      const { latencies, failures, seconds } = result;
      latencies.sort((a, b) => a - b);
      const total = CHECKOUTS + CONCURRENCY; // measured + warm-up, for the per-checkout shares
      const refused =
        Object.entries(result.refused)
          .map(([code, n]) => `${n} × ${code}`)
          .join(', ') || 'geen';
      console.log(`\n  scenario    ${scenario.name}`);
      console.log(
        `  belasting   ${CHECKOUTS} bestellingen via GraphQL, ${CONCURRENCY} gelijktijdige klanten (elk een eigen DigiD-sessie, ingelogd in ${result.loginSeconds.toFixed(1)} s)`,
      );
      console.log(
        `              ${scenario.description}; ${result.withContribution} met eigen bijdrage (betaling gestart)`,
      );
      console.log(
        `  doorvoer    ${(CHECKOUTS / seconds).toFixed(0)} bestellingen/s (${seconds.toFixed(1)} s totaal; ${result.orders} orders; ${failures.length} mislukt; geweigerd: ${refused})`,
      );
      console.log(
        `  latentie    p50 ${ms(percentile(latencies, 50))}   p95 ${ms(percentile(latencies, 95))}   p99 ${ms(percentile(latencies, 99))}   max ${ms(latencies.at(-1)!)}`,
      );
      console.log(`  belasting   load average ${loadText(load)} (1/5/15 min) aan het eind van dit scenario`);
      console.log(
        `  CPU         ${ms(((pgSeconds + mainSeconds) * 1000) / total)} per bestelling (PostgreSQL-backends + server-hoofdthread)`,
      );
      console.log(
        `  profiel     CPU per bestelling: PostgreSQL-backends ${ms((pgSeconds * 1000) / total)}; server (hoofdthread) ${ms((mainSeconds * 1000) / total)}; rest van het Node-proces (lastgenerator, GC, I/O) ${ms((cpu.user + cpu.system) / 1000 / total - (mainSeconds * 1000) / total)}`,
      );
      console.log(
        `              server-eventloop ${(elu.utilization * 100).toFixed(0)}% bezet; ${(queries / total).toFixed(1)} queries, samen ${ms(queryMs / total)} wachten op PostgreSQL (rondreis incl. wachtrij)`,
      );
      if (functionsBefore && insertedBefore) {
        const after = await functionStats(admin);
        const rows = [...after]
          .map(([name, a]) => {
            const b = functionsBefore.get(name) ?? { calls: 0, totalMs: 0, selfMs: 0 };
            return { name, calls: a.calls - b.calls, totalMs: a.totalMs - b.totalMs, selfMs: a.selfMs - b.selfMs };
          })
          .filter((r) => r.calls > 0)
          .sort((a, b) => b.totalMs - a.totalMs);
        for (const r of rows.slice(0, 12))
          console.log(
            `  functie     ${r.name}: ${(r.calls / total).toFixed(1)} aanroepen, ${((r.totalMs * 1000) / total).toFixed(0)} µs (zelf ${((r.selfMs * 1000) / total).toFixed(0)} µs) per bestelling`,
          );
        const written = [...(await insertedRows(admin))]
          .map(([name, a]) => ({
            name,
            rows: (a.inserted - (insertedBefore.get(name)?.inserted ?? 0)) / total,
            indexes: a.indexes,
          }))
          .filter((r) => r.rows > 0)
          .sort((a, b) => b.rows * b.indexes - a.rows * a.indexes);
        console.log(
          `  geschreven  per bestelling: ${written.map((r) => `${r.name} ${r.rows.toFixed(1)} rij × ${r.indexes} index`).join(', ')}`,
        );
      }
      for (const f of failures.slice(0, 5)) console.log(`  fout        ${f}`);
      if (failures.length) failed = true;
    }
    await admin.end();

    // SQL statements of one checkout on its own (two orders, budget only), after the load.
    const single = new LoadClient(server.url);
    await single.loginWithDigid(fixture.bsns.at(-1)!);
    statements = 0;
    counting = true;
    const one = await single.gql(CHECKOUT_MUTATION, {
      input: { idempotencyKey: newKey(), lines: checkoutLines(fixture, 0) },
    });
    counting = false;
    if (one.errors || one.data.checkout.errors.length)
      throw new Error(`single checkout failed: ${JSON.stringify(one)}`);
    const perCheckout = statements;
    console.log(
      `\n  SQL         ${perCheckout} statements voor één bestelling met 2 orders (los gemeten, inclusief begin/commit en het antwoord)`,
    );
    const violations = await moneyInvariantViolations(databaseUrl);
    const check = new pg.Client({ connectionString: databaseUrl });
    await check.connect();
    const [busiest] = (
      await check.query<{ name: string; payable: string; budgets: string; orders: string }>(
        `select pr.name, b.balance_cents::text as payable, sum(o.budget_cents)::text as budgets, count(o.id)::text as orders
           from ledger_account_balance b join provider pr on pr.id = b.provider_id
           join customer_order o on o.provider_id = b.provider_id and o.municipality_id = b.municipality_id
          where b.kind = 'PROVIDER_PAYABLE' and b.provider_id = (select provider_id from product where id = $1)
          group by pr.name, b.balance_cents`,
        [fixture.productsByProvider[0]![0]!.id],
      )
    ).rows;
    await check.end();
    if (busiest && busiest.payable !== busiest.budgets)
      violations.push(`payable of ${busiest.name} ${busiest.payable} ≠ its orders' budget parts ${busiest.budgets}`);
    if (busiest)
      console.log(
        `  aanbieder   ${busiest.name}: te betalen ${busiest.payable} ct = som van de budgetdelen van zijn ${busiest.orders} orders (${busiest.budgets} ct)`,
      );
    console.log(
      `  geldregels  ${violations.length ? `SCHENDINGEN:\n    ${violations.join('\n    ')}` : 'alle boekingen in balans, saldi = som van de posten, te betalen per aanbieder = zijn orders − uitbetalingen, geen negatief tegoed, elke order en checkout klopt'}`,
    );
    if (failed || violations.length) process.exitCode = 1;
  } finally {
    await server.stop();
    await database.cleanup();
  }
}

/** The load generator (worker thread): log in every client, warm up, then a fixed number of checkouts. */
async function load(data: {
  url: string;
  fixture: LoadFixture;
  checkouts: number;
  concurrency: number;
  provider?: number;
}): Promise<LoadResult> {
  const loginStarted = performance.now();
  const clients = await Promise.all(
    data.fixture.bsns.slice(0, data.concurrency).map(async (bsn) => {
      const c = new LoadClient(data.url);
      await c.loginWithDigid(bsn);
      return c;
    }),
  );
  const loginSeconds = (performance.now() - loginStarted) / 1000;
  // Warm-up: one checkout per client (not measured).
  await Promise.all(
    clients.map((c, i) =>
      c.gql(CHECKOUT_MUTATION, {
        input: { idempotencyKey: newKey(), lines: checkoutLines(data.fixture, i, data.provider) },
      }),
    ),
  );

  const latencies: number[] = [];
  const failures: string[] = [];
  const refused: Record<string, number> = {};
  let orders = 0;
  let withContribution = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      while (next < data.checkouts) {
        const i = next++;
        const t0 = performance.now();
        try {
          const r = await client.gql(CHECKOUT_MUTATION, {
            input: { idempotencyKey: newKey(), lines: checkoutLines(data.fixture, i, data.provider) },
          });
          latencies.push(performance.now() - t0);
          if (r.status !== 200 || r.errors) failures.push(JSON.stringify(r.errors ?? r.status).slice(0, 300));
          else if (r.data.checkout.errors.length)
            for (const e of r.data.checkout.errors) refused[e.code] = (refused[e.code] ?? 0) + 1;
          else {
            orders += r.data.checkout.orders.length;
            if (r.data.checkout.contributionCents > 0) withContribution++;
          }
        } catch (error) {
          latencies.push(performance.now() - t0);
          failures.push(String(error));
        }
      }
    }),
  );
  return {
    latencies,
    failures,
    refused,
    orders,
    withContribution,
    seconds: (performance.now() - started) / 1000,
    loginSeconds,
  };
}

if (isMainThread) {
  await main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  parentPort!.postMessage(await load(workerData));
}
