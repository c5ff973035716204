const rules = new Intl.PluralRules('nl-NL');
const number = new Intl.NumberFormat('nl-NL');

/**
 * The one helper for Dutch counts: the singular or plural noun by `Intl.PluralRules('nl-NL')` (1 is "one", the rest,
 * 0 included, "other"). `plural(1, 'aanbieder', 'aanbieders')` → 'aanbieder'. Tiny: public pages load it.
 */
export function plural(n: number, one: string, other: string): string {
  return rules.select(n) === 'one' ? one : other;
}

/** The count with Dutch digit grouping and its noun: "1 aanbieder", "2 aanbieders", "1.234 producten". */
export function countOf(n: number, one: string, other: string): string {
  return `${number.format(n)} ${plural(n, one, other)}`;
}
