import { CARD_TOKEN_PREFIX, compactCounterCode, counterCodeRule } from '@rules/counter';
import { messageOf } from '@rules/rule';

/**
 * Spaces and dashes removed, upper case (the server's own normalisation, rules/counter.ts); a digital card's code
 * (case and dashes matter) only trimmed.
 */
export function compactCode(value: string): string {
  return isCardToken(value) ? value.trim() : compactCounterCode(value);
}

/** Whether the value is a digital card's QR code (scanned from /account/pas) rather than a number or pickup code. */
export function isCardToken(value: string): boolean {
  return value.trim().startsWith(CARD_TOKEN_PREFIX);
}

/** The server's Dutch message when the input cannot be a card number or a pickup code; null when it may be one. */
export function counterCodeProblem(value: string): string | null {
  return messageOf(counterCodeRule, value);
}

/** "pas eindigend op 0209": never the whole number on screen after the look-up. */
export function cardEnding(value: string): string {
  return compactCode(value).slice(-4);
}
