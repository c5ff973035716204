import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/server.js';
import type { JobRegistry } from './job-types.js';

/**
 * The job queue against a real PostgreSQL with several instances of the application on one database (each a real
 * boot(): HTTP server, settings listener and job worker), as behind a load balancer.
 */

async function eventually<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  ms = 15_000,
  what = 'condition',
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the job queue, with two instances on one database', () => {
  let owner: TestServer;
  let a: TestServer;
  let b: TestServer;
  const ticks: { instance: string; ts: string }[] = [];
  const counted: { instance: string; n: number }[] = [];
  let failing = true;
  const slow = { started: false, finished: false };

  /** The application's registry plus test tasks and a test schedule (every minute, made up for 5 minutes back). */
  const withTestJobs =
    (instance: string) =>
    (registry: JobRegistry): JobRegistry => ({
      handlers: {
        ...registry.handlers,
        'test.tick': async (_ctx, payload: { _cron: { ts: string } }) =>
          void ticks.push({ instance, ts: payload._cron.ts }),
        'test.count': async (_ctx, payload: { n: number }) => void counted.push({ instance, n: payload.n }),
        'test.fail': async () => {
          if (failing) throw new Error('de testtaak faalt met opzet');
        },
        'test.slow': async () => {
          slow.started = true;
          await new Promise((r) => setTimeout(r, 700));
          slow.finished = true;
        },
      },
      schedules: [
        ...registry.schedules,
        { task: 'test.tick', cron: '* * * * *', identifier: 'test.tick', backfill: '5m' },
      ],
    });

  beforeAll(async () => {
    // The database (migrated) with no worker yet; the test schedule "has existed" for 10 minutes and never ran, so
    // each instance, when it starts, makes up the last 5 minutes' ticks: both try to schedule the same 5 ticks.
    owner = await startTestServer({ env: { JOBS_WORKER: 'false' } });
    await owner.orm.em
      .fork()
      .execute(
        `insert into graphile_worker._private_known_crontabs (identifier, known_since, last_execution) values ('test.tick', now() - interval '10 minutes', null)`,
      );
    const env = { JOBS_POLL_INTERVAL_MS: '200', JOBS_CONCURRENCY: '3' };
    [a, b] = await Promise.all([
      startTestServer({ sameDatabaseAs: owner, env, jobs: withTestJobs('a') }),
      startTestServer({ sameDatabaseAs: owner, env, jobs: withTestJobs('b') }),
    ]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await owner?.close();
  });

  it('runs each tick of a schedule once, however many instances run it', async () => {
    expect(a.jobWorker).not.toBeNull();
    expect(b.jobWorker).not.toBeNull();
    expect(owner.jobWorker).toBeNull();
    await eventually(() => new Set(ticks.map((t) => t.ts)).size >= 5 || undefined, 15_000, 'five made-up ticks');
    // Give a duplicate every chance to show up.
    await new Promise((r) => setTimeout(r, 1500));
    const perTick = new Map<string, number>();
    for (const t of ticks) perTick.set(t.ts, (perTick.get(t.ts) ?? 0) + 1);
    expect([...perTick.values()].every((n) => n === 1)).toBe(true);
    expect(perTick.size).toBeGreaterThanOrEqual(5);
    expect(perTick.size).toBeLessThanOrEqual(7);
  });

  it('runs each enqueued job once, spread over the instances, and only after its transaction committed', async () => {
    const em = owner.orm.em.fork();
    await em.transactional(async (tx) => {
      for (let n = 0; n < 30; n++) await owner.services.jobs.enqueue(tx, 'test.count' as never, { n } as never);
      // Not committed yet: no worker can see them.
      await new Promise((r) => setTimeout(r, 300));
      expect(counted).toHaveLength(0);
    });
    await eventually(() => counted.length >= 30 || undefined, 10_000, '30 jobs');
    await new Promise((r) => setTimeout(r, 500));
    expect(counted.map((c) => c.n).sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i));
  });

  it('a job key keeps one job however often it is asked for', async () => {
    const em = owner.orm.em.fork();
    const later = { delaySeconds: 3600, jobKey: 'test:once' };
    const first = await owner.services.jobs.enqueue(em, 'test.count' as never, { n: 100 } as never, later);
    const second = await owner.services.jobs.enqueue(em, 'test.count' as never, { n: 101 } as never, later);
    expect(second.id).toBe(first.id);
    const [row] = await em.execute<{ n: string; payload: { n: number } }[]>(
      `select count(*) over () as n, payload from graphile_worker._private_jobs where key = 'test:once'`,
    );
    expect(row).toEqual({ n: '1', payload: { n: 101 } });
    expect(first.runAt.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    expect((await owner.services.jobs.health(em)).counts.scheduled).toBeGreaterThanOrEqual(1);
  });

  it('retries a failing job with backoff, then keeps it as permanently failed and visible in jobHealth', async () => {
    const em = owner.orm.em.fork();
    const job = await owner.services.jobs.enqueue(em, 'test.fail' as never, {} as never, { maxAttempts: 2 });
    // First attempt at once; the second after the backoff (exp(1) ≈ 2.7 s).
    const failure = await eventually(
      async () => (await owner.services.jobs.health(em)).failures.find((f) => f.id === job.id && f.permanent),
      15_000,
      'the job to fail for good',
    );
    expect(failure).toMatchObject({
      task: 'test.fail',
      attempts: 2,
      maxAttempts: 2,
      permanent: true,
      nextAttemptAt: null,
    });
    expect(failure.lastError).toContain('de testtaak faalt met opzet');
    const health = await owner.services.jobs.health(em);
    expect(health.counts.failed).toBeGreaterThanOrEqual(1);
    expect(health.perTask.find((t) => t.task === 'test.fail')).toMatchObject({ failed: 1 });

    // The operator console's "try again": it runs once more and, now succeeding, leaves the queue.
    failing = false;
    expect(await owner.services.jobs.retry(em, job.id)).toBe(true);
    await eventually(
      async () => !(await owner.services.jobs.health(em)).failures.some((f) => f.id === job.id) || undefined,
      10_000,
      'the retried job',
    );
  });

  it('stops gracefully: a running job finishes before the instance is gone', async () => {
    await b.close();
    await a.services.jobs.enqueue(a.orm.em.fork(), 'test.slow' as never, {} as never);
    await eventually(() => slow.started || undefined, 5000, 'the slow job to start');
    await a.close();
    expect(slow.finished).toBe(true);
  });
});
