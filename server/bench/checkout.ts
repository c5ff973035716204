// `npm run bench:checkout`: placing orders (the `checkout` mutation) under load.
//
// Seeds households with budgets into a fresh database (TEST_DATABASE_URL's server when set, else an embedded
// PostgreSQL in a temporary folder), starts the real server, logs in BENCH_CONCURRENCY residents through the DigiD
// simulator (each client its own session, its own household), and runs BENCH_CHECKOUTS checkouts through GraphQL:
// each orders from two providers (two orders, two budget bookings); one household in eight has a small budget, so its
// checkouts need an own contribution (a payment at the simulator). Reports checkouts/s and latency, then checks the
// money invariants over everything that was booked. Bounded by BENCH_CHECKOUTS; stops by itself.
// Settings: BENCH_CHECKOUTS (2000), BENCH_CONCURRENCY (32), BENCH_PROVIDERS (12).
import 'reflect-metadata';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { loadConfig } from '../src/config/config.js';
import { createLogger } from '../src/logging/logger.js';
import { boot } from '../src/boot.js';
import { benchDatabase } from './bench-database.js';
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

async function main() {
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
  };
  const database = await benchDatabase(env);

  const config = loadConfig(env);
  // Statements are counted at the driver: every query the server sends to PostgreSQL through node-postgres.
  let counting = false;
  let statements = 0;
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (counting) {
      statements++;
      if (process.env.BENCH_SQL_LOG) {
        const q = args[0] as string | { text?: string };
        console.log(`  sql: ${(typeof q === 'string' ? q : (q?.text ?? '')).replace(/\s+/g, ' ').slice(0, 160)}`);
      }
    }
    return original.apply(this, args);
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

    // The load comes from a worker thread: the clients never compete with the server for its event loop.
    const result = await new Promise<LoadResult>((resolve, reject) => {
      const worker = new Worker(new URL(import.meta.url), {
        workerData: { url: server.url, fixture, checkouts: CHECKOUTS, concurrency: CONCURRENCY },
      });
      worker.once('message', resolve);
      worker.once('error', reject);
    });
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
    const violations = await moneyInvariantViolations(databaseUrl);
    const { latencies, failures, seconds } = result;
    latencies.sort((a, b) => a - b);

    const ms = (v: number) => `${v.toFixed(1)} ms`;
    const refused =
      Object.entries(result.refused)
        .map(([code, n]) => `${n} × ${code}`)
        .join(', ') || 'geen';
    console.log('\nBenchmark: bestellen (checkout)');
    console.log(
      `  data        ${CONCURRENCY} huishoudens met tegoed (${Math.max(1, Math.floor(CONCURRENCY / 8))} met eigen bijdrage), ${PROVIDERS} aanbieders × 4 producten, geseed in ${seedSeconds.toFixed(1)} s`,
    );
    console.log(
      `  belasting   ${CHECKOUTS} bestellingen via GraphQL, ${CONCURRENCY} gelijktijdige klanten (elk een eigen DigiD-sessie, ingelogd in ${result.loginSeconds.toFixed(1)} s)`,
    );
    console.log(
      `              elke bestelling: 2 aanbieders → 2 orders met elk een budgetboeking; ${result.withContribution} met eigen bijdrage (betaling gestart)`,
    );
    console.log(
      `  doorvoer    ${(CHECKOUTS / seconds).toFixed(0)} bestellingen/s (${seconds.toFixed(1)} s totaal; ${result.orders} orders; ${failures.length} mislukt; geweigerd: ${refused})`,
    );
    console.log(
      `  SQL         ${perCheckout} statements voor één bestelling met 2 orders (los gemeten, inclusief begin/commit)`,
    );
    console.log(
      `  latentie    p50 ${ms(percentile(latencies, 50))}   p95 ${ms(percentile(latencies, 95))}   p99 ${ms(percentile(latencies, 99))}   max ${ms(latencies.at(-1)!)}`,
    );
    console.log(
      `  geldregels  ${violations.length ? `SCHENDINGEN:\n    ${violations.join('\n    ')}` : 'alle boekingen in balans, saldi = som van de posten, geen negatief tegoed, elke order en checkout klopt'}`,
    );
    for (const f of failures.slice(0, 5)) console.log(`  fout        ${f}`);
    if (failures.length || violations.length) process.exitCode = 1;
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
      c.gql(CHECKOUT_MUTATION, { input: { idempotencyKey: newKey(), lines: checkoutLines(data.fixture, i) } }),
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
            input: { idempotencyKey: newKey(), lines: checkoutLines(data.fixture, i) },
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
