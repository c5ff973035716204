import type { RequestContext } from '../kernel/request-context.js';
import type { LoginRealm } from '../modules/limits/login-limits.js';

/** What graphile-worker adds to the payload of a job it scheduled from a cron line. */
export interface CronPayload {
  _cron?: { ts: string; backfilled?: boolean };
}

/**
 * Every job the application knows, with its payload. A payload holds ids, not personal data (it is stored in the
 * queue table until the job is done): the handler reads what it needs from the database. The one exception is a
 * password reset's typed address, which has no id to stand for it (the worker never logs payloads, and such a job
 * gives up after a few attempts). Add a task here, then its handler (and schedule, if any) in registry.ts.
 */
export interface JobPayloads {
  /** Sends one recorded mail (mail_message.id) through the configured transport. */
  'mail.send': { mailId: string };
  /**
   * A forgotten-password request, enqueued alike for every address so the answer tells nothing: the job looks up the
   * active account of the realm, issues the token and records the mail; nothing for an unknown address.
   */
  'identity.passwordResetRequested': { realm: LoginRealm; email: string };
  /**
   * An operator log-in link request (/_lightbase/login), enqueued alike for every address so the answer tells nothing:
   * the job looks up the active operator, issues the link bound to `browserHash` (the HMAC of the asking browser's
   * cookie, never the cookie itself) and records the mail; nothing for an unknown address.
   */
  'operators.loginLinkRequested': { email: string; browserHash: string };
  /** A staff invitation (beheer/accounts/nieuw): the single-use link and the mail. */
  'identity.staffInvitation': { accountId: string };
  /**
   * A colleague invited by a provider user: `invite` issues the link and records the invitation; `notice` tells the
   * owner of an address that already had an account that someone tried (at most one an hour).
   */
  'providers.invitationMail': {
    kind: 'invite' | 'notice';
    userId: string;
    providerId: string;
    inviterId: string | null;
  };
  /** A message to an audience (mass_message.id): inbox messages and e-mails in batches, with progress on the row. */
  'messages.massSend': { massMessageId: string };
  /** Open payments past their expiry are checked at the PSP and settled. Every minute. */
  'payments.expireOpen': CronPayload;
  /** Refunds that are due or failed earlier are (re)sent to the PSP. Every minute. */
  'payments.retryRefunds': CronPayload;
  /** Expired sessions, e-mail tokens and limit counters are removed. Hourly. */
  'identity.purgeExpired': CronPayload;
  /** Remaining budget of assignments whose period has ended is booked as expired (EXPIRY), once. Hourly. */
  'arrangements.expireBudgets': CronPayload;
  /** Households with budget left on an assignment that ends soon get their reminder, once per assignment. Hourly. */
  'arrangements.expiryReminders': CronPayload;
  /** A bulk grant of a copied arrangement to last period's holders (regrant_run.id). */
  'arrangements.regrant': { runId: string };
  /** Permanently failed jobs older than 30 days are removed (they stay visible in jobHealth until then). Daily. */
  'jobs.cleanup': CronPayload;
  /** Applies a checked import (import_run.id) in chunks, one transaction each; resumes at the first row without an outcome. */
  'import.apply': { importRunId: string };
  /** Removes what is older than the retention periods (instellingen: bewaartermijnen). Daily. */
  'privacy.purgeRetention': CronPayload;
  /** Daily: upload files no database row refers to, older than a day (modules/housekeeping/upload-sweep.service.ts). */
  'housekeeping.sweepUploads': CronPayload;
  /**
   * Delivers an endpoint's pending webhook deliveries in order (modules/webhooks/webhook.delivery.ts). One waiting job
   * per endpoint (job key), one running per endpoint (queue name); re-enqueued for the next retry.
   */
  'webhooks.deliver': { endpointId: string };
  /** Hourly: each key's rows of the journal's day totals become one (modules/journal/journal.service.ts). */
  'journal.foldDayTotals': CronPayload;
}

export type JobName = keyof JobPayloads;
export type JobPayload<N extends JobName> = JobPayloads[N];

/** What a handler knows about the run besides its payload. */
export interface JobRun {
  id: string;
  task: string;
  /** 1 on the first run; equal to maxAttempts on the last. */
  attempt: number;
  maxAttempts: number;
  /** Fires when the worker shuts down: long handlers stop at a safe point. */
  signal: AbortSignal;
}

/**
 * A job handler: gets its own RequestContext (a fresh EntityManager fork, the system viewer, a logger child with the
 * job's name and id, the clock). Throwing fails the attempt: the queue retries with exponential backoff
 * (exp(min(attempt, 10)) seconds: 3 s, 7 s, 20 s, 55 s, 2.5 min, … then every 6 h) until maxAttempts, and then keeps
 * the job as permanently failed. The thrown message is stored and logged: never put an address or a body in it.
 */
export type JobHandler<N extends JobName = JobName> = (
  ctx: RequestContext,
  payload: JobPayload<N>,
  run: JobRun,
) => Promise<void>;

export interface JobSchedule {
  task: JobName | (string & {});
  /** A cron line (minute hour day-of-month month day-of-week), in UTC. */
  cron: string;
  /** Stable name: the queue remembers per identifier which tick ran, so a tick runs once across all instances. */
  identifier: string;
  /** Jobs with the same queue name never run at the same time (a slow sweep does not overlap the next one). */
  queueName?: string;
  maxAttempts?: number;
  /** Ticks missed while no worker ran are made up for, as far back as this (e.g. '1h'); default none. */
  backfill?: string;
}

export type JobHandlers = { [N in JobName]: JobHandler<N> };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a handler of any job name, stored by name; `unknown` would not accept the typed handlers (parameters are contravariant)
export type AnyJobHandler = (ctx: RequestContext, payload: any, run: JobRun) => Promise<void>;

/** The handlers and schedules one worker runs (registry.ts builds the application's; tests may add their own). */
export interface JobRegistry {
  handlers: Record<string, AnyJobHandler>;
  schedules: JobSchedule[];
}
