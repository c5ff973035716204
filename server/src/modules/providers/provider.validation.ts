import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { UserError } from '../../graphql/errors.js';

/**
 * Validation of provider details (DESIGN.md section 4), with Dutch messages per field. The server is the authority;
 * client/src/components/forms/providerValidation.ts mirrors these rules for instant feedback.
 *
 * IBAN: `ibantools` (a well-kept library: country lengths, BBAN formats and the mod-97 check digits).
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function normaliseEmail(value: string | null | undefined): string {
  return (value ?? '').trim().toLowerCase();
}

export function emailProblem(email: string, empty = 'Vul een e-mailadres in.'): string | null {
  if (!email) return empty;
  if (email.length > 254 || !EMAIL.test(email)) return 'Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.';
  return null;
}

/** "1234ab" / "1234 AB" → "1234 AB"; null when it is not a Dutch postcode (SA, SD and SS are not used). */
export function normalisePostcode(value: string): string | null {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  const match = /^([1-9][0-9]{3})([A-Z]{2})$/.exec(compact);
  if (!match || ['SA', 'SD', 'SS'].includes(match[2]!)) return null;
  return `${match[1]} ${match[2]}`;
}

/** Spaces, dots and hyphens are allowed in what people type; stored as 8 digits. */
export function normaliseKvk(value: string): string {
  return value.replace(/[\s.-]/g, '');
}

/** Dutch numbers (0 + 9 digits, or +31 / 0031 + 9 digits) and other international numbers (+ and 8–15 digits). */
export function normalisePhone(value: string): string | null {
  const compact = value.replace(/[\s().-]/g, '');
  if (/^0[1-9][0-9]{8}$/.test(compact)) return compact;
  if (/^(\+|00)31[1-9][0-9]{8}$/.test(compact)) return compact.replace(/^0031/, '+31');
  if (/^\+(?!31)[1-9][0-9]{7,14}$/.test(compact)) return compact;
  return null;
}

export function normaliseIban(value: string): string | null {
  const electronic = electronicFormatIBAN(value) ?? '';
  return electronic && isValidIBAN(electronic) ? electronic : null;
}

/** The details of an organisation, as typed in the registration and profile forms. */
export interface ProviderDetailsInput {
  name: string;
  kvkNumber: string;
  street: string;
  postcode: string;
  city: string;
  email: string;
  phone: string;
  iban: string;
  description?: string | null;
  website?: string | null;
}

export type ProviderDetails = Required<{ [K in keyof ProviderDetailsInput]: string }>;

/** Checks and normalises an organisation's details; `errors` name the input fields. */
export function validateProviderDetails(input: ProviderDetailsInput): { values: ProviderDetails; errors: UserError[] } {
  const errors: UserError[] = [];
  const err = (field: keyof ProviderDetailsInput, code: string, message: string) => errors.push(UserError.of(field, code, message));

  const name = (input.name ?? '').trim().replace(/\s+/g, ' ');
  if (!name) err('name', 'REQUIRED', 'Vul de naam van uw organisatie in.');
  else if (name.length < 2 || name.length > 120) err('name', 'LENGTH', 'De naam moet tussen 2 en 120 tekens lang zijn.');

  const kvkNumber = normaliseKvk(input.kvkNumber ?? '');
  if (!kvkNumber) err('kvkNumber', 'REQUIRED', 'Vul het KvK-nummer van uw organisatie in.');
  else if (!/^[0-9]{8}$/.test(kvkNumber)) err('kvkNumber', 'INVALID', 'Een KvK-nummer bestaat uit 8 cijfers.');

  const street = (input.street ?? '').trim().replace(/\s+/g, ' ');
  if (!street) err('street', 'REQUIRED', 'Vul de straat en het huisnummer in.');
  else if (street.length > 200) err('street', 'LENGTH', 'Het adres mag hoogstens 200 tekens lang zijn.');
  else if (!/[0-9]/.test(street)) err('street', 'INVALID', 'Vul ook het huisnummer in, bijvoorbeeld Dorpsstraat 12.');

  const rawPostcode = (input.postcode ?? '').trim();
  const postcode = normalisePostcode(rawPostcode);
  if (!rawPostcode) err('postcode', 'REQUIRED', 'Vul de postcode in.');
  else if (!postcode) err('postcode', 'INVALID', 'Vul een geldige postcode in, bijvoorbeeld 1234 AB.');

  const city = (input.city ?? '').trim().replace(/\s+/g, ' ');
  if (!city) err('city', 'REQUIRED', 'Vul de plaats in.');
  else if (city.length < 2 || city.length > 100) err('city', 'LENGTH', 'De plaats moet tussen 2 en 100 tekens lang zijn.');

  const email = normaliseEmail(input.email);
  const emailError = emailProblem(email, 'Vul het e-mailadres van uw organisatie in.');
  if (emailError) err('email', email ? 'INVALID' : 'REQUIRED', emailError);

  const rawPhone = (input.phone ?? '').trim();
  const phone = normalisePhone(rawPhone);
  if (!rawPhone) err('phone', 'REQUIRED', 'Vul het telefoonnummer van uw organisatie in.');
  else if (!phone) err('phone', 'INVALID', 'Vul een geldig telefoonnummer in, bijvoorbeeld 020 123 4567 of +31 20 123 4567.');

  const rawIban = (input.iban ?? '').trim();
  const iban = normaliseIban(rawIban);
  if (!rawIban) err('iban', 'REQUIRED', 'Vul het IBAN in waarop u uitbetalingen wilt ontvangen.');
  else if (!iban) err('iban', 'INVALID', 'Dit IBAN klopt niet. Controleer het nummer, bijvoorbeeld NL91 ABNA 0417 1643 00.');

  const description = (input.description ?? '').trim();
  if (description.length > 2000) err('description', 'LENGTH', 'De omschrijving mag hoogstens 2.000 tekens lang zijn.');

  const website = (input.website ?? '').trim();
  if (website) {
    let ok = false;
    try {
      const url = new URL(website);
      ok = (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.') && website.length <= 200;
    } catch {
      ok = false;
    }
    if (!ok) err('website', 'INVALID', 'Vul een volledig webadres in, bijvoorbeeld https://www.voorbeeld.nl.');
  }

  return {
    values: { name, kvkNumber, street, postcode: postcode ?? '', city, email, phone: phone ?? '', iban: iban ?? '', description, website },
    errors,
  };
}

export function personNameProblem(name: string, empty = 'Vul uw naam in.'): string | null {
  if (!name) return empty;
  if (name.length < 2 || name.length > 120) return 'Een naam moet tussen 2 en 120 tekens lang zijn.';
  return null;
}
