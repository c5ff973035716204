import { invalid, rule, type Rule } from '@rules/rule';

/**
 * Amounts as people type them ("12,50", "€ 1.250", "7") to integer cents, exactly: the text is split into euros and
 * cents as strings, never through a floating-point number, so "0,29" is 29 cents and not 28.999….
 * Returns null for anything that is not an amount with at most two decimals.
 */
export function parseEuros(input: string): number | null {
  let text = input.trim().replace(/^€\s*/, '').replace(/\s+/g, '');
  if (!text) return null;
  // Dutch notation: "." groups thousands, "," separates the cents. A lone "." with 1–2 digits after it is read as
  // a decimal point too ("12.5"), because that is what someone typing on an English keyboard means.
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(text)) text = text.replace(/\./g, '');
  else if (/^\d+\.\d{1,2}$/.test(text)) text = text.replace('.', ',');
  const match = /^(\d+)(?:,(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const euros = match[1]!.replace(/^0+(?=\d)/, '');
  if (euros.length > 9) return null;
  const cents = (match[2] ?? '').padEnd(2, '0');
  return Number(euros) * 100 + Number(cents);
}

/** Cents to the text of a price field: 1250 → "12,50". */
export function centsToEuroInput(cents: number): string {
  const euros = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100);
  return `${euros},${String(rest).padStart(2, '0')}`;
}

/**
 * A server rule on an amount in cents (`productRules.priceCents`), for a field where people type euros: empty goes to
 * the rule (its "required" message), text that is not an amount gets the one message about how to write it, and an
 * amount is converted to cents and checked by the rule. The form's instant check and its conversion, in one:
 *
 *   const price = inEuros(productRules.priceCents, '12,50');
 *   ruleCheck({ …, priceCents: price });   price.check('12,50') → { ok: true, value: 1250 }
 */
export function inEuros(cents: Rule<number>, example: string): Rule<number> {
  return rule((text) => {
    if (!text.trim()) return cents.check('');
    const parsed = parseEuros(text);
    return parsed === null
      ? invalid('INVALID', `Vul een bedrag in euro’s in, bijvoorbeeld ${example}.`)
      : cents.check(parsed);
  });
}

/**
 * For an instant check with a cents rule (`@rules/…`): the cents of what was typed, or the text itself when it is no
 * amount, so the rule says what is wrong in its own words.
 */
export function centsOrText(input: string): number | string {
  return parseEuros(input) ?? input;
}
