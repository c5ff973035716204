import { describe, expect, it } from 'vitest';
// The modules by their own path, to show that the alias gives the very same ones.
// eslint-disable-next-line no-restricted-imports
import * as sharedProvider from '../../../../server/src/rules/provider';
// eslint-disable-next-line no-restricted-imports
import * as sharedPassword from '../../../../server/src/rules/password';
import { providerRules as viaAlias } from '@rules/provider';
import {
  providerRules,
  PASSWORD_HINT,
  validateIban,
  validateKvk,
  validateNewPassword,
  validateOrganisation,
  validatePhone,
  validatePostcode,
  validateWebsite,
} from './providerValidation';

describe('provider validation: the server’s rules, not a copy', () => {
  it('runs the very rule objects of server/src/rules (same module, through the @rules alias)', () => {
    expect(providerRules).toBe(sharedProvider.providerRules);
    expect(viaAlias).toBe(sharedProvider.providerRules);
    expect(PASSWORD_HINT).toBe(sharedPassword.PASSWORD_HINT);
  });

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

  it('checks a whole organisation at once, in form order', () => {
    const problems = validateOrganisation({
      name: 'Club',
      kvkNumber: '1',
      street: 'Dorpsstraat',
      postcode: '1234AB',
      city: 'Ede',
      email: 'info@club.nl',
      phone: '0201234567',
      iban: 'NL91ABNA0417164300',
      description: '',
      website: '',
    });
    expect(Object.keys(problems)).toEqual(['kvkNumber', 'street']);
  });

  it('asks for passwords of at least 12 characters, without composition rules', () => {
    expect(validateNewPassword('korte-zin')).toMatch(/minstens 12 tekens/);
    expect(validateNewPassword('alleen kleine letters')).toBeNull();
  });
});
