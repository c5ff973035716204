import { WEEKDAY_NAMES, type Weekday } from '@rules/location';

/**
 * A weekday (ISO: 1 is Monday) as a row or heading starts it: "Maandag". The names are the server's own
 * (@rules/location, lower case as in running text), not a copy.
 */
export function weekdayName(weekday: number): string {
  const name = WEEKDAY_NAMES[weekday as Weekday] ?? '';
  return name.charAt(0).toUpperCase() + name.slice(1);
}
