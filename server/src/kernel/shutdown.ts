/**
 * How long a stopping instance takes, at most (main.ts, app/boot.ts). On SIGTERM it stops answering /readyz, drains
 * the HTTP requests in flight (at most DRAIN_MS, then open connections are closed) while the job worker finishes its
 * running jobs (they get an abort signal after JOB_ABORT_MS), then closes the database; past SHUTDOWN_DEADLINE_MS the
 * process exits anyway. A platform that stops the process (Kubernetes: terminationGracePeriodSeconds, after the
 * preStop pause; deploy/kubernetes) must allow at least SHUTDOWN_DEADLINE_MS: server/src/deploy/kubernetes.test.ts
 * checks the manifests against these numbers.
 */
export const DRAIN_MS = 10_000;
/** graphile-worker's gracefulShutdownAbortTimeout: running jobs get an abort signal after this long. */
export const JOB_ABORT_MS = 5_000;
export const SHUTDOWN_DEADLINE_MS = 15_000;
