import argon2 from 'argon2';
import { COMMON_PASSWORDS } from './common-passwords.js';
import { newPassword } from '../rules/password.js';

/**
 * How new hashes are made: `standard` (the default) or, in test runs only (config.ts refuses it otherwise:
 * PASSWORD_HASHING=fast needs NODE_ENV=test), `fast`. Set by boot() from the configuration. A hash records its own
 * cost, so verifying follows the hash, whichever mode made it.
 */
let hashing: 'standard' | 'fast' = 'standard';
export function usePasswordHashing(mode: 'standard' | 'fast'): void {
  hashing = mode;
}

/** argon2id with the library's defaults (OWASP-level memory cost); in test runs with PASSWORD_HASHING=fast its minimum. */
export function hashPassword(password: string): Promise<string> {
  if (hashing === 'fast')
    return argon2.hash(password, { type: argon2.argon2id, memoryCost: 1024, timeCost: 2, parallelism: 1 });
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

const dummies = new Map<string, Promise<string>>();
/** Verifying against a throw-away hash (of the current mode) makes "unknown account" take as long as "wrong password". */
export async function burnPasswordCheck(password: string): Promise<void> {
  let dummy = dummies.get(hashing);
  if (!dummy) dummies.set(hashing, (dummy = hashPassword('dummy-password-for-timing')));
  await verifyPassword(await dummy, password);
}

const common = new Set(COMMON_PASSWORDS);

/**
 * NIST SP 800-63B: the shared length rule (src/rules/password.ts, also checked instantly by the client), then the list
 * of known common passwords (server only). No composition rules. Dutch message or null.
 */
export function passwordProblem(password: string): string | null {
  const checked = newPassword.check(password);
  if (!checked.ok) return checked.problem.message;
  if (common.has(password.toLowerCase()))
    return 'Dit wachtwoord is te bekend en daardoor onveilig. Kies een ander wachtwoord.';
  return null;
}
