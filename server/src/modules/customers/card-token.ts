import { createHmac, timingSafeEqual } from 'node:crypto';
import { CARD_TOKEN_PREFIX } from '../../rules/counter.js';

/**
 * The digital card's QR code (issue 30): a short-lived, signed token, never the bare card number. It carries the
 * card's id, its municipality's id and when it stops working; an HMAC-SHA256 (truncated to 128 bits) with a key
 * derived from the session secret signs it. Compact, so the QR code stays small and easy to scan:
 *
 *   GWP1.<base64url(card id 16 bytes | municipality id 16 bytes | expiry in seconds since 1970, 4 bytes)>.<base64url(mac 16 bytes)>
 *
 * The token proves which card it was made for and until when; whether the card may still be used (blocked, replaced)
 * is checked at every look-up against the database, so blocking or replacing a card voids its tokens at once.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN = /^GWP1\.([A-Za-z0-9_-]{48})\.([A-Za-z0-9_-]{22})$/;

export interface CardTokenClaims {
  cardId: string;
  municipalityId: string;
  expiresAt: Date;
}

export type CardTokenCheck =
  | { ok: true; claims: CardTokenClaims }
  | { ok: false; reason: 'MALFORMED' | 'TAMPERED' }
  | { ok: false; reason: 'EXPIRED'; claims: CardTokenClaims };

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** Signs and checks card tokens with one key (made from the session secret by the composition root). */
export class CardTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    // A key of its own, so a card token's MAC is never a valid MAC of anything else signed with the session secret.
    this.key = createHmac('sha256', secret).update('gemeentewinkel:card-token:v1').digest();
  }

  sign(claims: CardTokenClaims): string {
    if (!UUID.test(claims.cardId) || !UUID.test(claims.municipalityId)) throw new Error('card token needs uuids');
    const expiry = Buffer.alloc(4);
    expiry.writeUInt32BE(Math.floor(claims.expiresAt.getTime() / 1000));
    const body = Buffer.concat([uuidBytes(claims.cardId), uuidBytes(claims.municipalityId), expiry]).toString(
      'base64url',
    );
    return `${CARD_TOKEN_PREFIX}${body}.${this.mac(body)}`;
  }

  /** Checks the form and the signature first (a tampered token says nothing), then the expiry against `now`. */
  verify(token: string, now: Date): CardTokenCheck {
    const match = TOKEN.exec(token.trim());
    if (!match) return { ok: false, reason: 'MALFORMED' };
    const [, body, mac] = match as unknown as [string, string, string];
    // Compared as text: base64url has spare bits in its last character, so bytes alone would accept other spellings.
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'TAMPERED' };
    const bytes = Buffer.from(body, 'base64url');
    if (bytes.length !== 36) return { ok: false, reason: 'TAMPERED' };
    const claims: CardTokenClaims = {
      cardId: uuidOf(bytes.subarray(0, 16)),
      municipalityId: uuidOf(bytes.subarray(16, 32)),
      expiresAt: new Date(bytes.readUInt32BE(32) * 1000),
    };
    if (claims.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'EXPIRED', claims };
    return { ok: true, claims };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest().subarray(0, 16).toString('base64url');
  }
}
