import { bsn, contactEmail, contactPhone, dateOfBirth, externalIdentifier, firstName, lastName, isValidBsn, normaliseBsn } from '@rules/person';
import { messageOf } from '@rules/rule';

/**
 * Instant checks of a new household member: the server's own rules (server/src/rules/person.ts through `@rules`),
 * not a copy. The server decides, with the same rules.
 */

export type MemberField = 'firstName' | 'lastName' | 'dateOfBirth' | 'externalIdentifier' | 'email' | 'phone' | 'bsn';
export type MemberValues = Record<MemberField, string>;

export { isValidBsn, normaliseBsn };

/** Today (YYYY-MM-DD) in the Netherlands, on this device: the server checks again against its own clock. */
function todayInAmsterdam(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

export function validateMember(values: MemberValues): Partial<Record<MemberField, string>> {
  const checks: [MemberField, string | null][] = [
    ['firstName', messageOf(firstName, values.firstName)],
    ['lastName', messageOf(lastName, values.lastName)],
    ['dateOfBirth', messageOf(dateOfBirth(todayInAmsterdam()), values.dateOfBirth)],
    ['externalIdentifier', messageOf(externalIdentifier, values.externalIdentifier)],
    ['email', messageOf(contactEmail, values.email)],
    ['phone', messageOf(contactPhone, values.phone)],
    ['bsn', messageOf(bsn, values.bsn)],
  ];
  return Object.fromEntries(checks.filter(([, message]) => message)) as Partial<Record<MemberField, string>>;
}
