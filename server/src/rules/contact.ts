import { invalid, rule, valid, type Rule } from './rule.js';
import { length } from './text.js';

/**
 * Contact details and Dutch registration numbers. The IBAN rule is in ./iban.ts, apart, so that a form with only an
 * e-mail address does not carry the IBAN library to the browser.
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const EMAIL_MAX = 254;
export const EMAIL_INVALID = 'Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.';

/** An e-mail address, stored in lower case. `required` is the message when it is empty. */
export function email(required = 'Vul een e-mailadres in.'): Rule<string> {
  return rule((raw) => {
    const value = raw.trim().toLowerCase();
    if (!value) return invalid('REQUIRED', required);
    if (value.length > EMAIL_MAX || !EMAIL.test(value)) return invalid('INVALID', EMAIL_INVALID);
    return valid(value);
  });
}

/** "1234ab" / "1234 AB" → "1234 AB"; SA, SD and SS are not used in Dutch postcodes. */
export function postcode(required = 'Vul de postcode in.'): Rule<string> {
  return rule((raw) => {
    const compact = raw.replace(/\s+/g, '').toUpperCase();
    if (!compact) return invalid('REQUIRED', required);
    const match = /^([1-9][0-9]{3})([A-Z]{2})$/.exec(compact);
    if (!match || ['SA', 'SD', 'SS'].includes(match[2]!))
      return invalid('INVALID', 'Vul een geldige postcode in, bijvoorbeeld 1234 AB.');
    return valid(`${match[1]} ${match[2]}`);
  });
}

/** A KvK number: 8 digits; spaces, dots and hyphens as people type them are allowed and dropped. */
export function kvkNumber(required = 'Vul het KvK-nummer in.'): Rule<string> {
  return rule((raw) => {
    const value = raw.replace(/[\s.-]/g, '');
    if (!value) return invalid('REQUIRED', required);
    if (!/^[0-9]{8}$/.test(value)) return invalid('INVALID', 'Een KvK-nummer bestaat uit 8 cijfers.');
    return valid(value);
  });
}

/**
 * A phone number: Dutch (0 + 9 digits, or +31 / 0031 + 9 digits, stored as typed without separators, 0031 as +31)
 * or international (+ and 8–15 digits). `example` ends the message: "bijvoorbeeld 020 123 4567 of …".
 */
export function phone(
  required = 'Vul het telefoonnummer in.',
  example = '020 123 4567 of +31 20 123 4567',
): Rule<string> {
  return rule((raw) => {
    const compact = raw.replace(/[\s().-]/g, '');
    if (!compact) return invalid('REQUIRED', required);
    if (/^0[1-9][0-9]{8}$/.test(compact)) return valid(compact);
    if (/^(\+|00)31[1-9][0-9]{8}$/.test(compact)) return valid(compact.replace(/^0031/, '+31'));
    if (/^\+(?!31)[1-9][0-9]{7,14}$/.test(compact)) return valid(compact);
    return invalid('INVALID', `Vul een geldig telefoonnummer in, bijvoorbeeld ${example}.`);
  });
}

/** An optional web address: http(s), with a dot in the host name, at most 200 characters. */
export function website(): Rule<string> {
  return rule((raw) => {
    const value = raw.trim();
    if (!value) return valid('');
    let ok = false;
    try {
      const url = new URL(value);
      ok =
        (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.') && length(value) <= 200;
    } catch {
      ok = false;
    }
    return ok
      ? valid(value)
      : invalid('INVALID', 'Vul een volledig webadres in, bijvoorbeeld https://www.voorbeeld.nl.');
  });
}
