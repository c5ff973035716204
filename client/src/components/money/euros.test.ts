import { describe, expect, it } from 'vitest';
import { centsToEuroInput, parseEuros } from './euros';

describe('parseEuros', () => {
  it('converts Dutch amounts to cents exactly', () => {
    expect(parseEuros('12,50')).toBe(1250);
    expect(parseEuros('0,29')).toBe(29);
    expect(parseEuros('0,01')).toBe(1);
    expect(parseEuros('1,1')).toBe(110);
    expect(parseEuros('7')).toBe(700);
    expect(parseEuros(' € 10.000,00 ')).toBe(1_000_000);
    expect(parseEuros('1.250')).toBe(125_000);
    expect(parseEuros('12.50')).toBe(1250);
    expect(parseEuros('19,99')).toBe(1999);
    expect(parseEuros('4,35')).toBe(435); // 4.35 * 100 is 434.99999999999994 in floating point
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '12,505', '-5', '1,2,3', '12,', ',50', '1e3', '12.345,6.7', '9999999999']) {
      expect(parseEuros(bad), bad).toBeNull();
    }
  });

  it('formats cents for the input field', () => {
    expect(centsToEuroInput(1250)).toBe('12,50');
    expect(centsToEuroInput(1)).toBe('0,01');
    expect(centsToEuroInput(1_000_000)).toBe('10000,00');
    expect(parseEuros(centsToEuroInput(435))).toBe(435);
  });
});
