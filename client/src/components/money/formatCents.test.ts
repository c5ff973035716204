import { describe, expect, it } from 'vitest';
import { formatCents } from './formatCents';

// Intl separates the euro sign from the amount with a no-break space (U+00A0).
const nbsp = '\u00a0';

describe('formatCents', () => {
  it('formats euro cents the Dutch way', () => {
    expect(formatCents(1250)).toBe(`€${nbsp}12,50`);
    expect(formatCents(0)).toBe(`€${nbsp}0,00`);
    expect(formatCents(5)).toBe(`€${nbsp}0,05`);
    expect(formatCents(100)).toBe(`€${nbsp}1,00`);
  });

  it('groups thousands with a dot', () => {
    expect(formatCents(1_000_000)).toBe(`€${nbsp}10.000,00`);
    expect(formatCents(123_456_789)).toBe(`€${nbsp}1.234.567,89`);
  });

  it('shows negative amounts (refunds) with a minus sign', () => {
    expect(formatCents(-1250)).toBe(`€${nbsp}-12,50`);
  });

  it('reads as "€ 12,50" once the no-break space is a normal space', () => {
    expect(formatCents(1250).replace(/\u00a0/g, ' ')).toBe('€ 12,50');
  });

  it('returns an empty string for values that are not numbers', () => {
    expect(formatCents(Number.NaN)).toBe('');
    expect(formatCents(Number.POSITIVE_INFINITY)).toBe('');
  });
});
