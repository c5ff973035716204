import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * BSN handling. At rest a BSN is AES-256-GCM encrypted (authenticated: tampering is detected) under a key id, so keys
 * can rotate: new values use the first key, old values stay readable with any configured key. A keyed hash (HMAC-SHA256)
 * finds a person at DigiD log-in without decrypting anything. Shown to people only masked.
 */
export interface BsnKeys {
  keys: { id: string; key: Buffer }[];
  hashKey: string;
}

/** The elfproef lives with the other shared rules (src/rules/person.ts). */
export { isValidBsn } from '../rules/person.js';

/** Random IVs drawn from the CSPRNG 4,096 at a time (an import encrypts a BSN on each of its rows). */
let ivPool = Buffer.alloc(0);
function freshIv(): Buffer {
  if (ivPool.length < 12) ivPool = randomBytes(12 * 4096);
  const iv = ivPool.subarray(0, 12);
  ivPool = ivPool.subarray(12);
  return iv;
}

export function encryptBsn(bsn: string, keys: BsnKeys): string {
  const { id, key } = keys.keys[0]!;
  const iv = freshIv();
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(id));
  const ct = Buffer.concat([cipher.update(bsn, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return ['v1', id, iv.toString('base64'), tag.toString('base64'), ct.toString('base64')].join(':');
}

export function decryptBsn(stored: string, keys: BsnKeys): string {
  const [version, id, iv, tag, ct] = stored.split(':');
  if (version !== 'v1' || !id || !iv || !tag || !ct) throw new Error('unknown BSN ciphertext format');
  const entry = keys.keys.find((k) => k.id === id);
  if (!entry) throw new Error(`no BSN key with id ${id}`);
  const decipher = createDecipheriv('aes-256-gcm', entry.key, Buffer.from(iv, 'base64'));
  decipher.setAAD(Buffer.from(id));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64')), decipher.final()]).toString('utf8');
}

export function hashBsn(bsn: string, keys: BsnKeys): string {
  return createHmac('sha256', keys.hashKey).update(bsn).digest('hex');
}

/** `*****1234`: only the last four digits. */
export function maskBsn(bsn: string): string {
  return '*****' + bsn.slice(-4);
}
