import { createHash, randomBytes } from 'node:crypto';

/**
 * API keys: `gwk_<8 hex>_<43 base64url>`, 256 random bits after the prefix. Only the SHA-256 hash of the whole key is
 * stored (a slow password hash is not needed: the key is random, not chosen by a person); the prefix `gwk_<8 hex>`
 * identifies the key in lists and logs. The full key is shown once, when it is made.
 */
export const KEY_SCHEME = 'gwk_';

export function newApiKey(): { key: string; prefix: string; hash: string } {
  const prefix = KEY_SCHEME + randomBytes(4).toString('hex');
  const key = `${prefix}_${randomBytes(32).toString('base64url')}`;
  return { key, prefix, hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The key in an `Authorization: Bearer gwk_…` header, or null when the request carries none of ours. */
export function apiKeyOf(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const token = match?.[1];
  if (!token?.startsWith(KEY_SCHEME) || token.length > 200) return null;
  return token;
}
