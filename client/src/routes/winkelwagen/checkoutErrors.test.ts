import { describe, expect, it } from 'vitest';
import { checkoutErrorHint } from './checkoutErrors';

describe('checkoutErrorHint', () => {
  it('adds the next step for errors the resident can fix in the cart', () => {
    expect(checkoutErrorHint('INSUFFICIENT_BUDGET')).toMatch(/aantal/);
    expect(checkoutErrorHint('BUDGET_CHANGED')).toMatch(/bijgewerkte overzicht/);
    expect(checkoutErrorHint('SOMETHING_NEW')).toBe('');
  });
});
