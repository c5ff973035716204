import { createPublicKey, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, CompactEncrypt, importJWK, type CryptoKey, type JWK } from 'jose';
import { ok, problem, type Result } from '../../kernel/result.js';
import type { EncryptionAlgorithm } from './api-client.entities.js';

/**
 * A partner's public key for encrypting personal data to it: a JWK or a PEM (SPKI, `-----BEGIN PUBLIC KEY-----`).
 * RSA of at least 2048 bits gets RSA-OAEP-256; an EC key on P-256, P-384 or P-521 gets ECDH-ES. Refused, each with its
 * own Dutch message: text that is no key, a private key (it must never leave the partner), a symmetric key, RSA under
 * 2048 bits and other curves or key types. The key id is the JWK SHA-256 thumbprint (RFC 7638).
 */
export interface ParsedPublicKey {
  jwk: JWK;
  kid: string;
  algorithm: EncryptionAlgorithm;
  /** `RSA 3072`, `EC P-256`. */
  keyType: string;
}

export const MIN_RSA_BITS = 2048;
const CURVES: Record<string, string> = { prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521' };
const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];
const FIELD = 'publicKey';

const NOT_A_KEY =
  'Dit is geen publieke sleutel. Plak een PEM-blok dat begint met -----BEGIN PUBLIC KEY----- of een JWK (JSON).';
const PRIVATE =
  'Dit is een privésleutel. Stuur nooit uw privésleutel: plak alleen de publieke sleutel. Vervang de privésleutel, want hij is niet meer geheim.';

export async function parsePublicKey(text: string): Promise<Result<ParsedPublicKey>> {
  const input = text.trim();
  if (!input) return problem(FIELD, 'REQUIRED', 'Plak de publieke sleutel (PEM of JWK).');
  if (input.length > 20_000) return problem(FIELD, 'TOO_LONG', 'Deze tekst is te lang voor een publieke sleutel.');
  let key: KeyObject;
  if (input.startsWith('{')) {
    let jwk: Record<string, unknown>;
    try {
      jwk = JSON.parse(input) as Record<string, unknown>;
    } catch {
      return problem(FIELD, 'NOT_A_KEY', NOT_A_KEY);
    }
    if (typeof jwk !== 'object' || jwk === null || Array.isArray(jwk)) return problem(FIELD, 'NOT_A_KEY', NOT_A_KEY);
    if (jwk.kty === 'oct')
      return problem(
        FIELD,
        'SYMMETRIC_KEY',
        'Dit is een geheime (symmetrische) sleutel. Plak een publieke RSA- of EC-sleutel.',
      );
    if (PRIVATE_JWK_MEMBERS.some((m) => m in jwk)) return problem(FIELD, 'PRIVATE_KEY', PRIVATE);
    try {
      key = createPublicKey({ key: jwk as never, format: 'jwk' });
    } catch {
      return problem(FIELD, 'NOT_A_KEY', NOT_A_KEY);
    }
  } else {
    if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(input)) return problem(FIELD, 'PRIVATE_KEY', PRIVATE);
    if (!/^-----BEGIN PUBLIC KEY-----[\s\S]+-----END PUBLIC KEY-----$/.test(input))
      return problem(FIELD, 'NOT_A_KEY', NOT_A_KEY);
    try {
      key = createPublicKey({ key: input, format: 'pem' });
    } catch {
      return problem(FIELD, 'NOT_A_KEY', NOT_A_KEY);
    }
  }
  if (key.type !== 'public') return problem(FIELD, 'NOT_A_KEY', NOT_A_KEY);

  let algorithm: EncryptionAlgorithm;
  let keyType: string;
  const details = key.asymmetricKeyDetails ?? {};
  if (key.asymmetricKeyType === 'rsa') {
    const bits = details.modulusLength ?? 0;
    if (bits < MIN_RSA_BITS)
      return problem(
        FIELD,
        'WEAK_KEY',
        `Deze RSA-sleutel is te zwak (${bits} bits). Gebruik een sleutel van minstens ${MIN_RSA_BITS} bits, bij voorkeur 3072 of 4096.`,
      );
    algorithm = 'RSA-OAEP-256';
    keyType = `RSA ${bits}`;
  } else if (key.asymmetricKeyType === 'ec') {
    const curve = CURVES[details.namedCurve ?? ''];
    if (!curve)
      return problem(
        FIELD,
        'UNSUPPORTED_CURVE',
        'Deze EC-sleutel gebruikt een curve die niet wordt ondersteund. Gebruik P-256, P-384 of P-521.',
      );
    algorithm = 'ECDH-ES';
    keyType = `EC ${curve}`;
  } else {
    return problem(
      FIELD,
      'UNSUPPORTED_KEY_TYPE',
      'Dit soort sleutel wordt niet ondersteund. Gebruik een RSA-sleutel (minstens 2048 bits) of een EC-sleutel op P-256, P-384 of P-521.',
    );
  }
  const exported = key.export({ format: 'jwk' }) as JWK;
  const jwk: JWK =
    exported.kty === 'RSA'
      ? { kty: 'RSA', n: exported.n!, e: exported.e! }
      : { kty: 'EC', crv: exported.crv!, x: exported.x!, y: exported.y! };
  const kid = await calculateJwkThumbprint(jwk, 'sha256');
  return ok({ jwk: { ...jwk, kid, alg: algorithm, use: 'enc' }, kid, algorithm, keyType });
}

/** The key, ready for `encryptFor`. */
export async function importEncryptionKey(jwk: JWK, algorithm: EncryptionAlgorithm): Promise<CryptoKey> {
  return (await importJWK({ ...jwk, alg: algorithm }, algorithm)) as CryptoKey;
}

/** A JWE compact string (enc A256GCM, kid header) of `value` for the key. */
export function encryptFor(
  key: { kid: string; algorithm: EncryptionAlgorithm; cryptoKey: CryptoKey },
  value: string,
): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(value))
    .setProtectedHeader({ alg: key.algorithm, enc: 'A256GCM', kid: key.kid, cty: 'text/plain' })
    .encrypt(key.cryptoKey);
}
