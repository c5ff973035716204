import { mkdtempSync, chmodSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import pg from 'pg';
import { boot, type RunningServer } from '../src/app/boot.js';
import { loadConfig } from '../src/config/config.js';
import { createLogger } from '../src/logging/logger.js';

/**
 * The server's configuration for a benchmark run: test mode, a silent log, the loopback host and no demo data; `extra`
 * adds to it or overrides it (`{ SEED_DEMO_DATA: 'true' }`, job settings). `benchDatabase` then adds the database.
 */
export function benchEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { NODE_ENV: 'test', SEED_DEMO_DATA: 'false', LOG_LEVEL: 'silent', HOST: '127.0.0.1', ...extra };
}

/** The machine's load average (1/5/15 min) as `0.42 / 0.30 / 0.25`: of now, or of an earlier `os.loadavg()`. */
export function loadText(averages: number[] = loadavg()): string {
  return averages.map((n) => n.toFixed(2)).join(' / ');
}

/** The closing line of a benchmark's report: the cores and the load before the run and now (the figures' context). */
export function machineLine(loadBefore: string, loadAfter: string = loadText()): string {
  return `  machine     ${cpus().length} cores; load (1/5/15 min) vooraf ${loadBefore}, na afloop ${loadAfter}`;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** The embedded PostgreSQL's port: EMBEDDED_PG_PORT when set (to keep to a range of one's own), else a free one. */
async function embeddedPort(): Promise<string> {
  return process.env.EMBEDDED_PG_PORT || String(await freePort());
}

/**
 * A database of its own for one benchmark run, added to `env` (the server's configuration): a fresh database on
 * `TEST_DATABASE_URL` when set, else the embedded PostgreSQL in a temporary data folder. `cleanup` removes it.
 */
export async function benchDatabase(env: Record<string, string>): Promise<{ cleanup: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `bench_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    return {
      cleanup: async () => {
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'gw-bench-'));
  chmodSync(dataDir, 0o755);
  env.DATA_DIR = dataDir;
  env.EMBEDDED_PG_PORT = await embeddedPort();
  return { cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

/**
 * Runs `work` against a server of our own (silent, on a free port) on a fresh benchmark database with
 * `benchEnv(extra)`, then stops the server and removes the database however `work` ends.
 */
export async function withBenchServer(
  extra: Record<string, string>,
  work: (server: RunningServer) => Promise<void>,
): Promise<void> {
  const env = benchEnv(extra);
  const database = await benchDatabase(env);
  try {
    const server = await boot({ config: loadConfig(env), logger: createLogger('silent'), port: 0 });
    try {
      await work(server);
    } finally {
      await server.stop();
    }
  } finally {
    await database.cleanup();
  }
}

/**
 * The database of an earlier run, kept (BENCH_KEEP=1) to run again without seeding: a data folder of the embedded
 * PostgreSQL, or a database URL. Never removed.
 */
export async function reuseDatabase(
  env: Record<string, string>,
  where: string,
): Promise<{ cleanup: () => Promise<void> }> {
  if (/^postgres(ql)?:\/\//.test(where)) env.DATABASE_URL = where;
  else {
    env.DATA_DIR = where;
    env.EMBEDDED_PG_PORT = await embeddedPort();
  }
  return { cleanup: async () => {} };
}
