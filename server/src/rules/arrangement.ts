import { invalid, optional, rule, valid, type Rule } from './rule.js';
import { isIsoDate } from './person.js';
import { integer, length, normaliseLines, text } from './text.js';

/**
 * Arrangements (regelingen) and their assignments (toewijzingen): names, amounts in cents, validity periods and the
 * reason for revoking. The client converts what people type first (euros → cents); the messages are the server's.
 */
export const ARRANGEMENT_LIMITS = {
  nameMin: 3,
  nameMax: 120,
  descriptionMax: 2000,
  amountMinCents: 1,
  amountMaxCents: 10_000_000,
  reasonMin: 3,
  reasonMax: 500,
  ageMin: 0,
  ageMax: 120,
} as const;

const L = ARRANGEMENT_LIMITS;
const EURO_RANGE = '€ 0,01 en hoogstens € 100.000,00';

/** An amount in whole cents from € 0,01 to € 100.000,00; `message` is said for anything else. */
export function cents(message: string, required = message): Rule<number> {
  const inner = integer({ min: L.amountMinCents, max: L.amountMaxCents, message, required });
  return rule((_, raw) => {
    const checked = inner.check(raw);
    return checked.ok ? checked : invalid('INVALID_AMOUNT', checked.problem.message);
  });
}

/** A calendar date (YYYY-MM-DD, a real day). */
export function isoDate(message: string): Rule<string> {
  return rule((raw) => {
    const value = raw.trim();
    if (!value) return invalid('REQUIRED', message);
    return isIsoDate(value) ? valid(value) : invalid('INVALID_DATE', message);
  });
}

export const validFrom = isoDate('Vul een geldige begindatum in.');
export const validUntil = isoDate('Vul een geldige einddatum in.');

/** The end of a period before its start: the problem of `validUntil`, or null. Both dates already valid. */
export function periodProblem(
  from: string,
  until: string,
): { field: 'validUntil'; code: string; message: string } | null {
  return until < from
    ? { field: 'validUntil', code: 'END_BEFORE_START', message: 'De einddatum ligt vóór de begindatum.' }
    : null;
}

export const arrangementRules = {
  name: text({ required: 'Vul een naam in.', min: L.nameMin, max: L.nameMax, subject: 'De naam' }),
  description: text({
    max: L.descriptionMax,
    shape: 'multiline',
    length: 'De omschrijving mag hoogstens 2.000 tekens lang zijn.',
  }),
  validFrom,
  validUntil,
  defaultAmountCents: cents(`Vul een standaardbedrag in van minstens ${EURO_RANGE}.`),
  maxPerOrderCents: optional(
    cents(`Vul een maximum per bestelling in van minstens ${EURO_RANGE}, of laat het veld leeg.`),
  ),
  minAge: optional(
    integer({
      min: L.ageMin,
      max: L.ageMax,
      message: `Vul een minimumleeftijd in van ${L.ageMin} tot en met ${L.ageMax} jaar, of laat het veld leeg.`,
    }),
  ),
  maxAge: optional(
    integer({
      min: L.ageMin,
      max: L.ageMax,
      message: `Vul een maximumleeftijd in van ${L.ageMin} tot en met ${L.ageMax} jaar, of laat het veld leeg.`,
    }),
  ),
} as const;

/** A minimum age above the maximum: the problem of `maxAge`, or null. Both ages already valid. */
export function ageRangeProblem(
  min: number | null,
  max: number | null,
): { field: 'maxAge'; code: string; message: string } | null {
  return min !== null && max !== null && max < min
    ? { field: 'maxAge', code: 'AGE_RANGE', message: 'De maximumleeftijd is lager dan de minimumleeftijd.' }
    : null;
}

/** "van 0 tot en met 17 jaar", "vanaf 65 jaar", "tot en met 17 jaar"; null without limits. */
export function ageRangeText(min: number | null | undefined, max: number | null | undefined): string | null {
  const lo = min ?? null;
  const hi = max ?? null;
  if (lo === null && hi === null) return null;
  if (lo !== null && hi !== null) return `van ${lo} tot en met ${hi} jaar`;
  return lo !== null ? `vanaf ${lo} jaar` : `tot en met ${hi} jaar`;
}

/** Age in whole years on `day` (YYYY-MM-DD) of someone born on `birth` (YYYY-MM-DD); 29 February counts from 1 March. */
export function ageOn(birth: string, day: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** Why an assignment goes to someone outside the arrangement's age range; kept with the assignment. */
export const ageExceptionReason: Rule<string> = rule((raw) => {
  const value = normaliseLines(raw);
  if (length(value) < L.reasonMin || length(value) > L.reasonMax)
    return invalid(
      'AGE_REASON_REQUIRED',
      `Geef een reden op waarom u de regeling toch toekent (${L.reasonMin} tot ${L.reasonMax} tekens).`,
    );
  return valid(value);
});

export const assignmentRules = {
  amountCents: cents(
    'Vul een bedrag in van minstens € 0,01 en hoogstens € 100.000,00, in hele centen.',
    'Vul een bedrag in, bijvoorbeeld 150,00.',
  ),
  validFrom,
  validUntil,
} as const;

/** Why an assignment is revoked; kept with the assignment. */
export const revokeReason: Rule<string> = rule((raw) => {
  const value = normaliseLines(raw);
  if (length(value) < L.reasonMin || length(value) > L.reasonMax)
    return invalid('REASON_REQUIRED', `Geef een reden op (${L.reasonMin} tot ${L.reasonMax} tekens).`);
  return valid(value);
});
