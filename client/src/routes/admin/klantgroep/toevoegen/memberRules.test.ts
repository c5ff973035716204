import { describe, expect, it } from 'vitest';
import { isValidBsn, memberRules } from '@rules/person';
import { ruleCheck } from '@/components/forms/ruleCheck';

/** The instant check of the add-member form: the server's own rules, with a fixed day as "today". */
const validateMember = ruleCheck(memberRules('2026-06-01'));
type MemberValues = Record<keyof ReturnType<typeof memberRules>, string>;

const valid: MemberValues = {
  firstName: 'Noor',
  lastName: 'de Vries',
  dateOfBirth: '2016-05-04',
  externalIdentifier: '',
  email: '',
  phone: '',
  bsn: '',
};

describe('new household member checks', () => {
  it('accepts a complete member and one with only the required fields', () => {
    expect(validateMember(valid)).toEqual({});
    expect(validateMember({ ...valid, email: 'noor@voorbeeld.nl', phone: '06 1234 5678', bsn: '111.222.333' })).toEqual(
      {},
    );
  });

  it('checks the BSN with the elfproef', () => {
    expect(isValidBsn('111222333')).toBe(true);
    expect(isValidBsn('123456789')).toBe(false);
    expect(isValidBsn('000000000')).toBe(false);
    expect(validateMember({ ...valid, bsn: '123456789' }).bsn).toMatch(/elfproef/);
    expect(validateMember({ ...valid, bsn: '1234' }).bsn).toBe('Een burgerservicenummer bestaat uit 9 cijfers.');
  });

  it('names the fields that are wrong, in Dutch', () => {
    expect(validateMember({ ...valid, firstName: ' ', dateOfBirth: '2999-01-01', email: 'x', phone: '12' })).toEqual({
      firstName: 'Vul de voornaam in.',
      dateOfBirth: 'De geboortedatum kan niet in de toekomst liggen.',
      email: 'Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.',
      phone: 'Vul een geldig telefoonnummer in, bijvoorbeeld 06 12345678 of 020 123 4567.',
    });
  });
});
