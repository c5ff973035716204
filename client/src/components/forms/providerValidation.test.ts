import { describe, expect, it } from 'vitest';
import { validateIban, validateKvk, validateNewPassword, validatePhone, validatePostcode, validateWebsite } from './providerValidation';

describe('provider validation (mirrors the server)', () => {
  it('checks IBANs with their mod-97 check digits', () => {
    expect(validateIban('NL91 ABNA 0417 1643 00')).toBeNull();
    expect(validateIban('nl91abna0417164300')).toBeNull();
    expect(validateIban('DE89 3704 0044 0532 0130 00')).toBeNull();
    expect(validateIban('NL91 ABNA 0417 1643 01')).toMatch(/Dit IBAN klopt niet/);
    expect(validateIban('')).toMatch(/Vul het IBAN in/);
  });

  it('checks KvK numbers, postcodes, phone numbers and websites', () => {
    expect(validateKvk('1234 5678')).toBeNull();
    expect(validateKvk('1234567')).toBe('Een KvK-nummer bestaat uit 8 cijfers.');
    expect(validatePostcode('1234ab')).toBeNull();
    expect(validatePostcode('0123 AB')).toMatch(/1234 AB/);
    expect(validatePostcode('1234 SS')).toMatch(/1234 AB/);
    expect(validatePhone('020 123 4567')).toBeNull();
    expect(validatePhone('+31 20 123 4567')).toBeNull();
    expect(validatePhone('12345')).toMatch(/geldig telefoonnummer/);
    expect(validateWebsite('')).toBeNull();
    expect(validateWebsite('https://www.club.nl')).toBeNull();
    expect(validateWebsite('javascript:alert(1)')).toMatch(/webadres/);
  });

  it('asks for passwords of at least 12 characters, without composition rules', () => {
    expect(validateNewPassword('korte-zin')).toMatch(/minstens 12 tekens/);
    expect(validateNewPassword('alleen kleine letters')).toBeNull();
  });
});
