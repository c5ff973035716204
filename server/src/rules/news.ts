import { optional, invalid, rule, valid } from './rule.js';
import { text } from './text.js';

/** News articles (beheer/nieuws) and managed links (beheer/links), as staff edit them. */
export const NEWS_LIMITS = {
  titleMin: 3,
  titleMax: 120,
  summaryMax: 300,
  bodyMax: 20_000,
  slugMax: 100,
  imageAltMax: 200,
} as const;

export const LINK_LIMITS = { labelMin: 2, labelMax: 60, urlMax: 500 } as const;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** An optional slug: lower-case letters, digits and single hyphens ('' means: made from the title). */
export const slugRule = rule<string>((raw) => {
  const value = raw.trim();
  if (!value) return valid('');
  if (value.length > NEWS_LIMITS.slugMax || !SLUG.test(value))
    return invalid(
      'INVALID',
      `De slug bestaat uit kleine letters, cijfers en streepjes (hoogstens ${NEWS_LIMITS.slugMax} tekens), bijvoorbeeld ‘nieuwe-regeling-2027’.`,
    );
  return valid(value);
});

export const newsArticleRules = {
  title: text({
    required: 'Vul een titel in.',
    min: NEWS_LIMITS.titleMin,
    max: NEWS_LIMITS.titleMax,
    subject: 'De titel',
  }),
  slug: slugRule,
  summary: text({
    required: 'Vul een korte samenvatting in.',
    max: NEWS_LIMITS.summaryMax,
    subject: 'De samenvatting',
  }),
  body: text({
    required: 'Vul de tekst van het bericht in.',
    max: NEWS_LIMITS.bodyMax,
    shape: 'multiline',
    subject: 'De tekst',
  }),
  imageAlt: text({ max: NEWS_LIMITS.imageAltMax, subject: 'De beschrijving van de afbeelding' }),
} as const;

/** A link target: a web address (https or http) or a path on this site ("/nieuws"). */
export const linkUrlRule = rule<string>((raw) => {
  const value = raw.trim();
  if (!value) return invalid('REQUIRED', 'Vul een adres in.');
  if (value.length > LINK_LIMITS.urlMax)
    return invalid('LENGTH', `Het adres mag hoogstens ${LINK_LIMITS.urlMax} tekens lang zijn.`);
  if (/^\/(?!\/)[^\s]*$/.test(value)) return valid(value);
  try {
    const url = new URL(value);
    if ((url.protocol === 'https:' || url.protocol === 'http:') && !/\s/.test(value)) return valid(value);
  } catch {
    // falls through to the message below
  }
  return invalid(
    'INVALID',
    'Vul een webadres in dat begint met https:// (of http://), of een pad op deze website dat begint met /.',
  );
});

export const linkRules = {
  label: text({
    required: 'Vul de tekst van de link in.',
    min: LINK_LIMITS.labelMin,
    max: LINK_LIMITS.labelMax,
    subject: 'De tekst',
  }),
  url: linkUrlRule,
} as const;

export { optional };
