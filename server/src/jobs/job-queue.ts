import type { EntityManager } from '@mikro-orm/postgresql';
import type { RequestContext } from '../kernel/request-context.js';
import type { JobName, JobPayload } from './job-types.js';
import * as q from './job-queue.queries.js';

/** The PostgreSQL schema graphile-worker keeps its queue in (created by our migrate step, see migrate.ts). */
export { JOB_SCHEMA } from './job-queue.queries.js';

export interface EnqueueOptions {
  /**
   * When to run it, on the database's real clock (the queue is infrastructure and runs on real time, not on a
   * request's clock: a demo "in 2030" must not park a job for four years). Prefer `delaySeconds` for "later".
   */
  runAt?: Date;
  /** Run no earlier than this many seconds after the enqueueing transaction's database time. */
  delaySeconds?: number;
  /**
   * A job with the same key that has not started yet is replaced (payload, run time) instead of a second one being
   * added: "send mail X" or "recount Y" once, however often it is asked for.
   */
  jobKey?: string;
  /** Attempts before the job counts as permanently failed (and stays visible in jobHealth). Default 25. */
  maxAttempts?: number;
  /** Jobs with the same queue name run one after another, never at the same time. */
  queueName?: string;
  priority?: number;
}

export interface EnqueuedJob {
  id: string;
  task: string;
  runAt: Date;
}

/** The unit of work the job belongs to: a service's RequestContext or a (transaction's) EntityManager. */
export type JobTarget = EntityManager | Pick<RequestContext, 'em'>;

export function emOf(target: JobTarget): EntityManager {
  return 'em' in target && target.em ? target.em : (target as EntityManager);
}

/**
 * Adds jobs to the PostgreSQL job queue (graphile-worker). `enqueue` is one SQL call to the library's
 * `add_job` function on the caller's connection: inside a transaction it commits or rolls back with the business
 * change it belongs to, and graphile-worker's trigger wakes the workers (NOTIFY) only when it commits.
 */
export class JobQueue {
  async enqueue<N extends JobName>(
    target: JobTarget,
    task: N,
    payload: JobPayload<N>,
    options: EnqueueOptions = {},
  ): Promise<EnqueuedJob> {
    const em = emOf(target);
    const row = await q.addJob(em, {
      task,
      payload,
      queueName: options.queueName ?? null,
      runAt: options.runAt ?? null,
      delaySeconds: options.delaySeconds ?? 0,
      maxAttempts: options.maxAttempts ?? null,
      jobKey: options.jobKey ?? null,
      priority: options.priority ?? null,
    });
    return { id: row.id, task, runAt: new Date(row.run_at) };
  }

  /**
   * The queue's health for the operator console: jobs per state, the oldest job waiting to run, and the failures
   * (permanently failed jobs first, then jobs that failed and wait for a retry). Times are the database's.
   */
  async health(target: JobTarget, options: { failures?: number } = {}): Promise<JobHealth> {
    const em = emOf(target);
    const counts = await q.jobCounts(em);
    const oldest = await q.oldestWaiting(em);
    const failures = await q.failures(em, options.failures ?? 20);
    const perTask = await q.jobsPerTask(em);
    return {
      counts: {
        running: Number(counts?.running ?? 0),
        waiting: Number(counts?.waiting ?? 0),
        scheduled: Number(counts?.scheduled ?? 0),
        retrying: Number(counts?.retrying ?? 0),
        failed: Number(counts?.failed ?? 0),
      },
      oldestWaiting: oldest
        ? { task: oldest.task, since: new Date(oldest.run_at), waitingSeconds: Math.max(0, Math.round(oldest.seconds)) }
        : null,
      failures: failures.map((f) => ({
        id: f.id,
        task: f.task,
        attempts: f.attempts,
        maxAttempts: f.max_attempts,
        permanent: f.attempts >= f.max_attempts,
        lastError: f.last_error,
        failedAt: new Date(f.updated_at),
        nextAttemptAt: f.attempts >= f.max_attempts ? null : new Date(f.run_at),
      })),
      perTask: perTask.map((t) => ({ task: t.task, total: Number(t.total), failed: Number(t.failed) })),
    };
  }

  /** Puts a permanently failed job back in the queue (the operator console's "try again"). */
  async retry(target: JobTarget, jobId: string): Promise<boolean> {
    return q.rescheduleJob(emOf(target), jobId);
  }
}

export interface JobHealth {
  /** running: locked by a worker now; waiting: due, never tried; scheduled: due later; retrying: failed, will retry; failed: gave up. */
  counts: { running: number; waiting: number; scheduled: number; retrying: number; failed: number };
  /** The job that has been due the longest and has not started: a stuck or overloaded queue shows here first. */
  oldestWaiting: { task: string; since: Date; waitingSeconds: number } | null;
  failures: {
    id: string;
    task: string;
    attempts: number;
    maxAttempts: number;
    /** True when it will not be tried again. */
    permanent: boolean;
    lastError: string | null;
    failedAt: Date;
    nextAttemptAt: Date | null;
  }[];
  perTask: { task: string; total: number; failed: number }[];
}
