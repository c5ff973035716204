import { isValidCardNumber } from './card-number.js';
import { invalid, rule, valid, type Rule } from './rule.js';

/** What a provider types or scans at the counter (kassa-app), recognised: a card number or an order's pickup code. */
export type CounterCode =
  | { kind: 'card'; number: string }
  | { kind: 'pickup'; code: string }
  /** The digital card's QR code (modules/customers/card-token.ts): signed, short-lived; the server checks it. */
  | { kind: 'token'; token: string };

/** A digital card's code starts with this (the server's card-token.ts makes it; the form is checked there). */
export const CARD_TOKEN_PREFIX = 'GWP1.';
const CARD_TOKEN = /^GWP1\.[A-Za-z0-9_-]{48}\.[A-Za-z0-9_-]{22}$/;

/** The alphabet of pickup codes (checkout.service.ts): no 0/O or 1/I. */
const PICKUP_CODE = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/;

/** Spaces and dashes removed, upper case: "6126 7002 09" → "6126700209", "abcd-efgh" → "ABCDEFGH". */
export function compactCounterCode(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/**
 * Digits are a card number (10, with a valid check digit); 8 letters and digits a pickup code. Codes: REQUIRED,
 * INVALID_CARD_NUMBER, INVALID_CODE, INVALID_TOKEN (a digital card's code that is not of its form). The counter screen checks with it before sending; the server decides.
 */
export const counterCodeRule: Rule<CounterCode> = rule<CounterCode>((raw) => {
  const trimmed = raw.trim();
  // A scanned digital card: case and dashes matter, so it is recognised before compacting.
  if (trimmed.startsWith(CARD_TOKEN_PREFIX)) {
    if (CARD_TOKEN.test(trimmed)) return valid({ kind: 'token', token: trimmed });
    return invalid(
      'INVALID_TOKEN',
      'Deze code van de digitale pas is niet geldig. Scan de code opnieuw, of typ het pasnummer.',
    );
  }
  const compact = compactCounterCode(raw);
  if (!compact) return invalid('REQUIRED', 'Vul een pasnummer of afhaalcode in.');
  if (/^\d+$/.test(compact) && compact.length !== 8) {
    if (compact.length !== 10)
      return invalid('INVALID_CARD_NUMBER', 'Een pasnummer heeft 10 cijfers. Controleer het nummer op de pas.');
    if (!isValidCardNumber(compact)) {
      return invalid(
        'INVALID_CARD_NUMBER',
        'Dit pasnummer bestaat niet: het controlecijfer klopt niet. Controleer het nummer op de pas.',
      );
    }
    return valid({ kind: 'card', number: compact });
  }
  if (PICKUP_CODE.test(compact)) return valid({ kind: 'pickup', code: compact });
  return invalid(
    'INVALID_CODE',
    'Dit is geen pasnummer (10 cijfers) en geen afhaalcode (8 letters en cijfers). Controleer wat u heeft ingevuld.',
  );
});
