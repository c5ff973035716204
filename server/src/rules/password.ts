import { email } from './contact.js';
import { personName } from './person.js';
import { invalid, rule, valid, type Rule } from './rule.js';

/**
 * Passwords per NIST SP 800-63B: long enough, no composition rules. The list of too common passwords is checked by
 * the server only (server/src/crypto/passwords.ts): it is large and must not be shipped to browsers.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

export const newPassword: Rule<string> = rule((raw) => {
  if (!raw) return invalid('REQUIRED', 'Kies een wachtwoord.');
  if (raw.length < PASSWORD_MIN_LENGTH)
    return invalid('WEAK_PASSWORD', `Kies een wachtwoord van minstens ${PASSWORD_MIN_LENGTH} tekens.`);
  if (raw.length > PASSWORD_MAX_LENGTH)
    return invalid('WEAK_PASSWORD', `Kies een wachtwoord van hoogstens ${PASSWORD_MAX_LENGTH} tekens.`);
  return valid(raw);
});

/** The hint under a new-password field. */
export const PASSWORD_HINT = `Minstens ${PASSWORD_MIN_LENGTH} tekens. Een zin van een paar losse woorden is sterk en goed te onthouden.`;

/** The password typed at log-in: only required (what it must be is the account's business, not the form's). */
export const currentPassword: Rule<string> = rule((raw) =>
  raw ? valid(raw) : invalid('REQUIRED', 'Vul uw wachtwoord in.'),
);

/** The e-mail address of one's own account (log-in, forgotten password). */
export const accountEmail = email('Vul uw e-mailadres in.');

/** Log-in with e-mail and password (staff and provider users). */
export const loginRules = { email: accountEmail, password: currentPassword } as const;

/** The second entry of a new password. */
export function repeatProblem(password: string, repeat: string): string | null {
  return password === repeat ? null : 'De twee wachtwoorden zijn niet gelijk. Typ het nieuwe wachtwoord nog een keer.';
}

/** The first user of a new provider account: name, log-in address, password and the accepted terms. */
export const newAccountRules = {
  userName: personName(),
  userEmail: accountEmail,
  password: newPassword,
  acceptTerms: rule((text) =>
    text === 'true' || text === 'ja'
      ? valid(true)
      : invalid('REQUIRED', 'Ga akkoord met de voorwaarden om uw organisatie aan te melden.'),
  ),
} as const;
