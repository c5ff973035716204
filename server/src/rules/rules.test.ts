import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_MEGABYTES, imageFileProblem, imageHint, imageTooLargeMessage } from './image.js';
import {
  bsn,
  categoryRules,
  checkAll,
  checkProviderDetails,
  dateOfBirth,
  email,
  iban,
  isValidBsn,
  kvkNumber,
  messageOf,
  newPassword,
  optional,
  phone,
  postcode,
  productRules,
  rejectionReason,
  text,
} from './index.js';

describe('the shared validation rules', () => {
  it('normalise what people type', () => {
    expect(postcode().check('1234ab')).toEqual({ ok: true, value: '1234 AB' });
    expect(kvkNumber().check('12.345.678')).toEqual({ ok: true, value: '12345678' });
    expect(phone().check('0031 20 123 4567')).toEqual({ ok: true, value: '+31201234567' });
    expect(iban().check('nl91 abna 0417 1643 00')).toEqual({ ok: true, value: 'NL91ABNA0417164300' });
    expect(email().check('  Naam@Voorbeeld.NL ')).toEqual({ ok: true, value: 'naam@voorbeeld.nl' });
    expect(text({ required: 'x' }).check('  twee   woorden ')).toEqual({ ok: true, value: 'twee woorden' });
    expect(bsn.check('123.456.782')).toEqual({ ok: true, value: '123456782' });
  });

  it('say what is wrong in Dutch, with a stable code', () => {
    expect(postcode().check('1234 SS')).toEqual({
      ok: false,
      problem: { code: 'INVALID', message: 'Vul een geldige postcode in, bijvoorbeeld 1234 AB.' },
    });
    expect(messageOf(kvkNumber(), '1234567')).toBe('Een KvK-nummer bestaat uit 8 cijfers.');
    expect(messageOf(iban(), 'NL91ABNA0417164301')).toMatch(/Dit IBAN klopt niet/);
    expect(messageOf(bsn, '123456789')).toMatch(/elfproef/);
    expect(isValidBsn('000000000')).toBe(false);
    expect(messageOf(newPassword, 'kort')).toBe('Kies een wachtwoord van minstens 12 tekens.');
    expect(messageOf(newPassword, 'een zin van losse woorden')).toBeNull();
    expect(messageOf(productRules.priceCents, 0)).toBe('De prijs moet tussen € 0,01 en € 10.000,00 liggen.');
    expect(messageOf(productRules.priceCents, 1_000_000)).toBeNull();
    expect(messageOf(productRules.title, 'ab')).toBe('De titel moet tussen 3 en 120 tekens lang zijn.');
    expect(rejectionReason.check('kort')).toMatchObject({ ok: false, problem: { code: 'REQUIRED' } });
    expect(messageOf(categoryRules.sortOrder, '100001')).toBe(
      'De volgorde moet een geheel getal van 0 tot en met 100.000 zijn.',
    );
    expect(categoryRules.sortOrder.check('')).toEqual({ ok: true, value: 0 });
  });

  it('count characters as people do (an emoji is one)', () => {
    expect(messageOf(productRules.title, '🎵🎵🎵')).toBeNull();
    expect(messageOf(categoryRules.name, '🎵')).toMatch(/tussen 2 en 80/);
  });

  it('check a date of birth against the day they are given, not the machine’s', () => {
    const rule = dateOfBirth('2030-06-01');
    expect(messageOf(rule, '2030-06-01')).toBeNull();
    expect(messageOf(rule, '2030-06-02')).toBe('De geboortedatum kan niet in de toekomst liggen.');
    expect(messageOf(rule, '2030-02-30')).toMatch(/geldige geboortedatum/);
    expect(messageOf(rule, '1899-12-31')).toMatch(/na 1 januari 1900/);
  });

  it('make a rule optional', () => {
    const rule = optional(email());
    expect(rule.check('')).toEqual({ ok: true, value: null });
    expect(rule.check('fout')).toMatchObject({ ok: false, problem: { code: 'INVALID' } });
  });

  it('check a whole form at once, problems in field order', () => {
    const { values, problems } = checkAll(categoryRules, { name: ' Sport ', description: '', sortOrder: 'x' });
    expect(values.name).toBe('Sport');
    expect(problems).toEqual([{ field: 'sortOrder', code: 'RANGE', message: expect.stringContaining('geheel getal') }]);
    const provider = checkProviderDetails({
      name: 'Club',
      kvkNumber: '1',
      street: 'Dorpsstraat',
      postcode: '1234AB',
      city: 'Ede',
      email: 'a@b.nl',
      phone: '0201234567',
      iban: 'NL91ABNA0417164300',
    });
    expect(provider.problems.map((p) => p.field)).toEqual(['kvkNumber', 'street']);
    expect(provider.problems[1]!.message).toBe('Vul ook het huisnummer in, bijvoorbeeld Dorpsstraat 12.');
  });
});

describe('the image rule with the upload limit setting', () => {
  it('checks a chosen file against the limit the server enforces, with the same message', () => {
    const file = (mb: number, type = 'image/png') => ({ size: Math.round(mb * 1024 * 1024), type });
    expect(imageFileProblem(file(1.5), 2)).toBeNull();
    expect(imageFileProblem(file(2.5), 2)).toBe(imageTooLargeMessage(2));
    expect(imageTooLargeMessage(2)).toBe('Deze afbeelding is te groot. Een afbeelding mag hoogstens 2 MB zijn.');
    // Without a limit: the pipeline's ceiling.
    expect(imageFileProblem(file(IMAGE_MAX_MEGABYTES - 0.5))).toBeNull();
    expect(imageFileProblem(file(IMAGE_MAX_MEGABYTES + 0.5))).toBe(imageTooLargeMessage(IMAGE_MAX_MEGABYTES));
    expect(imageFileProblem(file(0.1, 'image/gif'), 2)).toMatch(/geen afbeelding/);
    expect(imageHint(3)).toBe('JPEG, PNG of WebP, hoogstens 3 MB.');
  });
});
