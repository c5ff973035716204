import { describe, expect, it } from 'vitest';
import { returnPathOr, sanitizeReturnPath } from './returnPath';

describe('sanitizeReturnPath (the `terug` parameter)', () => {
  it.each([
    ['/'],
    ['/account/bestellingen'],
    ['/aanbod?zoek=zwemles&categorie=123'],
    ['/aanbod/zwemles/3f1c2b4e-8c1d-4a5e-9f00-0123456789ab#prijs'],
    ['/admin/beheer/instellingen/rollen'],
  ])('accepts the same-site path %s', (path) => {
    expect(sanitizeReturnPath(path)).toBe(path);
  });

  it.each([
    ['//evil.example'],
    ['//evil.example/account'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['https://evil.example/'],
    ['http:/evil.example'],
    ['javascript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['evil.example'],
    ['account/bestellingen'],
    [' /account'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/account\u0000'],
    [''],
  ])('rejects %j', (value) => {
    expect(sanitizeReturnPath(value)).toBeNull();
  });

  it('rejects missing values and absurdly long ones', () => {
    expect(sanitizeReturnPath(null)).toBeNull();
    expect(sanitizeReturnPath(undefined)).toBeNull();
    expect(sanitizeReturnPath(`/${'a'.repeat(5000)}`)).toBeNull();
  });

  it('normalises dot segments without leaving the site', () => {
    expect(sanitizeReturnPath('/account/../admin')).toBe('/admin');
    expect(sanitizeReturnPath('/..//evil.example')).toBeNull();
  });

  it('falls back when the value is unsafe', () => {
    expect(returnPathOr('//evil.example', '/account/bestellingen')).toBe('/account/bestellingen');
    expect(returnPathOr(null, '/')).toBe('/');
    expect(returnPathOr('/aanbod', '/')).toBe('/aanbod');
  });
});
