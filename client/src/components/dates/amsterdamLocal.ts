/**
 * The publish moment as editors type it: a local date and time in the Netherlands (`<input type="datetime-local">`,
 * "2027-03-01T09:00"), whatever the time zone of the editor's computer, and back.
 */
const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Amsterdam',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

function amsterdamFields(moment: Date): Record<string, string> {
  return Object.fromEntries(parts.formatToParts(moment).map((p) => [p.type, p.value]));
}

/** "2027-03-01T09:00" (Dutch time) → ISO instant; null when empty or not a valid moment. */
export function amsterdamLocalToIso(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  // The offset of Dutch time at about that moment (one correction step covers the switch to and from summer time).
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const f = amsterdamFields(new Date(guess));
    const shown = Date.UTC(+f.year!, +f.month! - 1, +f.day!, +f.hour!, +f.minute!);
    guess += asUtc - shown;
  }
  return new Date(guess).toISOString();
}

/** ISO instant → "2027-03-01T09:00" in Dutch time (an input's value); '' for none. */
export function isoToAmsterdamLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return '';
  const f = amsterdamFields(moment);
  return `${f.year}-${f.month}-${f.day}T${f.hour}:${f.minute}`;
}
