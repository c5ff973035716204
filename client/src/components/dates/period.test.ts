import { describe, expect, it } from 'vitest';
import { formatPeriod, periodSentence } from './period';

describe('formatPeriod', () => {
  it('says a period in Dutch, naming a shared month and year once', () => {
    expect(formatPeriod('2026-11-01', '2026-11-29')).toBe('1 tot en met 29 november 2026');
    expect(formatPeriod('2026-10-30', '2026-11-29')).toBe('30 oktober tot en met 29 november 2026');
    expect(formatPeriod('2025-12-15', '2026-01-10')).toBe('15 december 2025 tot en met 10 januari 2026');
    expect(formatPeriod('2026-03-29', '2026-03-29')).toBe('29 maart 2026');
  });

  it('keeps the calendar day whatever the time zone (the last Sunday of March and October included)', () => {
    expect(formatPeriod('2026-03-29', '2026-10-25')).toBe('29 maart tot en met 25 oktober 2026');
  });

  it('says an open period with "vanaf" or "tot en met", and nothing without either end', () => {
    expect(formatPeriod('2026-11-01', null)).toBe('vanaf 1 november 2026');
    expect(formatPeriod(null, '2026-11-29')).toBe('tot en met 29 november 2026');
    expect(formatPeriod(null, undefined)).toBeNull();
    expect(formatPeriod('2026-13-01', 'nonsense')).toBeNull();
  });
});

describe('periodSentence', () => {
  it('puts the subject before the period', () => {
    expect(periodSentence('Betalingen', '2026-11-01', '2026-11-29', 'Alle betalingen')).toBe(
      'Betalingen van 1 tot en met 29 november 2026',
    );
    expect(periodSentence('Betalingen', '2026-11-01', null, 'Alle betalingen')).toBe(
      'Betalingen vanaf 1 november 2026',
    );
    expect(periodSentence('Betalingen', null, '2026-11-29', 'Alle betalingen')).toBe(
      'Betalingen tot en met 29 november 2026',
    );
    expect(periodSentence('Betalingen', null, null, 'Alle betalingen')).toBe('Alle betalingen');
  });
});
