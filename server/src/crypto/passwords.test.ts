import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, usePasswordHashing, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it('hashes with argon2id and verifies', async () => {
    const hash = await hashPassword('een-lang-wachtwoord');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(hash, 'een-lang-wachtwoord')).toBe(true);
    expect(await verifyPassword(hash, 'een-ander-wachtwoord')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });

  it('hashes at the full cost by default, at the smallest only in the test mode; either hash verifies', async () => {
    usePasswordHashing('standard');
    const standard = await hashPassword('een-lang-wachtwoord');
    expect(standard).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    usePasswordHashing('fast');
    try {
      const fast = await hashPassword('een-lang-wachtwoord');
      expect(fast).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=2\$/);
      expect(await verifyPassword(standard, 'een-lang-wachtwoord')).toBe(true);
      expect(await verifyPassword(fast, 'een-lang-wachtwoord')).toBe(true);
      expect(await verifyPassword(fast, 'een-ander-wachtwoord')).toBe(false);
    } finally {
      usePasswordHashing('standard');
    }
  });

  it('follows NIST 800-63B: length and common passwords, no composition rules', () => {
    expect(passwordProblem('kort')).toMatch(/minstens 12/);
    expect(passwordProblem('wachtwoord123')).toMatch(/te bekend/);
    expect(passwordProblem('alleen kleine letters hier')).toBeNull();
  });
});
