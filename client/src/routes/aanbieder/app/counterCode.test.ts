import { describe, expect, it } from 'vitest';
import { cardEnding, compactCode, counterCodeProblem, isCardToken } from './counterCode';
import { cameraProblem } from './CameraScanner';
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

describe('the digital card’s code and the camera (issue 30)', () => {
  const token = `GWP1.${'aB-_'.repeat(12)}.${'x'.repeat(22)}`;

  it('keeps a scanned code as it is (case and dashes matter) and checks its form with the server’s rule', () => {
    expect(isCardToken(`  ${token} `)).toBe(true);
    expect(compactCode(` ${token} `)).toBe(token);
    expect(counterCodeProblem(token)).toBeNull();
    expect(counterCodeProblem('GWP1.kapot')).toBe(
      'Deze code van de digitale pas is niet geldig. Scan de code opnieuw, of typ het pasnummer.',
    );
    // A card number still compacts as before.
    expect(compactCode('6126 7002-09')).toBe('6126700209');
  });

  it('answers a refused or missing camera in Dutch, pointing at typing', () => {
    expect(cameraProblem({ name: 'NotAllowedError' })).toMatch(
      /^U heeft de camera niet toegestaan\..*typ het pasnummer/,
    );
    expect(cameraProblem({ name: 'NotFoundError' })).toBe(
      'Er is geen camera gevonden op dit apparaat. Typ het pasnummer of de afhaalcode in.',
    );
    expect(cameraProblem(new Error('x'))).toMatch(/typ het pasnummer of de afhaalcode in\.$/);
  });
});
