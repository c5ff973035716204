import { invalid, rule, valid, type Rule } from './rule.js';

/**
 * Passwords per NIST SP 800-63B: long enough, no composition rules. The list of too common passwords is checked by
 * the server only (server/src/crypto/passwords.ts): it is large and must not be shipped to browsers.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

export const newPassword: Rule<string> = rule((raw) => {
  if (!raw) return invalid('REQUIRED', 'Kies een wachtwoord.');
  if (raw.length < PASSWORD_MIN_LENGTH) return invalid('WEAK_PASSWORD', `Kies een wachtwoord van minstens ${PASSWORD_MIN_LENGTH} tekens.`);
  if (raw.length > PASSWORD_MAX_LENGTH) return invalid('WEAK_PASSWORD', `Kies een wachtwoord van hoogstens ${PASSWORD_MAX_LENGTH} tekens.`);
  return valid(raw);
});

/** The hint under a new-password field. */
export const PASSWORD_HINT = `Minstens ${PASSWORD_MIN_LENGTH} tekens. Een zin van een paar losse woorden is sterk en goed te onthouden.`;
