const euro = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });

/**
 * Formats an amount in euro cents the Dutch way: 1250 → "€ 12,50".
 * (Intl puts a no-break space between the sign and the amount, so it never wraps.)
 */
export function formatCents(cents: number): string {
  if (!Number.isFinite(cents)) return '';
  return euro.format(Math.round(cents) / 100);
}
