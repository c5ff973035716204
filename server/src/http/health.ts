/**
 * The instance's own state for the health endpoints (platform.routes.ts), kept by app/boot.ts: whether its job
 * worker runs and whether it is stopping. The database and the migrations are asked at each probe.
 */
export interface InstanceHealth {
  /**
   * `off`: JOBS_WORKER=false (a web-only instance); `starting`: not started yet; `running`; `stopped`: it ended
   * without being asked to (a fatal error in the queue): only a restart of the process brings it back.
   */
  worker(): 'off' | 'starting' | 'running' | 'stopped';
  /** SIGTERM (or stop()) came: the load balancer should send nothing new. */
  stopping(): boolean;
}

/** What the routes see when nobody keeps the state (tools that build the app without boot). */
export const ALWAYS_HEALTHY: InstanceHealth = { worker: () => 'off', stopping: () => false };
