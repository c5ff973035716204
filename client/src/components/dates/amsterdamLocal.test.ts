import { describe, expect, it } from 'vitest';
import { amsterdamLocalToIso, isoToAmsterdamLocal } from './amsterdamLocal';

describe('publish moments in Dutch time', () => {
  it('converts winter and summer time both ways', () => {
    expect(amsterdamLocalToIso('2027-01-15T09:00')).toBe('2027-01-15T08:00:00.000Z');
    expect(amsterdamLocalToIso('2027-07-15T09:00')).toBe('2027-07-15T07:00:00.000Z');
    expect(isoToAmsterdamLocal('2027-07-15T07:00:00.000Z')).toBe('2027-07-15T09:00');
    expect(isoToAmsterdamLocal(null)).toBe('');
    expect(amsterdamLocalToIso('gisteren')).toBeNull();
  });
});
