import { describe, expect, it } from 'vitest';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { compactDecrypt, decodeProtectedHeader } from 'jose';
import { encryptFor, importEncryptionKey, parsePublicKey } from './public-keys.js';

const pem = (key: KeyObject, type: 'spki' | 'pkcs8') => key.export({ type, format: 'pem' }).toString();

describe('registering a public key', () => {
  it('accepts RSA ≥ 2048 bits (PEM) for RSA-OAEP-256 and EC P-256/P-384/P-521 (PEM or JWK) for ECDH-ES', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 3072 });
    const r = await parsePublicKey(pem(rsa.publicKey, 'spki'));
    expect(r.ok && r.value).toMatchObject({ algorithm: 'RSA-OAEP-256', keyType: 'RSA 3072' });
    for (const [curve, name] of [
      ['prime256v1', 'P-256'],
      ['secp384r1', 'P-384'],
      ['secp521r1', 'P-521'],
    ] as const) {
      const ec = generateKeyPairSync('ec', { namedCurve: curve });
      const jwk = JSON.stringify(ec.publicKey.export({ format: 'jwk' }));
      const parsed = await parsePublicKey(jwk);
      expect(parsed.ok && parsed.value).toMatchObject({ algorithm: 'ECDH-ES', keyType: `EC ${name}` });
      // The same key as PEM has the same kid (the JWK thumbprint).
      const again = await parsePublicKey(pem(ec.publicKey, 'spki'));
      expect(again.ok && again.value.kid).toBe(parsed.ok && parsed.value.kid);
    }
  });

  it('refuses what is not a key, a private key, a symmetric key, weak RSA and other curves and key types', async () => {
    const codeOf = async (text: string) => {
      const r = await parsePublicKey(text);
      return r.ok ? 'OK' : r.errors[0]!.code;
    };
    const rsa1024 = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const k1 = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
    const ed = generateKeyPairSync('ed25519');
    expect(await codeOf('')).toBe('REQUIRED');
    expect(await codeOf('hallo')).toBe('NOT_A_KEY');
    expect(await codeOf('{"kty":"RSA"}')).toBe('NOT_A_KEY');
    expect(await codeOf('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----')).toBe('NOT_A_KEY');
    expect(await codeOf(pem(rsa1024.publicKey, 'spki'))).toBe('WEAK_KEY');
    expect(await codeOf(pem(ec.privateKey, 'pkcs8'))).toBe('PRIVATE_KEY');
    expect(await codeOf(JSON.stringify(ec.privateKey.export({ format: 'jwk' })))).toBe('PRIVATE_KEY');
    expect(await codeOf('{"kty":"oct","k":"c2VjcmV0"}')).toBe('SYMMETRIC_KEY');
    expect(await codeOf(pem(k1.publicKey, 'spki'))).toBe('UNSUPPORTED_CURVE');
    expect(await codeOf(pem(ed.publicKey, 'spki'))).toBe('UNSUPPORTED_KEY_TYPE');
    const weak = await parsePublicKey(pem(rsa1024.publicKey, 'spki'));
    expect(!weak.ok && weak.errors[0]!.message).toMatch(/te zwak \(1024 bits\)/);
  });

  it('encrypts to the key as JWE compact (A256GCM, kid) that the private key decrypts', async () => {
    for (const pair of [
      generateKeyPairSync('rsa', { modulusLength: 2048 }),
      generateKeyPairSync('ec', { namedCurve: 'secp384r1' }),
    ]) {
      const parsed = await parsePublicKey(pem(pair.publicKey, 'spki'));
      if (!parsed.ok) throw new Error('not parsed');
      const cryptoKey = await importEncryptionKey(parsed.value.jwk, parsed.value.algorithm);
      const jwe = await encryptFor(
        { kid: parsed.value.kid, algorithm: parsed.value.algorithm, cryptoKey },
        '123456782',
      );
      expect(decodeProtectedHeader(jwe)).toMatchObject({
        enc: 'A256GCM',
        kid: parsed.value.kid,
        alg: parsed.value.algorithm,
      });
      const { plaintext } = await compactDecrypt(jwe, pair.privateKey);
      expect(new TextDecoder().decode(plaintext)).toBe('123456782');
    }
  });
});
