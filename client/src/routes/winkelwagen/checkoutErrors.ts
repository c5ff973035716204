/**
 * What the resident can do about a checkout error. The server's message (Dutch, in the payload) says what is wrong;
 * this adds the next step where the message does not say it already.
 */
const HINTS: Record<string, string> = {
  INSUFFICIENT_BUDGET: 'Verlaag het aantal of haal het product uit uw winkelwagen.',
  NOT_PAYABLE: 'Haal het product uit uw winkelwagen om de rest te bestellen.',
  UNAVAILABLE: '',
  NOT_OFFERED_HERE: '',
  BUDGET_CHANGED: 'Hierboven ziet u het bijgewerkte overzicht.',
  EMPTY: '',
  INVALID_QUANTITY: '',
  TOO_MANY: '',
};

export function checkoutErrorHint(code: string): string {
  return HINTS[code] ?? '';
}
