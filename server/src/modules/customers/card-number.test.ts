import { describe, expect, it } from 'vitest';
import { isValidCardNumber, makeCardNumber } from './card-number.js';

describe('card numbers', () => {
  it('adds a check digit that catches single-digit typos and neighbour swaps', () => {
    const n = makeCardNumber('123456789');
    expect(n).toHaveLength(10);
    expect(isValidCardNumber(n)).toBe(true);
    for (let i = 0; i < 10; i++) {
      const typo = n.slice(0, i) + String((Number(n[i]) + 1) % 10) + n.slice(i + 1);
      expect(isValidCardNumber(typo)).toBe(false);
    }
    const swapped = n[1]! + n[0]! + n.slice(2);
    if (swapped !== n) expect(isValidCardNumber(swapped)).toBe(false);
  });

  it('accepts spaces as typed at a counter and refuses other input', () => {
    const n = makeCardNumber('000000001');
    expect(isValidCardNumber(`${n.slice(0, 4)} ${n.slice(4)}`)).toBe(true);
    expect(isValidCardNumber('abc')).toBe(false);
    expect(() => makeCardNumber('12')).toThrow();
  });
});
