import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { loadConfig } from '../../config/config.js';
import {
  CHECKOUT_MUTATION,
  LoadClient,
  checkoutLines,
  moneyInvariantViolations,
  newKey,
  seedCheckoutLoad,
} from '../../test/checkout-load.js';
import { programArgs } from '../../test/program.js';

const SERVER_DIR = fileURLToPath(new URL('../../../', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** The real server as its own process (the build, or the TypeScript sources: test/program.ts), on the given database. */
async function startServer(databaseUrl: string, port: number): Promise<{ child: ChildProcess; output: () => string }> {
  let output = '';
  const child = spawn(process.execPath, programArgs('main'), {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, output: () => output };
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

/**
 * Kill -9 in the middle of a checkout load, restart on the same database, and the money still adds up: every ledger
 * transaction balanced, every balance the sum of its entries, no negative budget, every order with its SPEND booking
 * (or cancelled with its reversal), every checkout equal to the sum of its orders. Checkouts whose answer was lost in
 * the crash are retried with the same idempotency key after the restart, as the browser would: each books once.
 */
describe('checkout and a crash', () => {
  let database: TestDatabase | undefined;
  let child: ChildProcess | undefined;

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
    await database?.drop();
  });

  it('keeps every invariant when the server is killed (SIGKILL) mid-load and restarted', async () => {
    database = await createTestDatabase();
    await database.orm.close(true);
    const keys = loadConfig({ NODE_ENV: 'test' }).bsn; // the server process uses the same (development) keys
    const CLIENTS = 16;
    const fixture = await seedCheckoutLoad(database.url, keys, {
      households: CLIENTS,
      budgetCents: 10_000_000,
      contributionHouseholds: 2,
    });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;

    let server = await startServer(database.url, port);
    child = server.child;
    const clients = await Promise.all(
      fixture.bsns.map(async (bsn) => {
        const c = new LoadClient(base);
        await c.loginWithDigid(bsn);
        return c;
      }),
    );

    // Load: every client checks out again and again until the server is gone.
    let succeeded = 0;
    let killed = false;
    const lost: { client: LoadClient; key: string; lines: ReturnType<typeof checkoutLines> }[] = [];
    const loops = clients.map(async (client, c) => {
      for (let i = c; ; i += CLIENTS) {
        const key = newKey();
        const lines = checkoutLines(fixture, i);
        let r;
        try {
          r = await client.gql(CHECKOUT_MUTATION, { input: { idempotencyKey: key, lines } });
        } catch (error) {
          if (!killed) throw error;
          lost.push({ client, key, lines }); // the answer never came: did it book or not?
          return;
        }
        expect(r.errors, server.output().slice(-3000)).toBeUndefined();
        expect(r.data.checkout.errors).toEqual([]);
        succeeded++;
      }
    });
    const started = Date.now();
    while (succeeded < 80 && Date.now() - started < 5_000) await new Promise((r) => setTimeout(r, 10));
    killed = true;
    server.child.kill('SIGKILL');
    await exited(server.child);
    await Promise.all(loops);
    expect(succeeded, server.output().slice(-3000)).toBeGreaterThan(0);
    expect(lost.length).toBe(CLIENTS);

    // Restart on the same database. Sessions live in the database: the same browsers are still logged in.
    server = await startServer(database.url, port);
    child = server.child;
    const [{ n: before }] = (await countCheckouts(database.url)) as [{ n: number; keys: number }];
    const retried = await Promise.all(
      lost.map((l) => l.client.gql(CHECKOUT_MUTATION, { input: { idempotencyKey: l.key, lines: l.lines } })),
    );
    for (const r of retried) {
      expect(r.errors).toBeUndefined();
      expect(r.data.checkout.errors).toEqual([]);
      expect(r.data.checkout.orders.length).toBe(2);
    }
    const [{ n: after, keys: distinctKeys }] = (await countCheckouts(database.url)) as [{ n: number; keys: number }];
    expect(after).toBe(distinctKeys);
    expect(after - before).toBeLessThanOrEqual(CLIENTS); // a retry books only what the crash lost
    // Retrying again changes nothing.
    const again = await Promise.all(
      lost.map((l) => l.client.gql(CHECKOUT_MUTATION, { input: { idempotencyKey: l.key, lines: l.lines } })),
    );
    expect(again.map((r) => r.data.checkout.orders.map((o: { id: string }) => o.id))).toEqual(
      retried.map((r) => r.data.checkout.orders.map((o: { id: string }) => o.id)),
    );
    expect((await countCheckouts(database.url))[0]!.n).toBe(after);

    expect(await moneyInvariantViolations(database.url)).toEqual([]);

    server.child.kill('SIGTERM');
    await exited(server.child);
    // Two starts of the real server from its TypeScript sources (each transpiles them) on a busy machine.
  }, 180_000);
});

async function countCheckouts(url: string) {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(`select count(*)::int as n, count(distinct idempotency_key)::int as keys from checkout`))
      .rows as { n: number; keys: number }[];
  } finally {
    await c.end();
  }
}
