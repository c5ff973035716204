import argon2 from 'argon2';
import { COMMON_PASSWORDS } from './common-passwords.js';
import { newPassword } from '../rules/password.js';

/** argon2id with the library's defaults (OWASP-level memory cost). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Verifying against a throw-away hash makes "unknown account" take as long as "wrong password". */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('dummy-password-for-timing');
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
