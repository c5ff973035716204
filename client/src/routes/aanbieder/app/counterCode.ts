/**
 * The counter's input, checked in the browser the way the server checks it (server: counter.service.ts), so a typo
 * in a card number is reported before anything is sent.
 */

function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

const PICKUP_CODE = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/;

/** Spaces and dashes removed, upper case. */
export function compactCode(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/** A Dutch message when the input cannot be a card number or a pickup code; null when it may be one. */
export function counterCodeProblem(value: string): string | null {
  const code = compactCode(value);
  if (!code) return 'Vul een pasnummer of afhaalcode in.';
  if (/^\d+$/.test(code) && code.length !== 8) {
    if (code.length !== 10) return 'Een pasnummer heeft 10 cijfers. Controleer het nummer op de pas.';
    if (luhnCheckDigit(code.slice(0, 9)) !== Number(code[9])) {
      return 'Dit pasnummer bestaat niet: het controlecijfer klopt niet. Controleer het nummer op de pas.';
    }
    return null;
  }
  if (PICKUP_CODE.test(code)) return null;
  return 'Dit is geen pasnummer (10 cijfers) en geen afhaalcode (8 letters en cijfers). Controleer wat u heeft ingevuld.';
}

/** "pas eindigend op 0209": never the whole number on screen after the look-up. */
export function cardEnding(value: string): string {
  return compactCode(value).slice(-4);
}
