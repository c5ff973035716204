import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { TcpProxy } from '../test/tcp-proxy.js';
import { loadConfig } from '../config/config.js';
import { createLogger } from '../logging/logger.js';
import { boot, type RunningServer } from '../app/boot.js';
import { isPortFree } from '../config/ports.js';

/**
 * DATABASE_SESSION_URL (docs/sizing.md, "Connection pooling"): with DATABASE_URL through PgBouncer in transaction
 * mode, what needs a session of its own goes to the second address. Two small TCP proxies stand in for the pooler
 * (DATABASE_URL) and the primary's own service (DATABASE_SESSION_URL): the job queue's LISTEN and the settings
 * listener arrive through the second, the requests through the first, and breaking the first leaves the LISTENs alone.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('DATABASE_SESSION_URL', () => {
  let database: TestDatabase | undefined;
  const pooled = { proxy: undefined as TcpProxy | undefined };
  const session = { proxy: undefined as TcpProxy | undefined };
  let app: RunningServer | undefined;

  afterAll(async () => {
    await app?.stop().catch(() => undefined);
    await pooled.proxy?.close();
    await session.proxy?.close();
    await database?.drop();
  });

  it('defaults to DATABASE_URL and is refused without it', () => {
    const url = 'postgres://u@h/db';
    expect(loadConfig({ DATABASE_URL: url }).databaseSessionUrl).toBe(url);
    expect(loadConfig({ DATABASE_URL: url, DATABASE_SESSION_URL: 'postgres://u@primary/db' }).databaseSessionUrl).toBe(
      'postgres://u@primary/db',
    );
    expect(() => loadConfig({ DATABASE_SESSION_URL: url })).toThrow(/DATABASE_SESSION_URL: alleen samen met/);
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_SESSION_URL: 'mysql://u@h/db' })).toThrow(
      /DATABASE_SESSION_URL/,
    );
  });

  it('takes the job queue, the settings listener and the migrations’ lock; requests take DATABASE_URL', async () => {
    database = await createTestDatabase({ open: false });
    const port = Number(new URL(database.url).port || 5432);
    pooled.proxy = new TcpProxy(port);
    session.proxy = new TcpProxy(port);
    await Promise.all([pooled.proxy.listen(), session.proxy.listen()]);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: pooled.proxy.through(database.url),
      DATABASE_SESSION_URL: session.proxy.through(database.url),
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PASSWORD_HASHING: 'fast',
    });
    app = await boot({ config, logger: createLogger('silent'), port: 0 });
    const listen = { errors: 0 };
    app.jobWorker!.runner.events.on('pool:listen:error', () => listen.errors++);

    // The set-up lock, the job queue's migration, the worker's LISTEN and the settings listener: the second address.
    expect(session.proxy.connections).toBeGreaterThanOrEqual(3);
    expect(pooled.proxy.connections).toBeGreaterThan(0);

    // The pooler restarts (every connection through it broken): the LISTENs do not notice.
    pooled.proxy.cut();
    await sleep(500);
    expect(listen.errors).toBe(0);
    // The primary's own address breaks: now the job queue's LISTEN does (and comes back by itself).
    session.proxy.cut();
    const deadline = Date.now() + 10_000;
    while (listen.errors === 0 && Date.now() < deadline) await sleep(25);
    expect(listen.errors).toBeGreaterThan(0);

    // Requests (readiness asks the database through the application's pool) need only DATABASE_URL.
    let nowhere = 54_480;
    while (!(await isPortFree(nowhere, '127.0.0.1'))) nowhere++;
    session.proxy.point(nowhere);
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    session.proxy.point(port);
    pooled.proxy.point(nowhere);
    expect((await fetch(`${app.url}/readyz`)).status).toBe(503);
    pooled.proxy.point(port);
  }, 60_000);
});
