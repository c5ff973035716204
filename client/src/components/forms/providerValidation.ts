import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { validateEmail } from './validation';

/**
 * Client-side checks of provider details, mirroring server/src/modules/providers/provider.validation.ts
 * (same rules, same Dutch messages) for instant feedback. The server stays the authority.
 */

export function validateOrganisationName(value: string): string | null {
  const name = value.trim().replace(/\s+/g, ' ');
  if (!name) return 'Vul de naam van uw organisatie in.';
  if (name.length < 2 || name.length > 120) return 'De naam moet tussen 2 en 120 tekens lang zijn.';
  return null;
}

export function validateKvk(value: string): string | null {
  const kvk = value.replace(/[\s.-]/g, '');
  if (!kvk) return 'Vul het KvK-nummer van uw organisatie in.';
  if (!/^[0-9]{8}$/.test(kvk)) return 'Een KvK-nummer bestaat uit 8 cijfers.';
  return null;
}

export function validateStreet(value: string): string | null {
  const street = value.trim();
  if (!street) return 'Vul de straat en het huisnummer in.';
  if (street.length > 200) return 'Het adres mag hoogstens 200 tekens lang zijn.';
  if (!/[0-9]/.test(street)) return 'Vul ook het huisnummer in, bijvoorbeeld Dorpsstraat 12.';
  return null;
}

export function validatePostcode(value: string): string | null {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  if (!compact) return 'Vul de postcode in.';
  const match = /^([1-9][0-9]{3})([A-Z]{2})$/.exec(compact);
  if (!match || ['SA', 'SD', 'SS'].includes(match[2]!)) return 'Vul een geldige postcode in, bijvoorbeeld 1234 AB.';
  return null;
}

export function validateCity(value: string): string | null {
  const city = value.trim();
  if (!city) return 'Vul de plaats in.';
  if (city.length < 2 || city.length > 100) return 'De plaats moet tussen 2 en 100 tekens lang zijn.';
  return null;
}

export function validateOrganisationEmail(value: string): string | null {
  if (!value.trim()) return 'Vul het e-mailadres van uw organisatie in.';
  return validateEmail(value);
}

export function validatePhone(value: string): string | null {
  const compact = value.replace(/[\s().-]/g, '');
  if (!compact) return 'Vul het telefoonnummer van uw organisatie in.';
  if (/^0[1-9][0-9]{8}$/.test(compact) || /^(\+|00)31[1-9][0-9]{8}$/.test(compact) || /^\+(?!31)[1-9][0-9]{7,14}$/.test(compact)) {
    return null;
  }
  return 'Vul een geldig telefoonnummer in, bijvoorbeeld 020 123 4567 of +31 20 123 4567.';
}

/** IBAN with its mod-97 check digits, via ibantools (the library the server uses too). */
export function validateIban(value: string): string | null {
  if (!value.trim()) return 'Vul het IBAN in waarop u uitbetalingen wilt ontvangen.';
  const electronic = electronicFormatIBAN(value) ?? '';
  if (!electronic || !isValidIBAN(electronic)) {
    return 'Dit IBAN klopt niet. Controleer het nummer, bijvoorbeeld NL91 ABNA 0417 1643 00.';
  }
  return null;
}

export function validateDescription(value: string): string | null {
  return value.trim().length > 2000 ? 'De omschrijving mag hoogstens 2.000 tekens lang zijn.' : null;
}

export function validateWebsite(value: string): string | null {
  const website = value.trim();
  if (!website) return null;
  try {
    const url = new URL(website);
    if ((url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.') && website.length <= 200) return null;
  } catch {
    /* fall through */
  }
  return 'Vul een volledig webadres in, bijvoorbeeld https://www.voorbeeld.nl.';
}

export function validatePersonName(value: string, empty = 'Vul uw naam in.'): string | null {
  const name = value.trim();
  if (!name) return empty;
  if (name.length < 2 || name.length > 120) return 'Een naam moet tussen 2 en 120 tekens lang zijn.';
  return null;
}

/** NIST 800-63B length rules; the list of too common passwords is checked by the server. */
export function validateNewPassword(value: string): string | null {
  if (!value) return 'Kies een wachtwoord.';
  if (value.length < 12) return 'Kies een wachtwoord van minstens 12 tekens.';
  if (value.length > 200) return 'Kies een wachtwoord van hoogstens 200 tekens.';
  return null;
}

export const PASSWORD_HINT = 'Minstens 12 tekens. Een zin van een paar losse woorden is sterk en goed te onthouden.';

export type OrganisationField = 'name' | 'kvkNumber' | 'street' | 'postcode' | 'city' | 'email' | 'phone' | 'iban' | 'description' | 'website';

/** The organisation part of the registration and profile forms. */
export function validateOrganisation(values: Record<OrganisationField, string>): Partial<Record<OrganisationField, string>> {
  const checks: [OrganisationField, string | null][] = [
    ['name', validateOrganisationName(values.name)],
    ['kvkNumber', validateKvk(values.kvkNumber)],
    ['street', validateStreet(values.street)],
    ['postcode', validatePostcode(values.postcode)],
    ['city', validateCity(values.city)],
    ['email', validateOrganisationEmail(values.email)],
    ['phone', validatePhone(values.phone)],
    ['iban', validateIban(values.iban)],
    ['description', validateDescription(values.description)],
    ['website', validateWebsite(values.website)],
  ];
  return Object.fromEntries(checks.filter(([, error]) => error)) as Partial<Record<OrganisationField, string>>;
}
