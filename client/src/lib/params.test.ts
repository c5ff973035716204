import { describe, expect, it } from 'vitest';
import { isUuid, paramsAreValid } from './params';

const id = '3f1c2b4e-8c1d-4a5e-9f00-0123456789ab';

describe('route parameter validation', () => {
  it('recognises UUIDs', () => {
    expect(isUuid(id)).toBe(true);
    expect(isUuid(id.toUpperCase())).toBe(true);
    expect(isUuid('123')).toBe(false);
    expect(isUuid(`${id}0`)).toBe(false);
  });

  it('accepts well-formed parameters', () => {
    expect(paramsAreValid({ slug: 'zwemles-a', productId: id })).toBe(true);
    expect(paramsAreValid({ externalIdentifier: 'K-2026.001', clientId: id, orderId: id })).toBe(true);
    expect(paramsAreValid({ token: 'abcDEF123_-abcDEF123' })).toBe(true);
    expect(paramsAreValid({})).toBe(true);
  });

  it('rejects malformed ids', () => {
    expect(paramsAreValid({ slug: 'zwemles', productId: 'not-a-uuid' })).toBe(false);
    expect(paramsAreValid({ orderId: '42' })).toBe(false);
    expect(paramsAreValid({ externalIdentifier: 'a b' })).toBe(false);
    expect(paramsAreValid({ token: 'kort' })).toBe(false);
  });
});
