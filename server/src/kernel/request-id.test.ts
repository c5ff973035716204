import { describe, expect, it } from 'vitest';
import { requestIdFrom } from './request-id.js';

describe('request ids', () => {
  it("keep a caller's plausible id and replace anything else with a random one", () => {
    expect(requestIdFrom('abc-1234-XYZ')).toBe('abc-1234-XYZ');
    expect(requestIdFrom(['trace:0001.ab_cd', 'second'])).toBe('trace:0001.ab_cd');
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const bad of [
      undefined,
      null,
      '',
      'short',
      'x'.repeat(101),
      'has space in it',
      'new\nline-injected',
      '<script>alert(1)</script>',
    ]) {
      expect(requestIdFrom(bad)).toMatch(uuid);
    }
    expect(requestIdFrom(null)).not.toBe(requestIdFrom(null));
  });
});
