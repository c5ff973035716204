import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { invalid, rule, valid, type Rule } from './rule.js';

/**
 * IBANs, with `ibantools` (country lengths, BBAN formats and the mod-97 check digits). Its own module, apart from the
 * other contact rules (./contact.ts), so the log-in and e-mail forms of the public site load no IBAN code.
 */

/** An IBAN with valid check digits (mod 97), stored in electronic form (NL91ABNA0417164300). */
export function iban(required = 'Vul het IBAN in.'): Rule<string> {
  return rule((raw) => {
    if (!raw.trim()) return invalid('REQUIRED', required);
    const electronic = electronicFormatIBAN(raw) ?? '';
    if (!electronic || !isValidIBAN(electronic)) {
      return invalid('INVALID', 'Dit IBAN klopt niet. Controleer het nummer, bijvoorbeeld NL91 ABNA 0417 1643 00.');
    }
    return valid(electronic);
  });
}
