import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The job queue's SQL (docs, "Persistence: entities and queries"): graphile-worker's own functions (add_job,
 * reschedule_jobs, complete_jobs) and the health report read from its jobs table. Plain functions, no rules.
 */

export const JOB_SCHEMA = 'graphile_worker';

export interface FailureRow {
  id: string;
  task: string;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  updated_at: Date;
  run_at: Date;
}

/** Adds a job through the library's add_job (a job key replaces the job with that key); its id and moment. */
export async function addJob(
  em: EntityManager,
  job: {
    task: string;
    payload: unknown;
    queueName: string | null;
    runAt: Date | null;
    delaySeconds: number;
    maxAttempts: number | null;
    jobKey: string | null;
    priority: number | null;
  },
): Promise<{ id: string; run_at: Date }> {
  const [row] = await em.execute<{ id: string; run_at: Date }[]>(
    `select id::text as id, run_at from ${JOB_SCHEMA}.add_job(
       identifier => ?, payload => ?::json, queue_name => ?,
       run_at => coalesce(?::timestamptz, now() + make_interval(secs => ?::double precision)),
       max_attempts => ?::int, job_key => ?, priority => ?::int)`,
    [
      job.task,
      JSON.stringify(job.payload ?? {}),
      job.queueName,
      job.runAt,
      job.delaySeconds,
      job.maxAttempts,
      job.jobKey,
      job.priority,
    ],
  );
  return row!;
}

/** The number of jobs running, waiting, scheduled, retrying and failed (as text). */
export async function jobCounts(
  em: EntityManager,
): Promise<Record<'running' | 'waiting' | 'scheduled' | 'retrying' | 'failed', string> | undefined> {
  const [counts] = await em.execute<Record<'running' | 'waiting' | 'scheduled' | 'retrying' | 'failed', string>[]>(
    `select count(*) filter (where locked_at is not null and attempts < max_attempts) as running,
            count(*) filter (where locked_at is null and attempts = 0 and run_at <= now()) as waiting,
            count(*) filter (where locked_at is null and attempts = 0 and run_at > now()) as scheduled,
            count(*) filter (where locked_at is null and attempts > 0 and attempts < max_attempts) as retrying,
            count(*) filter (where attempts >= max_attempts) as failed
       from ${JOB_SCHEMA}.jobs`,
  );
  return counts;
}

/** The job that has been due the longest and has not started. */
export async function oldestWaiting(
  em: EntityManager,
): Promise<{ task: string; run_at: Date; seconds: number } | undefined> {
  const [oldest] = await em.execute<{ task: string; run_at: Date; seconds: number }[]>(
    `select task_identifier as task, run_at, extract(epoch from now() - run_at)::float8 as seconds
       from ${JOB_SCHEMA}.jobs
      where locked_at is null and attempts < max_attempts and run_at <= now()
      order by run_at asc limit 1`,
  );
  return oldest;
}

/** Up to `limit` jobs that failed at least once and are not running, the permanent failures first, latest first. */
export function failures(em: EntityManager, limit: number): Promise<FailureRow[]> {
  return em.execute<FailureRow[]>(
    `select id::text as id, task_identifier as task, attempts, max_attempts, last_error, updated_at, run_at
       from ${JOB_SCHEMA}.jobs
      where attempts > 0 and locked_at is null
      order by (attempts >= max_attempts) desc, updated_at desc
      limit ?`,
    [limit],
  );
}

/** Per task: the number of jobs and of failed ones (as text). */
export function jobsPerTask(em: EntityManager): Promise<{ task: string; total: string; failed: string }[]> {
  return em.execute<{ task: string; total: string; failed: string }[]>(
    `select task_identifier as task, count(*) as total, count(*) filter (where attempts >= max_attempts) as failed
       from ${JOB_SCHEMA}.jobs group by task_identifier order by task_identifier`,
  );
}

/** Puts the job back in the queue, due now, its attempts reset; false when there is no such job. */
export async function rescheduleJob(em: EntityManager, jobId: string): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `select id::text as id from ${JOB_SCHEMA}.reschedule_jobs(array[?::bigint], run_at => now(), attempts => 0)`,
    [jobId],
  );
  return rows.length > 0;
}

/**
 * Removes the jobs that failed for good and were last tried more than 30 days ago, through the library's own
 * function (it deletes only jobs that are not locked); how many.
 */
export async function removeOldFailedJobs(em: EntityManager): Promise<number> {
  const rows = await em.execute<{ id: string }[]>(
    `select id::text as id from ${JOB_SCHEMA}.complete_jobs(array(
       select id from ${JOB_SCHEMA}.jobs where attempts >= max_attempts and locked_at is null and updated_at < now() - interval '30 days'))`,
  );
  return rows.length;
}
