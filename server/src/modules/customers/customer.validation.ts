import { UserError } from '../../graphql/errors.js';
import { isIsoDate, todayInAmsterdam } from '../../lib/dates.js';
import { isValidBsn } from '../../crypto/bsn.js';
import { emailProblem, normaliseEmail, normalisePhone } from '../providers/provider.validation.js';

/**
 * Validation of a person's details (DESIGN.md section 4), with Dutch messages per field. The server is the authority;
 * client/src/routes/admin/klantgroep/toevoegen and account/gegevens mirror these rules for instant feedback.
 */

export const NAME_MAX = 100;

export function cleanName(value: string | null | undefined): string {
  return (value ?? '').trim().replace(/\s+/g, ' ');
}

export function nameProblem(name: string, what: 'voornaam' | 'achternaam'): string | null {
  if (!name) return what === 'voornaam' ? 'Vul de voornaam in.' : 'Vul de achternaam in.';
  if (name.length > NAME_MAX) return `De ${what} mag hoogstens ${NAME_MAX} tekens lang zijn.`;
  return null;
}

/** A date of birth: a real date, not in the future, not before 1900. */
export function dateOfBirthProblem(value: string): string | null {
  if (!value) return 'Vul de geboortedatum in.';
  if (!isIsoDate(value)) return 'Vul een geldige geboortedatum in, bijvoorbeeld 14-03-2015.';
  if (value > todayInAmsterdam()) return 'De geboortedatum kan niet in de toekomst liggen.';
  if (value < '1900-01-01') return 'Vul een geboortedatum na 1 januari 1900 in.';
  return null;
}

/** Spaces, dots and hyphens as people type them ("123.456.782") are allowed; stored as 9 digits. */
export function normaliseBsn(value: string | null | undefined): string {
  return (value ?? '').replace(/[\s.-]/g, '');
}

export function bsnProblem(bsn: string): string | null {
  if (!/^\d{9}$/.test(bsn)) return 'Een burgerservicenummer bestaat uit 9 cijfers.';
  if (!isValidBsn(bsn)) return 'Dit burgerservicenummer klopt niet (de elfproef faalt). Controleer het nummer.';
  return null;
}

/** Optional e-mail address and phone number: empty means "none". */
export function contactDetails(
  input: { email?: string | null; phone?: string | null },
  errors: UserError[],
): { email: string | null; phone: string | null } {
  const email = normaliseEmail(input.email);
  if (email) {
    const problem = emailProblem(email);
    if (problem) errors.push(UserError.of('email', 'INVALID', problem));
  }
  const rawPhone = (input.phone ?? '').trim();
  const phone = rawPhone ? normalisePhone(rawPhone) : null;
  if (rawPhone && !phone) {
    errors.push(UserError.of('phone', 'INVALID', 'Vul een geldig telefoonnummer in, bijvoorbeeld 06 12345678 of 020 123 4567.'));
  }
  return { email: email || null, phone };
}
