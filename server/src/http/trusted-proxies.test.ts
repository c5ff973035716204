import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/server.js';

/**
 * Client addresses come from a trusted proxy only (TRUSTED_PROXIES): a client that sends its own X-Forwarded-For
 * cannot escape a per-address limit. Measured on the password-reset request's per-address budget, with a different
 * e-mail address each time (so the per-address budget, not the per-address-typed one, is what runs out). The tests
 * assert behaviour ("eventually limited", "separate budgets"), not the budget's size, which is configuration.
 */

const REQUEST = `mutation($e:String!){ requestPasswordReset(email:$e){ requested errors { code } } }`;
/** Far above any per-address budget the configuration sets (LOGIN_MAX_ATTEMPTS × 10 with the test setting below). */
const CAP = 300;

let sequence = 0;
async function resetRequest(server: TestServer, forwardedFor?: string): Promise<'ok' | 'limited'> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query: REQUEST, variables: { e: `adres-${++sequence}@voorbeeld.nl` } }),
  });
  const body = (await res.json()) as {
    data?: { requestPasswordReset: { requested: boolean; errors: { code: string }[] } };
  };
  const payload = body.data?.requestPasswordReset;
  if (!payload) throw new Error(`unexpected answer: ${JSON.stringify(body)}`);
  if (payload.errors.some((e) => e.code === 'TOO_MANY_ATTEMPTS')) return 'limited';
  expect(payload.errors).toEqual([]);
  return 'ok';
}

/** Sends requests until the budget runs out; returns how many were let through (throws when it never runs out). */
async function exhaust(server: TestServer, forwardedFor: (i: number) => string | undefined): Promise<number> {
  for (let i = 0; i < CAP; i++) {
    if ((await resetRequest(server, forwardedFor(i))) === 'limited') return i;
  }
  throw new Error(`not limited after ${CAP} requests`);
}

const spoofed = (i: number) => `203.0.113.${i % 250}, 198.51.100.${(i * 7) % 250}`;

describe('trusted proxies', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('ignores X-Forwarded-For by default: a client that makes up addresses is limited all the same', async () => {
    server = await startTestServer({ env: { LOGIN_MAX_ATTEMPTS: '1' } });
    expect(server.services.config.trustedProxies).toEqual([]);
    const allowed = await exhaust(server, spoofed);
    expect(allowed).toBeGreaterThan(0);
    // And it stays limited, whatever it claims to be next.
    expect(await resetRequest(server, '192.0.2.1')).toBe('limited');
    expect(await resetRequest(server)).toBe('limited');
  });

  it('ignores X-Forwarded-For from a peer that is not one of the configured proxies', async () => {
    server = await startTestServer({ env: { LOGIN_MAX_ATTEMPTS: '1', TRUSTED_PROXIES: '10.0.0.0/8, 192.168.1.10' } });
    expect(server.services.config.trustedProxies).toEqual(['10.0.0.0/8', '192.168.1.10']);
    await exhaust(server, spoofed);
    expect(await resetRequest(server, '192.0.2.1')).toBe('limited');
  });

  it('believes a configured proxy: each forwarded client address has its own budget', async () => {
    server = await startTestServer({ env: { LOGIN_MAX_ATTEMPTS: '1', TRUSTED_PROXIES: '127.0.0.1' } });
    const first = await exhaust(server, () => '203.0.113.7');
    expect(first).toBeGreaterThan(0);
    expect(await resetRequest(server, '203.0.113.7')).toBe('limited');
    // Another client behind the same proxy is not limited by the first one's requests...
    expect(await resetRequest(server, '203.0.113.8')).toBe('ok');
    // ...and gets a budget of the same size.
    expect(await exhaust(server, () => '203.0.113.8')).toBe(first - 1);
    // A client that prepends its own address to the header gains nothing: the proxy appends the real one, which counts.
    expect(await resetRequest(server, '192.0.2.99, 203.0.113.7')).toBe('limited');
  });
});
