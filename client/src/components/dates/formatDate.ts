const date = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'long', timeZone: 'Europe/Amsterdam' });
const dateTime = new Intl.DateTimeFormat('nl-NL', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Amsterdam',
});

/** "3 maart 2026" in the Europe/Amsterdam time zone. */
export function formatDate(iso: string): string {
  const value = new Date(iso);
  return Number.isNaN(value.getTime()) ? '' : date.format(value);
}

/** "3 maart 2026 om 14:05" in the Europe/Amsterdam time zone. */
export function formatDateTime(iso: string): string {
  const value = new Date(iso);
  return Number.isNaN(value.getTime()) ? '' : dateTime.format(value);
}

const count = new Intl.NumberFormat('nl-NL');

/** A count with Dutch digit grouping: 1234 → "1.234". */
export function formatCount(value: number): string {
  return count.format(value);
}
