import { invalid, rule, valid, type Rule } from './rule.js';
import { integer, length, normaliseLines, text } from './text.js';

/** A product as a provider edits it, and the reason staff give when they reject one (DESIGN.md section 4). */
export const PRODUCT_LIMITS = {
  titleMin: 3,
  titleMax: 120,
  priceMinCents: 1,
  priceMaxCents: 1_000_000,
  descriptionMax: 10_000,
  reasonMin: 5,
  reasonMax: 2000,
} as const;

const L = PRODUCT_LIMITS;

/** A product without a (known) category: none chosen, or one that does not exist. */
export const CHOOSE_CATEGORY = 'Kies een categorie.';

export const productRules = {
  title: text({ required: 'Vul een titel in.', min: L.titleMin, max: L.titleMax, subject: 'De titel' }),
  description: text({ max: L.descriptionMax, shape: 'multiline', subject: 'De omschrijving' }),
  /** In cents: the client converts the euros people type (12,50) to cents first. */
  priceCents: integer({
    min: L.priceMinCents,
    max: L.priceMaxCents,
    required: 'Vul een prijs in.',
    message: 'De prijs moet tussen € 0,01 en € 10.000,00 liggen.',
  }),
  /** One must be chosen; the server also checks that it exists (with the same message). */
  categoryId: rule((raw) => (raw.trim() ? valid(raw.trim()) : invalid('REQUIRED', CHOOSE_CATEGORY))),
} as const;

/** Why a product is rejected; the provider reads it. */
export const rejectionReason: Rule<string> = rule((raw) => {
  const value = normaliseLines(raw);
  if (length(value) < L.reasonMin) {
    return invalid(
      'REQUIRED',
      `Geef de reden van afkeuren (minstens ${L.reasonMin} tekens). De aanbieder ziet deze reden.`,
    );
  }
  if (length(value) > L.reasonMax) return invalid('LENGTH', 'De reden mag hoogstens 2.000 tekens lang zijn.');
  return valid(value);
});
