import { formatDate } from '@/components/dates/formatDate';

/**
 * A calendar day (YYYY-MM-DD) in Dutch: "31 december 2026". Read at noon UTC, so the day is the same in
 * Europe/Amsterdam whatever the time zone of the browser.
 */
export function formatDay(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatDate(`${day}T12:00:00Z`) : '';
}

/** "1 januari 2026 tot en met 31 december 2026". */
export function validityText(from: string, until: string): string {
  return `${formatDay(from)} tot en met ${formatDay(until)}`;
}
