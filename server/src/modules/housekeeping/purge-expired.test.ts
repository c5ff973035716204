import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { startTestServer, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF, demoProviderEmail } from '../../seeders/demo-accounts.js';
import { ManualClock } from '../../kernel/clock.js';
import { createJobRegistry } from '../../jobs/registry.js';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The hourly `identity.purgeExpired` job (sessions of staff, residents and providers, e-mail tokens, limit counters,
 * operator log-in links and sessions) with the application's clock moved: what has not expired stays, what has goes.
 */
describe('housekeeping: expired sessions and tokens are purged on a schedule', { timeout: 180_000 }, () => {
  let server: TestServer;
  const clock = new ManualClock(new Date());
  const count = async (table: string) =>
    Number((await server.orm.em.fork().execute<{ n: string }[]>(`select count(*) as n from ${table}`))[0]!.n);

  beforeAll(async () => {
    server = await startTestServer({ seed: true, clock });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps what is still valid, and removes it once the clock has passed its expiry', async () => {
    const staff = server.client();
    await staff.loginStaff(DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!.email, DEMO_PASSWORD);
    const provider = server.client({ from: '127.0.0.2' });
    await provider.loginProvider(demoProviderEmail(1), DEMO_PASSWORD);
    const em = server.orm.em.fork();
    const [user] = await em.execute<{ id: string }[]>(`select id from provider_user limit 1`);
    const now = clock.now();
    await em.execute(
      `insert into email_token (token_hash, purpose, provider_user_id, expires_at, created_at) values (?, 'RESET_PASSWORD', ?, ?, ?)`,
      [randomBytes(16).toString('hex'), user!.id, new Date(now.getTime() + 3600_000), now],
    );
    const [operator] = await em.execute<{ id: string }[]>(
      `insert into operator (email, name) values ('opruimen@lightbase.test', 'Opruimen') returning id`,
    );
    const hash = () => randomBytes(16).toString('hex');
    await em.execute(
      `insert into operator_session (operator_id, token_hash, created_at, expires_at) values (?, ?, ?, ?)`,
      [operator!.id, hash(), now, new Date(now.getTime() + 3600_000)],
    );
    await em.execute(
      `insert into operator_login_token (operator_id, token_hash, purpose, browser_hash, created_at, expires_at)
       values (?, ?, 'LOGIN', ?, ?, ?)`,
      [operator!.id, hash(), hash(), now, new Date(now.getTime() + 900_000)],
    );
    const sessions = await count('session');
    const tokens = await count('email_token');
    expect(sessions).toBeGreaterThanOrEqual(2);

    const registry = createJobRegistry(server.services);
    const purge = () =>
      registry.handlers['identity.purgeExpired'](
        server.contexts.forSystem('identity.purgeExpired'),
        {},
        {
          id: 'test',
          task: 'identity.purgeExpired',
          attempt: 1,
          maxAttempts: 1,
          signal: new AbortController().signal,
        },
      );
    await purge();
    expect(await count('session')).toBe(sessions);
    expect(await count('email_token')).toBe(tokens);
    expect(await count('operator_session')).toBe(1);
    expect(await count('operator_login_token')).toBe(1);

    // A year later every session and token has expired (and the token more than the day it is kept for support).
    clock.set(new Date(now.getTime() + 400 * DAY));
    await purge();
    expect(await count('session')).toBe(0);
    expect(await count('email_token')).toBe(0);
    expect(await count('operator_session')).toBe(0);
    expect(await count('operator_login_token')).toBe(0);
    expect(((await staff.gql(`{ viewer { kind } }`)) as any).data.viewer.kind).toBe('ANONYMOUS');

    // Scheduled once an hour, once across all instances (graphile-worker's crontab claims each tick).
    expect(registry.schedules.find((s) => s.task === 'identity.purgeExpired')).toMatchObject({ cron: '17 * * * *' });
  });
});
