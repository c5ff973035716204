import { easter } from 'date-easter';
import { addDays } from '../../kernel/dates.js';

/**
 * The TARGET2 calendar (T2, the euro system's settlement days), which SEPA credit transfers follow: every day except
 * Saturday, Sunday, New Year's Day, Good Friday, Easter Monday, Labour Day (1 May), Christmas Day and 26 December.
 * Dates are ISO calendar dates (YYYY-MM-DD) in the Netherlands; Easter comes from `date-easter` (the Gregorian
 * computus).
 */
export function isTargetBankingDay(isoDate: string): boolean {
  const weekday = new Date(`${isoDate}T12:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const monthDay = isoDate.slice(5);
  if (['01-01', '05-01', '12-25', '12-26'].includes(monthDay)) return false;
  const e = easter(Number(isoDate.slice(0, 4)));
  const easterSunday = `${e.year}-${String(e.month).padStart(2, '0')}-${String(e.day).padStart(2, '0')}`;
  return isoDate !== addDays(easterSunday, -2) && isoDate !== addDays(easterSunday, 1);
}

/**
 * The first TARGET2 banking day after `isoDate`: the execution date a payout file asks for when it is made on that
 * day (Dutch date), so it never asks for a day that has begun or passed, nor for a day the banks do not settle.
 */
export function nextTargetBankingDay(isoDate: string): string {
  let day = addDays(isoDate, 1);
  while (!isTargetBankingDay(day)) day = addDays(day, 1);
  return day;
}
