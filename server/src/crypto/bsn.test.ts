import { describe, expect, it } from 'vitest';
import { decryptBsn, encryptBsn, hashBsn, isValidBsn, maskBsn } from './bsn.js';

const keys = {
  keys: [{ id: 'k1', key: Buffer.alloc(32, 1) }],
  hashKey: 'x'.repeat(40),
};

describe('BSN', () => {
  it('checks the elfproef', () => {
    expect(isValidBsn('111222333')).toBe(true);
    expect(isValidBsn('123456782')).toBe(true);
    expect(isValidBsn('123456789')).toBe(false);
    expect(isValidBsn('12345678')).toBe(false);
    expect(isValidBsn('000000000')).toBe(false);
  });

  it('encrypts with authentication and a key id, and rotates keys', () => {
    const stored = encryptBsn('111222333', keys);
    expect(stored).not.toContain('111222333');
    expect(stored.startsWith('v1:k1:')).toBe(true);
    expect(decryptBsn(stored, keys)).toBe('111222333');
    const rotated = { ...keys, keys: [{ id: 'k2', key: Buffer.alloc(32, 2) }, ...keys.keys] };
    expect(decryptBsn(stored, rotated)).toBe('111222333');
    expect(encryptBsn('111222333', rotated).startsWith('v1:k2:')).toBe(true);
    const parts = stored.split(':');
    parts[4] = Buffer.from('999999999').toString('base64');
    expect(() => decryptBsn(parts.join(':'), keys)).toThrow();
  });

  it('hashes for look-up and masks for display', () => {
    expect(hashBsn('111222333', keys)).toBe(hashBsn('111222333', keys));
    expect(hashBsn('111222333', keys)).not.toBe(hashBsn('123456782', keys));
    expect(maskBsn('111222333')).toBe('*****2333');
  });
});
