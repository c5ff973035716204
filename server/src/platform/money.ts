const euro = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });

/** "€ 12,50" with a plain space (messages are plain text, also used in e-mail later). */
export function money(cents: number): string {
  return euro.format(cents / 100).replace(/\u00a0/g, ' ');
}
