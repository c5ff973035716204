import type { Services } from '../platform/composition.js';
import { removeOldFailedJobs } from './job-queue.queries.js';
import type { JobHandlers, JobName, JobRegistry, JobSchedule } from './job-types.js';
import { MODULES } from '../app/modules.js';

/** The platform's own job: the queue's housekeeping. Every other job is declared by its module (app/modules.ts). */
const platformJobs = {
  jobs: (): Partial<JobHandlers> => ({
    'jobs.cleanup': async (ctx) => {
      // Through the library's own function (it deletes only jobs that are not locked).
      const removed = await removeOldFailedJobs(ctx.em);
      if (removed) ctx.log.info({ event: 'jobs_cleanup', removed }, 'old failed jobs removed');
    },
  }),
  schedules: [
    { task: 'jobs.cleanup', cron: '41 3 * * *', identifier: 'jobs.cleanup', maxAttempts: 3 },
  ] as JobSchedule[],
};

/**
 * Which background work exists: a handler for every task in job-types.ts, from the modules' manifests (their `jobs`
 * and `schedules`), and the platform's. Handlers are thin: they call one service method with the job's own
 * RequestContext.
 *
 * To add a job: name it and its payload in job-types.ts (JobPayloads), add its handler to the module's `jobs` in its
 * module.ts, and enqueue it with `services.jobs.enqueue(ctx or em, 'my.task', payload)` inside the transaction that
 * makes it necessary. To run something on a schedule, add it to the module's `schedules` as well. Cron lines are in
 * UTC. A tick runs once across all instances; a queue name keeps one tick from overlapping the next.
 */
export function createJobRegistry(services: Services): JobRegistry {
  const handlers: Partial<JobHandlers> = {};
  const schedules: JobSchedule[] = [];
  for (const module of [platformJobs, ...MODULES]) {
    const own = module.jobs?.(services) ?? {};
    for (const task of Object.keys(own) as JobName[]) {
      if (handlers[task]) throw new Error(`Job ${task} has two handlers`);
    }
    Object.assign(handlers, own);
    schedules.push(...(module.schedules ?? []));
  }
  return { handlers: handlers as JobHandlers, schedules };
}
