/**
 * The months in Dutch, January first (lower case, as in running text: "3 maart 2026"): the screens and the server's
 * journal periods use these names.
 */
export const MONTH_NAMES = [
  'januari',
  'februari',
  'maart',
  'april',
  'mei',
  'juni',
  'juli',
  'augustus',
  'september',
  'oktober',
  'november',
  'december',
] as const;

/** The months abbreviated, for narrow places such as a chart's axis. */
export const MONTH_ABBREVIATIONS = [
  'jan',
  'feb',
  'mrt',
  'apr',
  'mei',
  'jun',
  'jul',
  'aug',
  'sep',
  'okt',
  'nov',
  'dec',
] as const;

/** A month "2026-03" in Dutch: "maart 2026", or abbreviated "mrt 2026". */
export function monthLabel(month: string, form: 'long' | 'short' = 'long'): string {
  const names = form === 'long' ? MONTH_NAMES : MONTH_ABBREVIATIONS;
  return `${names[Number(month.slice(5, 7)) - 1] ?? month.slice(5, 7)} ${month.slice(0, 4)}`;
}
