import type { TestProject } from 'vitest/node';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startEmbeddedPostgres, THROWAWAY_DATABASE } from '../database/embedded.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL with the right to create databases; each test file creates its own database. */
    pgAdminUrl: string;
    /** Names this run's template databases (test/database.ts), so that runs sharing a PostgreSQL keep apart. */
    testRunId: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function tryTestcontainers(): Promise<{ url: string; stop: () => Promise<void> } | null> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await Promise.race([
      getContainerRuntimeClient(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 3000)),
    ]);
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:18-alpine').start();
    return { url: container.getConnectionUri(), stop: async () => void (await container.stop()) };
  } catch {
    return null;
  }
}

/** Drops the run's template databases (test/database.ts); the test files' own databases are dropped by each file. */
async function dropTemplates(adminUrl: string, runId: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [
      `tpl\\_${runId}\\_%`,
    ]);
    for (const { datname } of rows)
      await client.query(`drop database if exists ${pg.escapeIdentifier(datname)} with (force)`);
  } finally {
    await client.end();
  }
}

/**
 * Picks the test PostgreSQL once per run: TEST_DATABASE_URL if set; else a testcontainers PostgreSQL when a Docker
 * engine answers; else the embedded PostgreSQL in a temporary folder. At the end the run's template databases are
 * dropped, and the container or the embedded PostgreSQL (with its folder) is stopped and removed.
 */
export default async function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  project.provide('testRunId', runId);
  if (process.env.TEST_DATABASE_URL) {
    const url = process.env.TEST_DATABASE_URL;
    project.provide('pgAdminUrl', url);
    return () => dropTemplates(url, runId);
  }
  const container = await tryTestcontainers();
  if (container) {
    project.provide('pgAdminUrl', container.url);
    return () => container.stop();
  }
  // With the run's mark in its name (`npm test` checks that none is left: scripts/lib/leftovers.mjs).
  const run = process.env.GW_TEST_RUN;
  const dir = mkdtempSync(join(tmpdir(), run ? `gw-test-pg-${run}-` : 'gw-test-pg-'));
  // As root, PostgreSQL runs as an unprivileged user that must be able to enter the folder.
  chmodSync(dir, 0o755);
  let pg: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      await pg?.stop();
      rmSync(dir, { recursive: true, force: true });
    })());
  // Ctrl+C or a hang-up during the run: Vitest ends without its teardown, so the cluster is stopped here too.
  const onSignal = (signal: NodeJS.Signals) => {
    void stop().finally(() => process.kill(process.pid, signal));
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, onSignal);
  try {
    pg = await startEmbeddedPostgres({
      dataDir: dir,
      port: await freePort(),
      persistent: false,
      settings: THROWAWAY_DATABASE,
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  project.provide('pgAdminUrl', pg.url('postgres'));
  return async () => {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.removeListener(signal, onSignal);
    await dropTemplates(pg!.url('postgres'), runId).catch(() => undefined);
    await stop();
  };
}
