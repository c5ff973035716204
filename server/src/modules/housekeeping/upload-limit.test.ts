import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, demoProviderEmail } from '../../seeders/demo-accounts.js';

describe('housekeeping: the upload rate limit', { timeout: 180_000 }, () => {
  let server: TestServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'gw-upload-limit-'));
    server = await startTestServer({ seed: true, env: { DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses parallel uploads past the budget with 429 and Retry-After, for exactly the excess', async () => {
    const budget = server.services.limitRules.upload.perAccount.points;
    const provider = server.client();
    await provider.loginProvider(demoProviderEmail(1), DEMO_PASSWORD);
    const excess = 4;
    // A form without a file: each request is counted (the reservation comes before the file is read) but stores nothing.
    const answers = await Promise.all(
      Array.from({ length: budget + excess }, async () => {
        const body = new FormData();
        body.set('note', 'x');
        const res = await provider.fetch('/api/provider/logo', {
          method: 'POST',
          headers: { 'x-gemeentewinkel-upload': '1' },
          body,
        });
        return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as any };
      }),
    );
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(excess);
    for (const r of refused) {
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
      expect(r.body.errors[0].code).toBe('TOO_MANY_REQUESTS');
      expect(r.body.errors[0].message).toMatch(/te veel bestanden/);
    }
    // The others went on to the upload itself (and were refused there for the missing file).
    expect(answers.filter((a) => a.status !== 429)).toHaveLength(budget);
    expect(answers.every((a) => a.status !== 500)).toBe(true);

    // Another account is not held up by this one.
    const other = server.client({ from: '127.0.0.2' });
    await other.loginProvider(demoProviderEmail(2), DEMO_PASSWORD);
    const body = new FormData();
    body.set('note', 'x');
    const res = await other.fetch('/api/provider/logo', {
      method: 'POST',
      headers: { 'x-gemeentewinkel-upload': '1' },
      body,
    });
    expect(res.status).not.toBe(429);
  });
});
