import { email, phone } from './contact.js';
import { invalid, optional, rule, valid, type Rule } from './rule.js';
import { collapseSpaces, length, text } from './text.js';

/** A person's details (residents, household members): names, date of birth, BSN, optional contact details. */

export const PERSON_NAME_MAX = 100;

export const firstName = text({
  required: 'Vul de voornaam in.',
  max: PERSON_NAME_MAX,
  length: `De voornaam mag hoogstens ${PERSON_NAME_MAX} tekens lang zijn.`,
});
export const lastName = text({
  required: 'Vul de achternaam in.',
  max: PERSON_NAME_MAX,
  length: `De achternaam mag hoogstens ${PERSON_NAME_MAX} tekens lang zijn.`,
});

/** A real calendar date in YYYY-MM-DD form (not 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!parts) return false;
  // By arithmetic, not through a Date: an import checks several dates on each of its rows.
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return day <= days;
}

/**
 * A date of birth (YYYY-MM-DD; the client converts what people type, 14-03-2015, first): a real date, not after
 * `today` (YYYY-MM-DD in the Netherlands, from the request's clock), not before 1900.
 */
export function dateOfBirth(today: string): Rule<string> {
  return rule((raw) => {
    const value = raw.trim();
    if (!value) return invalid('REQUIRED', 'Vul de geboortedatum in.');
    if (!isIsoDate(value)) return invalid('INVALID', 'Vul een geldige geboortedatum in, bijvoorbeeld 14-03-2015.');
    if (value > today) return invalid('INVALID', 'De geboortedatum kan niet in de toekomst liggen.');
    if (value < '1900-01-01') return invalid('INVALID', 'Vul een geboortedatum na 1 januari 1900 in.');
    return valid(value);
  });
}

/** The elfproef: 9 digits, weighted sum 9..2 and -1 divisible by 11 (and not 000000000). */
export function isValidBsn(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(value[i]) * (9 - i);
  sum -= Number(value[8]);
  return sum % 11 === 0 && value !== '000000000';
}

/** Spaces, dots and hyphens as people type them ("123.456.782") are allowed; the value is 9 digits. */
export function normaliseBsn(value: string | null | undefined): string {
  return (value ?? '').replace(/[\s.-]/g, '');
}

/** An optional BSN ('' when none) that passes the elfproef. */
export const bsn: Rule<string> = rule((raw) => {
  const value = normaliseBsn(raw);
  if (!value) return valid('');
  if (!/^\d{9}$/.test(value)) return invalid('INVALID', 'Een burgerservicenummer bestaat uit 9 cijfers.');
  if (!isValidBsn(value))
    return invalid('INVALID', 'Dit burgerservicenummer klopt niet (de elfproef faalt). Controleer het nummer.');
  return valid(value);
});

/** The municipality's client number of a person: optional (made up when empty), letters, digits and - . / _ */
export const externalIdentifier: Rule<string> = rule((raw) => {
  const value = raw.trim();
  if (!value) return valid('');
  if (!/^[A-Za-z0-9][A-Za-z0-9/._-]{0,39}$/.test(value)) {
    return invalid('INVALID', 'Een klantnummer bestaat uit hoogstens 40 letters, cijfers en de tekens - . / _');
  }
  return valid(value);
});

/** Optional contact details of a person: empty means none (null). */
export const contactEmail = optional(email());
export const contactPhone = optional(phone('Vul het telefoonnummer in.', '06 12345678 of 020 123 4567'));

/** A person's display name as they type it in a log-in account (2–120 characters). */
export function personName(required = 'Vul uw naam in.'): Rule<string> {
  return rule((raw) => {
    const value = raw.trim();
    if (!value) return invalid('REQUIRED', required);
    if (length(value) < 2 || length(value) > 120)
      return invalid('LENGTH', 'Een naam moet tussen 2 en 120 tekens lang zijn.');
    return valid(value);
  });
}

export { collapseSpaces as cleanName };

/** A new household member as staff add one; `today` (YYYY-MM-DD) bounds the date of birth. */
export function memberRules(today: string) {
  return {
    firstName,
    lastName,
    dateOfBirth: dateOfBirth(today),
    externalIdentifier,
    email: contactEmail,
    phone: contactPhone,
    bsn,
  } as const;
}

/** A customer's own contact details (/account/gegevens): both optional. */
export const myDetailsRules = { email: contactEmail, phone: contactPhone } as const;

/** E-mail about orders needs an address: the problem of `email` when it is missing, or null. */
export function notifyWithoutEmail(
  notify: boolean,
  email: string | null,
): { field: 'email'; code: string; message: string } | null {
  return notify && !email
    ? {
        field: 'email',
        code: 'REQUIRED',
        message: 'Vul uw e-mailadres in om e-mail over uw bestellingen te ontvangen.',
      }
    : null;
}
