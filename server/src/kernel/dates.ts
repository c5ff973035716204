const DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The date (YYYY-MM-DD) in the Netherlands at `now`, whatever the server's time zone; today is `today(clock)` (clock.ts). */
export function todayInAmsterdam(now: Date): string {
  return DAY.format(now);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date in YYYY-MM-DD form (not 2026-02-30). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Date and time to the minute in Dutch local time, as two-digit parts: the base of every formatter of a moment. */
export const AMSTERDAM_DATE_TIME = {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
} as const satisfies Intl.DateTimeFormatOptions;

const MOMENT = new Intl.DateTimeFormat('en-CA', {
  ...AMSTERDAM_DATE_TIME,
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'longOffset',
});

/**
 * The moment as ISO 8601 in Dutch local time with its offset, whatever the server's time zone:
 * 2026-11-27T23:30:00Z → `2026-11-28T00:30:00+01:00`, 2026-07-01T12:00:00Z → `2026-07-01T14:00:00+02:00`.
 */
export function amsterdamDateTime(moment: Date): string {
  const part = Object.fromEntries(MOMENT.formatToParts(moment).map((p) => [p.type, p.value]));
  // `longOffset` is "GMT+01:00", or "GMT" for an offset of zero (never in Amsterdam, but say +00:00 then).
  const offset = part.timeZoneName!.replace(/^GMT/, '') || '+00:00';
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}${offset}`;
}

/** The calendar date `days` after an ISO date (YYYY-MM-DD), counted in whole days. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
