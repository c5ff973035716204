import type { Services } from '../platform/composition.js';
import { JOB_SCHEMA } from './job-queue.js';
import type { JobHandlers, JobRegistry, JobSchedule } from './job-types.js';

/**
 * The one place that says which background work exists: a handler for every task in job-types.ts, and the
 * schedules. Handlers are thin: they call one service method with the job's own RequestContext.
 *
 * To add a job: name it and its payload in job-types.ts (JobPayloads), add its handler here, and enqueue it with
 * `services.jobs.enqueue(ctx or em, 'my.task', payload)` inside the transaction that makes it necessary. To run
 * something on a schedule, add a line to `schedules` as well.
 */
export function createJobRegistry(services: Services): JobRegistry {
  const handlers: JobHandlers = {
    'mail.send': (ctx, { mailId }, run) => services.mail.deliver(ctx, mailId, run),
    'identity.passwordResetRequested': (ctx, payload) => services.accountRecovery.sendResetLink(ctx, payload),
    'operators.loginLinkRequested': (ctx, payload) => services.operators.sendLoginLink(ctx, payload),
    'providers.invitationMail': (ctx, payload) => services.providers.sendInvitationMail(ctx, payload),
    'identity.staffInvitation': (ctx, payload) => services.staffAccounts.sendInvitation(ctx, payload),
    'messages.massSend': (ctx, { massMessageId }, run) => services.massMessages.deliver(ctx, massMessageId, run),
    'payments.expireOpen': async (ctx) => void (await services.payments.expireOpen(ctx)),
    'payments.retryRefunds': async (ctx) => void (await services.payments.retryRefunds(ctx)),
    'identity.purgeExpired': async (ctx) => {
      const sessions = await services.sessions.purgeExpired(ctx.em);
      const tokens = await services.emailTokens.purgeExpired(ctx.em);
      // The limits' counters (log-in, resets, invitations, …) whose window has passed.
      const limitCounters = await services.limits.purgeExpired();
      // Operators' log-in links (a day after they expired) and ended operator sessions.
      await services.operators.purgeExpired(ctx);
      if (sessions || tokens || limitCounters) {
        ctx.log.info(
          { event: 'purge_expired', sessions, tokens, limitCounters },
          'expired sessions, tokens and limit counters removed',
        );
      }
    },
    'arrangements.expireBudgets': async (ctx, _payload, run) =>
      void (await services.yearEnd.expireBudgets(ctx, run.signal)),
    'arrangements.expiryReminders': async (ctx, _payload, run) =>
      void (await services.expiryReminders.sendDue(ctx, run.signal)),
    'arrangements.regrant': (ctx, { runId }, run) => services.yearEnd.runRegrant(ctx, runId, run.signal),
    'jobs.cleanup': async (ctx) => {
      // Through the library's own function (it deletes only jobs that are not locked).
      const rows = await ctx.em.execute<{ id: string }[]>(
        `select id::text as id from ${JOB_SCHEMA}.complete_jobs(array(
           select id from ${JOB_SCHEMA}.jobs where attempts >= max_attempts and locked_at is null and updated_at < now() - interval '30 days'))`,
      );
      if (rows.length) ctx.log.info({ event: 'jobs_cleanup', removed: rows.length }, 'old failed jobs removed');
    },
    'import.apply': (ctx, { importRunId }, run) => services.imports.runApply(ctx, importRunId, run),
    'privacy.purgeRetention': async (ctx) => void (await services.retention.purge(ctx)),
    'housekeeping.sweepUploads': async (ctx) => void (await services.uploadSweep.sweep(ctx)),
    'journal.foldDayTotals': async (ctx) => void (await services.journal.foldDayTotals(ctx)),
  };

  // Cron lines are in UTC. A tick runs once across all instances; a queue name keeps one tick from overlapping the next.
  const schedules: JobSchedule[] = [
    {
      task: 'payments.expireOpen',
      cron: '* * * * *',
      identifier: 'payments.expireOpen',
      queueName: 'payments-expiry',
      maxAttempts: 1,
    },
    {
      task: 'payments.retryRefunds',
      cron: '* * * * *',
      identifier: 'payments.retryRefunds',
      queueName: 'payments-refunds',
      maxAttempts: 1,
    },
    {
      task: 'identity.purgeExpired',
      cron: '17 * * * *',
      identifier: 'identity.purgeExpired',
      maxAttempts: 3,
      backfill: '1h',
    },
    { task: 'jobs.cleanup', cron: '41 3 * * *', identifier: 'jobs.cleanup', maxAttempts: 3 },
    {
      task: 'arrangements.expireBudgets',
      cron: '7 * * * *',
      identifier: 'arrangements.expireBudgets',
      queueName: 'year-end',
      maxAttempts: 3,
      backfill: '1h',
    },
    {
      task: 'arrangements.expiryReminders',
      cron: '23 * * * *',
      identifier: 'arrangements.expiryReminders',
      queueName: 'expiry-reminders',
      maxAttempts: 3,
      backfill: '1h',
    },
    { task: 'privacy.purgeRetention', cron: '23 2 * * *', identifier: 'privacy.purgeRetention', maxAttempts: 3 },
    {
      task: 'housekeeping.sweepUploads',
      cron: '53 3 * * *',
      identifier: 'housekeeping.sweepUploads',
      queueName: 'upload-sweep',
      maxAttempts: 3,
    },
    {
      task: 'journal.foldDayTotals',
      cron: '37 * * * *',
      identifier: 'journal.foldDayTotals',
      queueName: 'journal-fold',
      maxAttempts: 3,
    },
  ];

  return { handlers, schedules };
}
