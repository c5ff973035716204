import { describe, expect, it } from 'vitest';
import { cardEnding, compactCode, counterCodeProblem } from './counterCode';
import { linesSummary, statusFromParam } from '@/components/orders/orderFilters';

describe('the counter input (the server’s rule, @rules/counter)', () => {
  it('accepts a card number with a valid check digit, with or without spaces', () => {
    expect(counterCodeProblem('6126700209')).toBeNull();
    expect(counterCodeProblem('6126 700 209')).toBeNull();
    expect(compactCode(' 6126-700 209 ')).toBe('6126700209');
    expect(cardEnding('6126 700 209')).toBe('0209');
  });

  it('refuses a mistyped card number in Dutch', () => {
    expect(counterCodeProblem('6126700208')).toBe(
      'Dit pasnummer bestaat niet: het controlecijfer klopt niet. Controleer het nummer op de pas.',
    );
    expect(counterCodeProblem('612670020')).toBe('Een pasnummer heeft 10 cijfers. Controleer het nummer op de pas.');
    expect(counterCodeProblem('')).toBe('Vul een pasnummer of afhaalcode in.');
  });

  it('accepts a pickup code in any case, and refuses other text', () => {
    expect(counterCodeProblem('abcd efgh')).toBeNull();
    expect(counterCodeProblem('23456789')).toBeNull();
    expect(counterCodeProblem('ABCDEFG0')).toMatch(/^Dit is geen pasnummer/);
    expect(counterCodeProblem('hallo')).toMatch(/^Dit is geen pasnummer/);
  });
});

describe('order list helpers', () => {
  it('reads a Dutch status from the URL, and nothing else', () => {
    expect(statusFromParam('geaccepteerd')).toBe('ACCEPTED');
    expect(statusFromParam('ACCEPTED')).toBeNull();
    expect(statusFromParam(null)).toBeNull();
  });

  it('summarises order lines', () => {
    expect(
      linesSummary([
        { title: 'Judo', quantity: 2 },
        { title: 'Zwemles', quantity: 1 },
      ]),
    ).toBe('2 × Judo, 1 × Zwemles');
  });
});
