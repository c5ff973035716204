import { afterAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { TcpProxy } from '../test/tcp-proxy.js';
import { loadConfig } from '../config/config.js';
import { createLogger } from '../logging/logger.js';
import { boot, type RunningServer } from '../app/boot.js';
import type { JobRegistry } from '../jobs/job-types.js';
import { LoadClient, moneyInvariantViolations, seedCheckoutLoad } from '../test/checkout-load.js';
import { retryingCheckouts, storedCheckouts } from '../test/retrying-checkouts.js';
import { isPortFree } from '../config/ports.js';

/**
 * What a database failover does to the application, within the suite (the whole failover, with a standby promoted,
 * is database/failover.test.ts: `npm run test:failover`). The application reaches the suite's PostgreSQL through a
 * small TCP proxy (the service address); under checkout load the proxy cuts every connection three times (a primary
 * gone: connections break in the middle of transactions), then leads nowhere for a second (connections refused, as
 * while a standby is promoted), then leads back. Every request that met it is answered 503 DATABASE_UNAVAILABLE
 * with Retry-After, retried with its idempotency key until done, and booked once; the pool keeps no broken
 * connection checked out (it used to keep one for every transaction the break hit: database/pool.ts); the job
 * queue's LISTEN comes back; the instance stops at once.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, ms: number, check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

describe('the database connections break under checkout load', () => {
  let database: TestDatabase | undefined;
  let proxy: TcpProxy | undefined;
  let app: RunningServer | undefined;

  afterAll(async () => {
    // Bounded: a pool that kept a broken connection never finishes closing (the failure this test is about).
    await Promise.race([app?.stop().catch(() => undefined), sleep(20_000)]);
    await proxy?.close();
    await database?.drop();
  });

  it('answers 503 DATABASE_UNAVAILABLE, keeps no broken connection, reconnects by itself and books each checkout once', async () => {
    database = await createTestDatabase({ open: false });
    const keys = loadConfig({ NODE_ENV: 'test' }).bsn;
    const fixture = await seedCheckoutLoad(database.url, keys, {
      households: 6,
      budgetCents: 10_000_000,
      contributionHouseholds: 0,
    });
    proxy = new TcpProxy(Number(new URL(database.url).port || 5432));
    await proxy.listen();
    const errors: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) {
          const { level, msg } = JSON.parse(line) as { level: number; msg: string };
          if (level >= 50) errors.push(msg);
        }
        done();
      },
    });
    const jobRuns: { marker?: string; at: number }[] = [];
    const jobs = (registry: JobRegistry): JobRegistry => {
      const purge = registry.handlers['identity.purgeExpired']!;
      return {
        ...registry,
        handlers: {
          ...registry.handlers,
          'identity.purgeExpired': async (ctx, payload, run) => {
            jobRuns.push({ marker: (payload as { marker?: string }).marker, at: performance.now() });
            await purge(ctx, payload, run);
          },
        },
      };
    };
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: proxy.through(database.url),
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PASSWORD_HASHING: 'fast',
      // Long: a job enqueued afterwards is picked up by NOTIFY, so only when the LISTEN came back.
      JOBS_POLL_INTERVAL_MS: '30000',
    });
    app = await boot({ config, logger: createLogger('warn', {}, sink), port: 0, setUp: false, jobs });
    // The job queue's LISTEN connection: graphile-worker reconnects it by itself with an exponential back-off (with
    // jitter, at most 60 s between attempts), so after a break of a few seconds it can take 10–20 s to come back.
    // Jobs do not wait for it in production (the worker also polls every 2 s); here the poll is long, so a job runs
    // "at once" only through the LISTEN.
    const listen = { up: 0, down: 0 };
    app.jobWorker!.runner.events.on('pool:listen:success', () => (listen.up = performance.now()));
    app.jobWorker!.runner.events.on('pool:listen:error', () => (listen.down = performance.now()));
    const clients = await Promise.all(
      fixture.bsns.map(async (bsn) => {
        const client = new LoadClient(app!.url);
        await client.loginWithDigid(bsn);
        return client;
      }),
    );

    let phase = 'before';
    const load = retryingCheckouts(clients, fixture, { retryMs: 100, phase: () => phase });
    await until('15 checkouts', 20_000, () => load.answered.size >= 15 || load.unexpected.length > 0);
    const brokeAt = performance.now();
    phase = 'cut';
    for (let i = 0; i < 3; i++) {
      proxy.cut();
      await sleep(300);
    }
    // A second with the address leading nowhere (a port nobody listens on).
    let nowhere = 54_470;
    while (!(await isPortFree(nowhere, '127.0.0.1'))) nowhere++;
    const target = Number(new URL(database.url).port || 5432);
    phase = 'nowhere';
    proxy.point(nowhere);
    await sleep(1000);
    proxy.point(target);
    const backAt = performance.now();
    phase = 'back';
    await until('15 checkouts after', 20_000, () => load.answeredSince(backAt) >= 15 || load.unexpected.length > 0);
    await load.stop();
    expect(load.unexpected).toEqual([]);

    // Every failure a 503 a client can act on, none before the break.
    expect(load.failures.length).toBeGreaterThan(0);
    expect(load.failures.filter((f) => f.at < brokeAt)).toEqual([]);
    for (const f of load.failures)
      expect(f).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE', retryAfter: '2' });
    // Each answered checkout stored with its orders, once; nothing booked that was not answered.
    const stored = await storedCheckouts(database.url, load.answered);
    expect(stored.missing).toEqual([]);
    expect(stored.checkouts).toBe(stored.keys);
    expect(stored.checkouts).toBe(load.answered.size);
    expect(await moneyInvariantViolations(database.url)).toEqual([]);

    // No connection of the application's pool is still checked out (a broken one kept would be, for good).
    const pool = (await app.orm.em.getConnection().getNativeClient()) as {
      totalCount: number;
      idleCount: number;
      waitingCount: number;
    };
    await until('the pool to be idle', 5000, () => pool.totalCount === pool.idleCount);
    expect(pool.waitingCount).toBe(0);

    // Sessions hold; the instance is ready; a job enqueued now runs at once (its LISTEN came back).
    for (const client of clients)
      expect((await client.gql<{ viewer: { kind: string } }>(`{ viewer { kind } }`)).data?.viewer.kind).toBe(
        'CUSTOMER',
      );
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    expect(listen.down).toBeGreaterThan(brokeAt); // the break reached the LISTEN connection too
    await until('the LISTEN connection to come back', 65_000, () => listen.up > listen.down);
    await sleep(500); // its LISTEN statement, sent right after the connection is made
    const enqueuedAt = performance.now();
    await app.orm.em
      .fork()
      .execute(`select graphile_worker.add_job('identity.purgeExpired', ?::json)`, [
        JSON.stringify({ marker: 'after-break' }),
      ]);
    await until('the job to run', 10_000, () => jobRuns.some((r) => r.marker === 'after-break'));
    expect(jobRuns.find((r) => r.marker === 'after-break')!.at - enqueuedAt).toBeLessThan(5_000);
    expect(errors).toEqual([]);

    // And it stops at once: closing the pool waits for no connection that was never given back.
    const stopping = performance.now();
    await app.stop();
    app = undefined;
    expect(performance.now() - stopping).toBeLessThan(10_000);
  }, 150_000);
});
