import { compactCounterCode, counterCodeRule } from '@rules/counter';
import { messageOf } from '@rules/rule';

/** Spaces and dashes removed, upper case (the server's own normalisation, rules/counter.ts). */
export const compactCode = compactCounterCode;

/** The server's Dutch message when the input cannot be a card number or a pickup code; null when it may be one. */
export function counterCodeProblem(value: string): string | null {
  return messageOf(counterCodeRule, value);
}

/** "pas eindigend op 0209": never the whole number on screen after the look-up. */
export function cardEnding(value: string): string {
  return compactCode(value).slice(-4);
}
