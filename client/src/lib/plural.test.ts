import { describe, expect, it } from 'vitest';
import { countOf, plural } from './plural';

describe('plural', () => {
  it('chooses the singular for 1 and the plural otherwise, 0 included', () => {
    expect(plural(1, 'bestelling', 'bestellingen')).toBe('bestelling');
    expect(plural(0, 'bestelling', 'bestellingen')).toBe('bestellingen');
    expect(plural(2, 'bestelling', 'bestellingen')).toBe('bestellingen');
    expect(plural(1.5, 'dag', 'dagen')).toBe('dagen');
  });
});

describe('countOf', () => {
  it('writes the count with Dutch digit grouping and its noun', () => {
    expect(countOf(1, 'aanbieder', 'aanbieders')).toBe('1 aanbieder');
    expect(countOf(2, 'aanbieder', 'aanbieders')).toBe('2 aanbieders');
    expect(countOf(0, 'product', 'producten')).toBe('0 producten');
    expect(countOf(1234, 'product', 'producten')).toBe('1.234 producten');
  });
});
