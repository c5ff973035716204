import { luhnCheckDigit } from '../../rules/card-number.js';

/** The check digit and the validity check are shared with the client (rules/card-number.ts). */
export { isValidCardNumber, luhnCheckDigit } from '../../rules/card-number.js';

export function makeCardNumber(nineDigits: string): string {
  if (!/^\d{9}$/.test(nineDigits)) throw new Error('card number body must be 9 digits');
  return nineDigits + String(luhnCheckDigit(nineDigits));
}
