import { afterAll, describe, expect, it } from 'vitest';
import { appendFileSync, chmodSync, cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { embeddedPostgresTools } from './embedded.js';
import { openDatabase, migrate } from './orm.js';
import { testFolder } from '../test/folders.js';
import { TcpProxy } from '../test/tcp-proxy.js';
import { loadConfig } from '../config/config.js';
import { createLogger } from '../logging/logger.js';
import { boot, type RunningServer } from '../app/boot.js';
import type { JobRegistry } from '../jobs/job-types.js';
import { LoadClient, moneyInvariantViolations, seedCheckoutLoad } from '../test/checkout-load.js';
import { retryingCheckouts, storedCheckouts } from '../test/retrying-checkouts.js';
import { isPortFree } from '../config/ports.js';

/**
 * The database fails over without losing a committed euro (issue 27). A PostgreSQL primary with a synchronous
 * streaming-replication standby, made with the built-in PostgreSQL's own programs: initdb, the primary migrated and
 * seeded, stopped, its data folder copied, `standby.signal` and `primary_conninfo` added to the copy, both started
 * (the primary with `synchronous_standby_names`: a commit is answered only once the standby has the WAL). Two
 * instances of the application reach the primary through a small TCP proxy (test/tcp-proxy.ts: the one service
 * address a Kubernetes operator or Patroni gives). Residents check out on both; the primary's whole process group is
 * killed (SIGKILL: the machine gone), the standby promoted (`pg_promote()`, what `pg_ctl promote` does), the proxy
 * pointed at it. Then:
 *
 * - a request in flight or arriving meanwhile is answered 503 with Retry-After and DATABASE_UNAVAILABLE (never 500),
 *   and its retry with the same idempotency key books once;
 * - the instances reconnect by themselves (no restart), the job queue runs a job enqueued after the failover, the
 *   residents' sessions still hold, and both instances are ready again;
 * - every checkout that was answered as done is on the new primary with the same orders, and the money invariants hold.
 *
 * `docs/operations-failover.md` explains the production equivalent; `npm run test:failover` runs this file. The log lines (prefixed "failover:") are the
 * evidence for the note: checkouts answered, found after the failover, errors clients saw, the time to recover.
 */

const CLIENTS = 8;
/** Checkouts answered before the primary is killed, and after the failover, before the test stops the load. */
const BEFORE = 40;
const AFTER = 40;
/** How long a client waits before it tries a request again that was answered 503 (the app asks 2 s; tests are busy). */
const RETRY_MS = 150;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(from: number): Promise<number> {
  for (let port = from; port < from + 200; port++) if (await isPortFree(port, '127.0.0.1')) return port;
  throw new Error('no free port');
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function until<T>(what: string, ms: number, check: () => Promise<T | false | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** A PostgreSQL server process: stopped by its process group (postgres and every backend). */
async function stopServer(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = (s: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, s);
    } catch {
      /* gone already */
    }
  };
  kill(signal);
  // A fast shutdown that takes longer than 15 s on a busy machine: killed.
  const timer = setTimeout(() => kill('SIGKILL'), 15_000);
  await gone;
  clearTimeout(timer);
}

/** `work`, or after `ms` on its own way (a clean-up step must not keep the next one from running). */
const atMost = (ms: number, work: Promise<unknown>) =>
  Promise.race([work.catch(() => undefined), new Promise((r) => setTimeout(r, ms).unref())]);

/**
 * 40–84 s at a load average of 19–24 on the 2-core machine (most of it making the cluster and migrating it), so not
 * part of `npm test`:
 * `npm run test:failover` runs it (GW_FAILOVER_TEST=1). The suite keeps database/reconnect.test.ts: connections cut
 * and the address leading nowhere under the same load, against the suite's own PostgreSQL.
 */
const enabled = process.env.GW_FAILOVER_TEST === '1';

describe.runIf(enabled)('PostgreSQL failover: a synchronous standby promoted under checkout load', () => {
  const tools = enabled ? embeddedPostgresTools() : (null as never);
  let primary: ChildProcess | undefined;
  let standby: ChildProcess | undefined;
  let proxy: TcpProxy | undefined;
  const instances: RunningServer[] = [];

  afterAll(async () => {
    const started = performance.now();
    await atMost(
      20_000,
      Promise.allSettled(
        instances.map(async (i, n) => {
          const t = performance.now();
          await i.stop();
          console.log(`failover: instance ${n} stopped in ${Math.round(performance.now() - t)} ms`);
        }),
      ),
    );
    await atMost(5_000, proxy?.close() ?? Promise.resolve());
    await stopServer(primary, 'SIGKILL');
    await stopServer(standby, 'SIGINT');
    console.log(`failover: cleaned up in ${Math.round(performance.now() - started)} ms`);
    // The folders go with the file's other test folders (test/setup.ts), the servers on them stopped first.
  }, 60_000);

  it('loses no answered checkout, answers 503 DATABASE_UNAVAILABLE meanwhile and recovers without a restart', async () => {
    const log = (line: string) => console.log(`failover: ${line}`);
    const t0 = performance.now();
    const since = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

    // 1. The primary: a new cluster, migrated, with a municipality, providers, products and households.
    const root = testFolder('failover');
    chmodSync(root, 0o755); // the postgres user (as root) must reach its folders
    const primaryDir = join(root, 'primary');
    const standbyDir = join(root, 'standby');
    await tools.initdb(primaryDir);
    const primaryPort = await freePort(54_451);
    primary = await tools.start(primaryDir, primaryPort, { fsync: 'off' });
    await query(tools.url(primaryPort, 'postgres'), 'create database gemeentewinkel');
    const primaryUrl = tools.url(primaryPort, 'gemeentewinkel');
    const orm = await openDatabase(primaryUrl);
    await migrate(orm);
    await orm.close(true);
    const keys = loadConfig({ NODE_ENV: 'test' }).bsn;
    const fixture = await seedCheckoutLoad(primaryUrl, keys, {
      households: CLIENTS,
      budgetCents: 10_000_000,
      contributionHouseholds: 0,
    });
    log(`primary migrated and seeded (${since()})`);

    // 2. The standby: the stopped primary's folder copied, told to follow the primary.
    await stopServer(primary, 'SIGINT');
    cpSync(primaryDir, standbyDir, { recursive: true });
    tools.own(standbyDir);
    chmodSync(standbyDir, 0o700);
    writeFileSync(join(standbyDir, 'standby.signal'), '');
    appendFileSync(
      join(standbyDir, 'postgresql.auto.conf'),
      `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres password=postgres application_name=standby'\n`,
    );
    tools.own(standbyDir);
    // Synchronous replication as a setting of the primary (on its command line, so the promoted standby, whose
    // configuration is the copy's, does not wait for a standby of its own).
    primary = await tools.start(primaryDir, primaryPort, {
      fsync: 'off',
      synchronous_standby_names: 'standby',
      synchronous_commit: 'on',
    });
    const standbyPort = await freePort(primaryPort + 1);
    standby = await tools.start(standbyDir, standbyPort, { fsync: 'off' });
    const standbyUrl = tools.url(standbyPort, 'gemeentewinkel');
    const [replication] = await until('the standby to stream synchronously', 30_000, async () => {
      const rows = await query<{ application_name: string; state: string; sync_state: string }>(
        tools.url(primaryPort, 'postgres'),
        `select application_name, state, sync_state from pg_stat_replication`,
      );
      return rows[0]?.state === 'streaming' && rows[0].sync_state === 'sync' && rows;
    });
    expect(replication).toEqual({ application_name: 'standby', state: 'streaming', sync_state: 'sync' });
    log(`standby streaming, sync_state=${replication!.sync_state} (${since()})`);

    // 3. The service address, and two instances of the application behind it.
    proxy = new TcpProxy(primaryPort);
    await proxy.listen();
    const jobRuns: { instance: string; at: number; marker?: string }[] = [];
    const logged: { level: number; msg: string }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) {
          const { level, msg } = JSON.parse(line) as { level: number; msg: string };
          logged.push({ level, msg });
        }
        done();
      },
    });
    const jobs =
      (instance: string) =>
      (registry: JobRegistry): JobRegistry => {
        const purge = registry.handlers['identity.purgeExpired']!;
        return {
          ...registry,
          handlers: {
            ...registry.handlers,
            'identity.purgeExpired': async (ctx, payload, run) => {
              jobRuns.push({ instance, at: performance.now(), marker: (payload as { marker?: string }).marker });
              await purge(ctx, payload, run);
            },
          },
        };
      };
    for (const name of ['a', 'b']) {
      const config = loadConfig({
        NODE_ENV: 'test',
        DATABASE_URL: proxy.url('gemeentewinkel'),
        SEED_DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PASSWORD_HASHING: 'fast',
        // Long: a job enqueued after the failover is picked up by NOTIFY, so only when the LISTEN came back.
        JOBS_POLL_INTERVAL_MS: '30000',
      });
      instances.push(
        await boot({
          config,
          logger: createLogger('warn', { instance: name }, sink),
          port: 0,
          setUp: false,
          jobs: jobs(name),
        }),
      );
    }
    const clients = await Promise.all(
      fixture.bsns.map(async (bsn, i) => {
        const client = new LoadClient(instances[i % 2]!.url);
        await client.loginWithDigid(bsn);
        return client;
      }),
    );
    log(`two instances up behind the proxy, ${CLIENTS} residents logged in (${since()})`);

    // 4. Load: every resident checks out again and again; a 503 is retried with the same idempotency key.
    let phase = 'in flight';
    const load = retryingCheckouts(clients, fixture, { retryMs: RETRY_MS, phase: () => phase });
    await until(
      `${BEFORE} checkouts answered`,
      30_000,
      async () => load.answered.size >= BEFORE || load.unexpected.length > 0,
    );
    expect(load.unexpected).toEqual([]);

    // 5. The primary dies (the whole server at once), the standby is promoted, the address follows it.
    const before = load.answered.size;
    const [{ lsn: primaryLsn }] = await query<{ lsn: string }>(
      tools.url(primaryPort, 'postgres'),
      `select pg_current_wal_lsn()::text as lsn`,
    );
    phase = 'down';
    const killedAt = performance.now();
    await stopServer(primary, 'SIGKILL');
    log(`primary killed (SIGKILL to its process group) after ${before} answered checkouts, at WAL ${primaryLsn}`);
    await sleep(300); // what an operator takes to notice: requests meet the address with nothing behind it
    const [{ promoted }] = await query<{ promoted: boolean }>(
      tools.url(standbyPort, 'postgres'),
      `select pg_promote(true, 30) as promoted`,
    );
    expect(promoted).toBe(true);
    const promotedAt = performance.now();
    proxy.point(standbyPort);
    const switchedAt = performance.now();
    phase = 'after';
    log(
      `standby promoted in ${Math.round(promotedAt - killedAt - 300)} ms (after 300 ms down), proxy pointed at it ` +
        `${Math.round(switchedAt - killedAt)} ms after the kill`,
    );

    // 6. The load carries on by itself.
    const firstAfter = await until('a checkout answered after the failover', 30_000, async () => {
      if (load.unexpected.length) return -1;
      const times = [...load.answered.values()].filter((a) => a.at > switchedAt).map((a) => a.at);
      return times.length > 0 && Math.min(...times);
    });
    expect(load.unexpected).toEqual([]);
    await until(`${AFTER} checkouts answered after the failover`, 30_000, async () => {
      return load.unexpected.length > 0 || load.answeredSince(switchedAt) >= AFTER;
    });
    await load.stop();
    expect(load.unexpected).toEqual([]);
    log(
      `first checkout answered ${Math.round(firstAfter - killedAt)} ms after the kill ` +
        `(${Math.round(firstAfter - switchedAt)} ms after the switch); ${load.answeredSince(switchedAt)} answered since`,
    );

    // Clients saw the failover as 503 DATABASE_UNAVAILABLE with Retry-After, never anything else; nothing failed
    // before the kill.
    log(`errors seen by clients: ${load.summary()}`);
    expect(load.failures.length).toBeGreaterThan(0);
    expect(load.failures.filter((f) => f.at < killedAt)).toEqual([]);
    for (const f of load.failures)
      expect(f).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE', retryAfter: '2' });

    // 7. Every checkout answered as done is on the new primary, with the orders it was answered with, once.
    const stored = await storedCheckouts(standbyUrl, load.answered);
    log(
      `checkouts answered as done: ${load.answered.size}; found on the new primary: ` +
        `${load.answered.size - stored.missing.length}`,
    );
    expect(stored.missing).toEqual([]);
    expect(stored.checkouts).toBe(stored.keys); // a retry never booked twice
    expect(stored.checkouts).toBe(load.answered.size); // nothing booked that was not answered (each retried to an answer)
    const violations = await moneyInvariantViolations(standbyUrl);
    log(`money invariants on the new primary: ${violations.length ? violations.join('; ') : 'all hold'}`);
    expect(violations).toEqual([]);

    // 8. Sessions survived; both instances are ready; the job queue runs a job enqueued now (by NOTIFY).
    for (const client of clients) {
      const r = await client.gql<{ viewer: { kind: string } }>(`{ viewer { kind } }`);
      expect(r.data?.viewer.kind).toBe('CUSTOMER');
    }
    for (const instance of instances) expect((await fetch(`${instance.url}/readyz`)).status).toBe(200);
    const enqueuedAt = performance.now();
    await query(proxy.url('gemeentewinkel'), `select graphile_worker.add_job('identity.purgeExpired', $1::json)`, [
      JSON.stringify({ marker: 'after-failover' }),
    ]);
    const run = await until('the job enqueued after the failover to run', 20_000, async () =>
      jobRuns.find((r) => r.marker === 'after-failover'),
    );
    log(`job enqueued after the failover ran on instance ${run.instance} in ${Math.round(run.at - enqueuedAt)} ms`);
    expect(run.at - enqueuedAt).toBeLessThan(15_000); // well under the 30 s poll interval: the LISTEN came back

    const errors = logged.filter((l) => l.level >= 50);
    const warnings = new Map<string, number>();
    for (const l of logged.filter((x) => x.level === 40)) warnings.set(l.msg, (warnings.get(l.msg) ?? 0) + 1);
    log(
      `the instances logged ${errors.length} errors${errors.length ? ` (${[...new Set(errors.map((e) => e.msg))].join('; ')})` : ''} and warnings: ` +
        [...warnings].map(([m, k]) => `${k}× ${m}`).join('; '),
    );
    log(`total ${since()}`);
  }, 150_000);
});
