import { todayInAmsterdam } from './dates.js';

/**
 * The time as the application sees it. Code that needs "now" or "today" asks the clock of its request (or job),
 * never `new Date()`, `now()` or `current_date` directly, so that tests and the demo can run on any date:
 * SQL that compares with today gets `clock.now()` / `today(clock)` as a parameter.
 *
 * Production always uses the system clock. Outside production `CLOCK_START` (an ISO date or time) starts the clock at
 * that moment, running on from there; tests may also use a ManualClock and move it.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Starts at `start` and runs on in real time (the demo or a browser test "in 2030"). */
export function clockStartingAt(start: Date): Clock {
  const offset = start.getTime() - Date.now();
  return { now: () => new Date(Date.now() + offset) };
}

/** A clock a test sets and moves by hand. */
export class ManualClock implements Clock {
  private offset = 0;

  constructor(start?: Date) {
    if (start) this.set(start);
  }

  now(): Date {
    return new Date(Date.now() + this.offset);
  }

  set(moment: Date): void {
    this.offset = moment.getTime() - Date.now();
  }

  advance(ms: number): void {
    this.offset += ms;
  }

  advanceDays(days: number): void {
    this.advance(days * 24 * 3600 * 1000);
  }
}

/** Today's date (YYYY-MM-DD) in the Netherlands on this clock. */
export function today(clock: Clock): string {
  return todayInAmsterdam(clock.now());
}

let application: Clock = systemClock;

/**
 * The process's application clock: the one boot() hands to every request and job context. For the few places that
 * have no context: an entity's default timestamps (createdAt, updatedAt, the moment of an event row), sessions and
 * e-mail tokens resolved from a cookie or a link. Code with a context uses `ctx.clock`, which is this same clock.
 */
export function applicationClock(): Clock {
  return application;
}

/** "Now" on the application clock (the default of an entity's timestamps). */
export function applicationNow(): Date {
  return application.now();
}

/** Set by boot() (CLOCK_START or a test's ManualClock) before anything is read or written. */
export function setApplicationClock(clock: Clock): void {
  application = clock;
}

/** The application's clock as configured: CLOCK_START (never set in production) or the system clock. */
export function clockFromConfig(config: { clockStart: Date | null }): Clock {
  return config.clockStart ? clockStartingAt(config.clockStart) : systemClock;
}
