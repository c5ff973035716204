import { validateEmail } from '../../../../components/forms/validation';

/**
 * Client-side mirror of the server's checks of a new household member
 * (server/src/modules/customers/customer.validation.ts): same rules, same Dutch messages. The server decides.
 */

export type MemberField = 'firstName' | 'lastName' | 'dateOfBirth' | 'externalIdentifier' | 'email' | 'phone' | 'bsn';
export type MemberValues = Record<MemberField, string>;

/** The elfproef: 9 digits, weighted sum 9..2 and -1 divisible by 11. */
export function isValidBsn(value: string): boolean {
  if (!/^\d{9}$/.test(value) || value === '000000000') return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(value[i]) * (9 - i);
  sum -= Number(value[8]);
  return sum % 11 === 0;
}

export function normaliseBsn(value: string): string {
  return value.replace(/[\s.-]/g, '');
}

function validPhone(value: string): boolean {
  const compact = value.replace(/[\s().-]/g, '');
  return /^0[1-9][0-9]{8}$/.test(compact) || /^(\+|00)31[1-9][0-9]{8}$/.test(compact) || /^\+(?!31)[1-9][0-9]{7,14}$/.test(compact);
}

function todayInAmsterdam(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export function validateMember(values: MemberValues): Partial<Record<MemberField, string>> {
  const errors: Partial<Record<MemberField, string>> = {};
  const first = values.firstName.trim();
  const last = values.lastName.trim();
  if (!first) errors.firstName = 'Vul de voornaam in.';
  else if (first.length > 100) errors.firstName = 'De voornaam mag hoogstens 100 tekens lang zijn.';
  if (!last) errors.lastName = 'Vul de achternaam in.';
  else if (last.length > 100) errors.lastName = 'De achternaam mag hoogstens 100 tekens lang zijn.';
  const dob = values.dateOfBirth.trim();
  if (!dob) errors.dateOfBirth = 'Vul de geboortedatum in.';
  else if (!isIsoDate(dob)) errors.dateOfBirth = 'Vul een geldige geboortedatum in, bijvoorbeeld 14-03-2015.';
  else if (dob > todayInAmsterdam()) errors.dateOfBirth = 'De geboortedatum kan niet in de toekomst liggen.';
  else if (dob < '1900-01-01') errors.dateOfBirth = 'Vul een geboortedatum na 1 januari 1900 in.';
  const ext = values.externalIdentifier.trim();
  if (ext && !/^[A-Za-z0-9][A-Za-z0-9/._-]{0,39}$/.test(ext)) {
    errors.externalIdentifier = 'Een klantnummer bestaat uit hoogstens 40 letters, cijfers en de tekens - . / _';
  }
  if (values.email.trim()) {
    const problem = validateEmail(values.email);
    if (problem) errors.email = problem;
  }
  if (values.phone.trim() && !validPhone(values.phone)) {
    errors.phone = 'Vul een geldig telefoonnummer in, bijvoorbeeld 06 12345678 of 020 123 4567.';
  }
  const bsn = normaliseBsn(values.bsn);
  if (bsn) {
    if (!/^\d{9}$/.test(bsn)) errors.bsn = 'Een burgerservicenummer bestaat uit 9 cijfers.';
    else if (!isValidBsn(bsn)) errors.bsn = 'Dit burgerservicenummer klopt niet (de elfproef faalt). Controleer het nummer.';
  }
  return errors;
}
