import { postcode } from './contact.js';
import { checkAll, invalid, rule, valid, type FieldProblem, type Raw } from './rule.js';
import { text } from './text.js';

/**
 * A provider's location (vestiging): an address (street, house number, postcode, city) and its opening hours per
 * weekday, structured (open and close time, or closed) rather than free text, so the public page can show them the
 * same way everywhere and a screen reader reads them as a table.
 */

export const LOCATION_LIMITS = { maxPerProvider: 10, nameMax: 80 } as const;

/** The weekdays in Dutch order (ISO: 1 = Monday … 7 = Sunday). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  1: 'maandag',
  2: 'dinsdag',
  3: 'woensdag',
  4: 'donderdag',
  5: 'vrijdag',
  6: 'zaterdag',
  7: 'zondag',
};

export const locationRules = {
  name: text({ max: LOCATION_LIMITS.nameMax, subject: 'De naam van de vestiging' }),
  street: text({ required: 'Vul de straatnaam in.', min: 2, max: 120, subject: 'De straatnaam' }),
  /** A Dutch house number with an optional letter or addition: 12, 12a, 12 A, 12-3, 12 bis. */
  houseNumber: rule((raw) => {
    const value = raw.trim().replace(/\s+/g, ' ');
    if (!value) return invalid('REQUIRED', 'Vul het huisnummer in.');
    if (!/^[1-9][0-9]{0,4}(?:[ -]?[A-Za-z0-9]{1,4})?$/.test(value))
      return invalid('INVALID', 'Vul een geldig huisnummer in, bijvoorbeeld 12 of 12a.');
    return valid(value);
  }),
  postcode: postcode(),
  city: text({ required: 'Vul de plaats in.', min: 2, max: 100, subject: 'De plaats' }),
} as const;

export type LocationField = keyof typeof locationRules;

/** A time of day as people type it ("9:00", "09.00", "0900"), normalised to "09:00"; null when it is not one. */
export function parseTime(raw: Raw): string | null {
  const value = String(raw ?? '')
    .trim()
    .replace('.', ':');
  const match = /^([01]?[0-9]|2[0-3]):?([0-5][0-9])$/.exec(value);
  return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : null;
}

/** One weekday's hours as typed: both empty (or `closed`) means closed. */
export interface OpeningHoursRaw {
  weekday: number;
  closed?: boolean | null;
  opens?: Raw;
  closes?: Raw;
}

export interface OpeningHours {
  weekday: Weekday;
  /** "HH:MM", or null when closed that day. */
  opens: string | null;
  closes: string | null;
}

/** The form field of a weekday's times: `opens-1`, `closes-7`. */
export const hoursField = (part: 'opens' | 'closes', weekday: number) => `${part}-${weekday}`;

/**
 * Checks the opening hours of a week: every weekday at most once (a missing day is closed), and on an open day an
 * opening and a closing time, the closing time after the opening time. Gives all seven days, Monday first.
 */
export function checkOpeningHours(days: readonly OpeningHoursRaw[]): {
  hours: OpeningHours[];
  problems: FieldProblem[];
} {
  const problems: FieldProblem[] = [];
  const byDay = new Map<number, OpeningHoursRaw>();
  for (const day of days) {
    if (!(WEEKDAYS as readonly number[]).includes(day.weekday) || byDay.has(day.weekday)) {
      problems.push({
        field: 'openingHours',
        code: 'INVALID',
        message: 'Geef de openingstijden per weekdag één keer op.',
      });
      continue;
    }
    byDay.set(day.weekday, day);
  }
  const hours = WEEKDAYS.map((weekday): OpeningHours => {
    const day = byDay.get(weekday);
    const blank = (v: Raw) => String(v ?? '').trim() === '';
    if (!day || day.closed || (blank(day.opens) && blank(day.closes))) return { weekday, opens: null, closes: null };
    const name = WEEKDAY_NAMES[weekday];
    const opens = parseTime(day.opens);
    const closes = parseTime(day.closes);
    if (!opens)
      problems.push({
        field: hoursField('opens', weekday),
        code: blank(day.opens) ? 'REQUIRED' : 'INVALID',
        message: `Vul de openingstijd op ${name} in als uu:mm, bijvoorbeeld 09:00, of kies ‘gesloten’.`,
      });
    if (!closes)
      problems.push({
        field: hoursField('closes', weekday),
        code: blank(day.closes) ? 'REQUIRED' : 'INVALID',
        message: `Vul de sluitingstijd op ${name} in als uu:mm, bijvoorbeeld 17:30, of kies ‘gesloten’.`,
      });
    if (opens && closes && closes <= opens)
      problems.push({
        field: hoursField('closes', weekday),
        code: 'RANGE',
        message: `De sluitingstijd op ${name} moet na de openingstijd liggen.`,
      });
    return { weekday, opens, closes };
  });
  return { hours, problems };
}

export interface LocationRaw extends Partial<Record<LocationField, Raw>> {
  openingHours?: readonly OpeningHoursRaw[] | null;
}

/** Checks a whole location: the address fields in form order, then the opening hours. */
export function checkLocation(input: LocationRaw) {
  const address = checkAll(locationRules, input);
  const week = checkOpeningHours(input.openingHours ?? []);
  return { values: { ...address.values, openingHours: week.hours }, problems: [...address.problems, ...week.problems] };
}
