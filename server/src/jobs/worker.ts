import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import type { Logger } from 'pino';
import {
  Logger as GraphileLogger,
  parseCronItems,
  run,
  runMigrations,
  type Runner,
  type Task,
  type TaskList,
} from 'graphile-worker';
import type { Contexts } from '../platform/composition.js';
import { JOB_SCHEMA } from './job-queue.js';
import type { JobRegistry, JobSchedule } from './job-types.js';
import { JOB_ABORT_MS } from '../kernel/shutdown.js';
import { isDatabaseUnavailable } from '../kernel/errors.js';
import { releaseBrokenConnections } from '../database/pool.js';

/** The job a piece of code runs for, if any (tests keep a job's SQL out of a request's statement count). */
const jobScope = new AsyncLocalStorage<{ task: string; jobId: string }>();

export function currentJob(): { task: string; jobId: string } | undefined {
  return jobScope.getStore();
}

/**
 * graphile-worker's log lines into ours (pino). Its "info" chatter (job completed, worker started) becomes debug; a
 * failed attempt that will be retried is a warning, the last one an error.
 */
function graphileLogger(logger: Logger): GraphileLogger {
  return new GraphileLogger((scope) => (level, message, meta) => {
    // The library passes the whole job row (payload included) with a failure: only its id and counters are logged,
    // so a payload (a password reset's typed address) never reaches the log.
    const { job, ...rest } = (meta ?? {}) as {
      failure?: boolean;
      job?: { id: string; attempts: number; max_attempts: number };
    };
    const fields = {
      jobQueue: { label: scope.label, task: scope.taskIdentifier, jobId: scope.jobId },
      ...rest,
      ...(job ? { job: { id: job.id, attempts: job.attempts, maxAttempts: job.max_attempts } } : {}),
    };
    const willRetry = Boolean(
      (meta as { failure?: boolean } | undefined)?.failure && job && job.attempts < job.max_attempts,
    );
    // The LISTEN connection broke (a failover, a restart of PostgreSQL): the library reconnects by itself.
    // So is its periodic unlocking of jobs whose worker vanished ("Failed to reset locked"): it tries again later.
    // And its scheduler, which lost its connection while registering schedules ("Cron hit an error; restarting in
    // …"): it starts again after a growing delay, for as long as it takes (seen when a test cut the connections).
    const reconnecting =
      /^Error with notify listener|^Error occurred attempting to UNLISTEN|^Failed to reset locked|^Cron hit an error; restarting/.test(
        message,
      );
    if (level === 'error' && reconnecting) logger.warn(fields, message);
    else if (level === 'error' && !willRetry) logger.error(fields, message);
    else if (level === 'error') logger.warn(fields, message);
    else if (level === 'warning') logger.warn(fields, message);
    else logger.debug(fields, message);
  });
}

/**
 * Creates or upgrades the job queue's own tables and functions (schema `graphile_worker`) with the library's own
 * migration function. Called from our migrate step (database/orm.ts), before the application's migrations, so that
 * an application migration may enqueue a job. Safe when several instances start at once (the library serialises).
 */
export async function migrateJobQueue(databaseUrl: string, logger?: Logger): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, application_name: 'gemeentewinkel-jobs-migrate' });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    await runMigrations({ pgPool: pool, schema: JOB_SCHEMA, logger: graphileLogger(logger ?? silentLogger()) });
  } finally {
    await pool.end();
  }
}

function silentLogger(): Logger {
  const noop = () => undefined;
  const l = { error: noop, warn: noop, info: noop, debug: noop, child: () => l } as unknown as Logger;
  return l;
}

/**
 * graphile-worker retries a query (with backoff, up to 100 times) when its error's code is one it knows as transient
 * (`RETRYABLE_ERROR_CODES`: `EHOSTUNREACH`, `ETIMEDOUT`, `57P03`, …), and otherwise gives up. A job's completion is
 * such a query, and the library does not wait for it: given up during a failover (the connection refused, broken, or
 * not made in time), it was an unhandled rejection, which ends a Node process. A connection the pool cannot give
 * because the database is away is therefore reported to the library as `EHOSTUNREACH` (the original as its cause),
 * and the completion is retried until the database is back.
 */
function retryConnectionFailures(pool: pg.Pool, stopped: () => boolean): void {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((callback?: unknown) => {
    if (callback) return connect(callback); // the LISTEN connection's own form, which handles its errors itself
    // A completion still being retried when the worker has stopped (its pool closed): dropped, not rejected (nobody
    // awaits it). The job runs again later (its lock released or expired), as after a crash: jobs are idempotent.
    if (stopped()) return new Promise<pg.PoolClient>(() => undefined);
    return connect()!.catch((error: unknown) => {
      if (!isDatabaseUnavailable(error)) throw error;
      throw Object.assign(new Error('de database is even niet bereikbaar', { cause: error }), {
        code: 'EHOSTUNREACH',
      });
    });
  }) as typeof pool.connect;
}

/** Backfill phrases as graphile-worker's crontab reads them: '30m', '1h', '1d'. */
function backfillMs(phrase: string | undefined): number {
  if (!phrase) return 0;
  const m = /^(\d+)([smhd])$/.exec(phrase);
  if (!m) throw new Error(`invalid backfill "${phrase}"`);
  return Number(m[1]) * { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as 's' | 'm' | 'h' | 'd'];
}

function cronItems(schedules: JobSchedule[]) {
  return parseCronItems(
    schedules.map((s) => ({
      task: s.task,
      match: s.cron,
      identifier: s.identifier,
      options: { backfillPeriod: backfillMs(s.backfill), maxAttempts: s.maxAttempts, queueName: s.queueName },
    })),
  );
}

export interface JobWorkerOptions {
  databaseUrl: string;
  /** Each job's RequestContext comes from `contexts.forSystem(task)`: the SYSTEM viewer under the job's name. */
  contexts: Contexts;
  logger: Logger;
  registry: JobRegistry;
  /** Jobs run at the same time by this instance. */
  concurrency: number;
  /** How often to look for jobs that became due (retries, scheduled jobs); new jobs arrive by NOTIFY at once. */
  pollIntervalMs?: number;
}

export interface JobWorker {
  /** Stops taking jobs, waits for running ones (they get an abort signal after JOB_ABORT_MS), closes its pool. */
  stop(): Promise<void>;
  /**
   * `running`, or `stopped` once the runner has ended: asked to by stop(), or by itself after a fatal error in the
   * queue (the health endpoints report that; only a new process brings the worker back).
   */
  state(): 'running' | 'stopped';
  readonly runner: Runner;
}

/**
 * Runs the registry's handlers and schedules on graphile-worker. Every job runs once, whatever the number of
 * instances: a worker locks a job row (`for update skip locked`) before running it, and a cron tick is claimed in
 * the queue's `known_crontabs` table before its job is added. Each job gets its own RequestContext.
 */
export async function startJobWorker(options: JobWorkerOptions): Promise<JobWorker> {
  const { contexts, logger, registry } = options;
  const log = logger.child({ component: 'jobs' });
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.concurrency + 3,
    application_name: 'gemeentewinkel-jobs',
    // As the application's pool (database/orm.ts): a vanished server is noticed, a new connection does not hang.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    connectionTimeoutMillis: 10_000,
  });
  // An idle or checked-out connection that breaks must not crash the process; the worker reconnects by itself.
  let stopped = false;
  const lost = (error: Error) => {
    if (!stopped)
      log.warn(
        { err: { message: error.message, code: (error as { code?: string }).code } },
        'job queue connection lost',
      );
  };
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  retryConnectionFailures(pool, () => stopped);
  releaseBrokenConnections(pool);

  let stopping: Promise<void> | undefined;
  const taskList: TaskList = {};
  for (const [name, handler] of Object.entries(registry.handlers)) {
    const task: Task = async (payload, helpers) => {
      const job = helpers.job;
      // The job's own context: a fresh EntityManager, the SYSTEM viewer named after the task (audit rows say which
      // job acted), the application's clock, and a request id per job that its log lines and audit rows carry.
      const ctx = contexts.forSystem(name, `job-${job.id}`);
      const started = Date.now();
      await jobScope.run({ task: name, jobId: String(job.id) }, () =>
        handler({ ...ctx, log: ctx.log.child({ jobId: job.id, attempt: job.attempts }) }, payload ?? {}, {
          id: String(job.id),
          task: name,
          attempt: job.attempts,
          maxAttempts: job.max_attempts,
          signal: helpers.abortSignal,
        }),
      );
      log.debug({ job: name, jobId: job.id, ms: Date.now() - started }, 'job done');
    };
    taskList[name] = task;
  }

  const runner = await run({
    pgPool: pool,
    schema: JOB_SCHEMA,
    taskList,
    parsedCronItems: cronItems(registry.schedules),
    concurrency: options.concurrency,
    pollInterval: options.pollIntervalMs ?? 2000,
    noHandleSignals: true,
    gracefulShutdownAbortTimeout: JOB_ABORT_MS,
    logger: graphileLogger(log),
  });
  let ended = false;
  runner.promise.then(
    () => {
      ended = true;
      if (!stopping) log.error('job worker ended without being stopped');
    },
    (error: unknown) => {
      ended = true;
      if (!stopping) log.error({ err: error }, 'job worker ended with an error');
    },
  );
  log.info(
    { concurrency: options.concurrency, tasks: Object.keys(taskList).length, schedules: registry.schedules.length },
    'job worker started',
  );

  return {
    runner,
    state: () => (ended ? 'stopped' : 'running'),
    stop: () =>
      (stopping ??= (async () => {
        await runner.stop().catch((error: unknown) => log.warn({ err: error }, 'job worker stop'));
        stopped = true;
        await pool.end().catch(() => undefined);
      })()),
  };
}
