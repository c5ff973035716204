import { invalid, optional, rule, valid, type Rule } from './rule.js';
import { text } from './text.js';
import { email, phone } from './contact.js';
import { isoDate } from './arrangement.js';

/** A content page (hoe werkt het, privacy, toegankelijkheid, voorwaarden) as editors write it. */
export const CONTENT_PAGE_LIMITS = {
  titleMin: 2,
  titleMax: 120,
  bodyMax: 50_000,
  problemsMax: 30,
  problemMax: 500,
  methodMax: 500,
} as const;

/**
 * Script in the text: a raw HTML tag that runs code (`<script>`, `<iframe>`, an `on…=` handler) or a link whose
 * target runs code (`javascript:`, `vbscript:`, `data:`). The renderer never lets these through (markdown.ts), but an
 * editor who typed them meant something the page will not do, so the text is refused with a message instead of being
 * published differently from what was written.
 */
const SCRIPT_TAG = /<\s*\/?\s*(script|iframe|object|embed|style)\b|<[^>]*\son[a-z]+\s*=/i;
// Browsers strip white space and control characters inside the scheme ("java\tscript:").
const UNSAFE_LINK =
  /\]\(\s*<?\s*(j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t|v\s*b\s*s\s*c\s*r\s*i\s*p\s*t|d\s*a\s*t\s*a)\s*:/i;
const UNSAFE_BARE = /(^|[\s<(])(javascript|vbscript):/i;

export const pageBody: Rule<string> = rule((raw) => {
  const checked = text({
    required: 'Vul de tekst van de pagina in.',
    max: CONTENT_PAGE_LIMITS.bodyMax,
    shape: 'multiline',
    subject: 'De tekst',
  }).check(raw);
  if (!checked.ok) return checked;
  if (SCRIPT_TAG.test(checked.value))
    return invalid(
      'UNSAFE_MARKUP',
      'De tekst bevat HTML-code die een script kan uitvoeren (zoals <script>). Haal die weg; gebruik de knoppen boven het tekstvak voor opmaak.',
    );
  if (UNSAFE_LINK.test(checked.value) || UNSAFE_BARE.test(checked.value))
    return invalid(
      'UNSAFE_LINK',
      'De tekst bevat een link die een script uitvoert (javascript:). Gebruik alleen links die beginnen met https://, mailto: of tel:.',
    );
  return valid(checked.value);
});

export const contentPageRules = {
  title: text({
    required: 'Vul een titel in.',
    min: CONTENT_PAGE_LIMITS.titleMin,
    max: CONTENT_PAGE_LIMITS.titleMax,
    subject: 'De titel',
  }),
  body: pageBody,
} as const;

/** The status of the accessibility statement, as the Dutch model statement names it. */
export const ACCESSIBILITY_STATUSES = ['COMPLIANT', 'PARTIALLY_COMPLIANT', 'NOT_COMPLIANT'] as const;
export type AccessibilityStatusCode = (typeof ACCESSIBILITY_STATUSES)[number];
export const ACCESSIBILITY_STATUS_LABELS: Record<AccessibilityStatusCode, string> = {
  COMPLIANT: 'Voldoet',
  PARTIALLY_COMPLIANT: 'Voldoet gedeeltelijk',
  NOT_COMPLIANT: 'Voldoet niet',
};

export const accessibilityRules = {
  status: rule((raw) =>
    ACCESSIBILITY_STATUSES.includes(String(raw ?? '') as AccessibilityStatusCode)
      ? valid(String(raw) as AccessibilityStatusCode)
      : invalid('REQUIRED', 'Kies de status: voldoet, voldoet gedeeltelijk of voldoet niet.'),
  ),
  reviewedOn: isoDate('Vul de datum van het laatste onderzoek in (dag, maand en jaar).'),
  reviewMethod: text({
    required: 'Beschrijf hoe de website is onderzocht (bijvoorbeeld een onderzoek door een deskundige).',
    max: CONTENT_PAGE_LIMITS.methodMax,
    shape: 'multiline',
    subject: 'De onderzoeksmethode',
  }),
  contactEmail: email('Vul het e-mailadres in waar bezoekers een probleem kunnen melden.'),
  contactPhone: optional(phone('Vul het telefoonnummer in.'), ''),
  problemDescription: text({
    required: 'Beschrijf het probleem.',
    max: CONTENT_PAGE_LIMITS.problemMax,
    shape: 'multiline',
    subject: 'De beschrijving van het probleem',
  }),
  problemFix: text({
    required: 'Beschrijf wat er aan het probleem gebeurt en wanneer.',
    max: CONTENT_PAGE_LIMITS.problemMax,
    shape: 'multiline',
    subject: 'De geplande oplossing',
  }),
} as const;
