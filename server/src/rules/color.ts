import { invalid, rule, valid, type Rule } from './rule.js';

/** WCAG 2.x: normal text needs a contrast ratio of at least 4.5:1. The primary colour carries white text. */
export const MIN_CONTRAST_WITH_WHITE = 4.5;

/** `#1a2b3c` (or `#abc`) as lower-case six-digit hex, or null when it is not a hex colour. */
export function parseHexColor(text: string): string | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text.trim());
  if (!m) return null;
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return `#${hex.toLowerCase()}`;
}

/** WCAG relative luminance of a six-digit hex colour. */
export function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** The WCAG contrast ratio of two six-digit hex colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [l1, l2] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
}

/** The ratio rounded down to two decimals, in Dutch notation ("3,94"): rounding down never shows a pass that fails. */
export function formatRatio(ratio: number): string {
  return (Math.floor(ratio * 100) / 100).toFixed(2).replace('.', ',');
}

/**
 * The site's primary colour (instellingen/algemeen): a hex colour with at least 4.5:1 contrast with white, since
 * buttons and links in that colour carry white text or stand on white. The message names the ratio it has.
 */
export const primaryColor: Rule<string> = rule((text) => {
  const hex = parseHexColor(text);
  if (!hex) return invalid('INVALID', 'Vul een kleur in als hexadecimale code, bijvoorbeeld #1f5fa8.');
  const ratio = contrastRatio(hex, '#ffffff');
  if (ratio < MIN_CONTRAST_WITH_WHITE) {
    return invalid(
      'CONTRAST',
      `Deze kleur heeft te weinig contrast met wit: ${formatRatio(ratio)}:1. Kies een donkerder kleur met minstens 4,5:1.`,
    );
  }
  return valid(hex);
});
