import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it('hashes with argon2id and verifies', async () => {
    const hash = await hashPassword('een-lang-wachtwoord');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(hash, 'een-lang-wachtwoord')).toBe(true);
    expect(await verifyPassword(hash, 'een-ander-wachtwoord')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });

  it('follows NIST 800-63B: length and common passwords, no composition rules', () => {
    expect(passwordProblem('kort')).toMatch(/minstens 12/);
    expect(passwordProblem('wachtwoord123')).toMatch(/te bekend/);
    expect(passwordProblem('alleen kleine letters hier')).toBeNull();
  });
});
