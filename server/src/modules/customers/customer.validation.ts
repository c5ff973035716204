import { UserError } from '../../kernel/errors.js';
import {
  bsn,
  cleanName,
  contactEmail,
  contactPhone,
  dateOfBirth,
  firstName,
  lastName,
  messageOf,
  normaliseBsn,
  PERSON_NAME_MAX,
} from '../../rules/index.js';

/**
 * A person's details on the server: the rules themselves live in src/rules/person.ts (shared with the client's
 * forms); this file maps their problems onto payload errors.
 */

export const NAME_MAX = PERSON_NAME_MAX;

export { cleanName, normaliseBsn };

export function nameProblem(name: string, what: 'voornaam' | 'achternaam'): string | null {
  return messageOf(what === 'voornaam' ? firstName : lastName, name);
}

/** A date of birth: a real date, not after `today` (the request's clock), not before 1900. */
export function dateOfBirthProblem(value: string, today: string): string | null {
  return messageOf(dateOfBirth(today), value);
}

export function bsnProblem(value: string): string | null {
  return messageOf(bsn, value);
}

/** Optional e-mail address and phone number: empty means "none". Problems are added to `errors`. */
export function contactDetails(
  input: { email?: string | null; phone?: string | null },
  errors: UserError[],
): { email: string | null; phone: string | null } {
  const email = contactEmail.check(input.email);
  if (!email.ok) errors.push(UserError.of('email', email.problem.code, email.problem.message));
  const phone = contactPhone.check(input.phone);
  if (!phone.ok) errors.push(UserError.of('phone', phone.problem.code, phone.problem.message));
  return { email: email.ok ? email.value : null, phone: phone.ok ? phone.value : null };
}
