import argon2 from 'argon2';
import { COMMON_PASSWORDS } from './common-passwords.js';

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

/** NIST SP 800-63B: at least 12 characters, not a known common password, no composition rules. Dutch message or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < 12) return 'Kies een wachtwoord van minstens 12 tekens.';
  if (password.length > 200) return 'Kies een wachtwoord van hoogstens 200 tekens.';
  if (common.has(password.toLowerCase())) return 'Dit wachtwoord is te bekend en daardoor onveilig. Kies een ander wachtwoord.';
  return null;
}
