/**
 * A period of calendar days (YYYY-MM-DD, days in Europe/Amsterdam as the finance filters mean them) in Dutch words:
 * "1 tot en met 29 november 2026", "30 oktober tot en met 29 november 2026", "vanaf 1 november 2026". The days are
 * formatted as dates, not instants, so no time zone can move them a day.
 */
import { MONTH_NAMES } from '@rules/months';

interface Day {
  day: number;
  month: string;
  year: number;
}

function parseDay(iso: string | null | undefined): Day | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  if (!m) return null;
  const month = MONTH_NAMES[Number(m[2]) - 1];
  return month ? { day: Number(m[3]), month, year: Number(m[1]) } : null;
}

const full = (d: Day) => `${d.day} ${d.month} ${d.year}`;

/**
 * The period in words, without a leading "van" for a closed period ("1 tot en met 29 november 2026") and with
 * "vanaf" / "tot en met" for an open one; null when neither end is set.
 */
export function formatPeriod(from: string | null | undefined, to: string | null | undefined): string | null {
  const a = parseDay(from);
  const b = parseDay(to);
  if (a && b) {
    if (from === to) return full(a);
    if (a.year !== b.year) return `${full(a)} tot en met ${full(b)}`;
    if (a.month !== b.month) return `${a.day} ${a.month} tot en met ${full(b)}`;
    return `${a.day} tot en met ${full(b)}`;
  }
  if (a) return `vanaf ${full(a)}`;
  if (b) return `tot en met ${full(b)}`;
  return null;
}

/** "Betalingen van 1 tot en met 29 november 2026", "Betalingen vanaf 1 november 2026", or `whole` without a period. */
export function periodSentence(
  subject: string,
  from: string | null | undefined,
  to: string | null | undefined,
  whole: string,
): string {
  const period = formatPeriod(from, to);
  if (!period) return whole;
  return /^(vanaf|tot en met) /.test(period) ? `${subject} ${period}` : `${subject} van ${period}`;
}
