import type { TestProject } from 'vitest/node';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { startEmbeddedPostgres } from '../database/embedded.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL with the right to create databases; each test file creates its own database. */
    pgAdminUrl: string;
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

/**
 * Picks the test PostgreSQL once per run: TEST_DATABASE_URL if set; else a testcontainers PostgreSQL when a Docker
 * engine answers; else the embedded PostgreSQL in a temporary folder.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgAdminUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  const container = await tryTestcontainers();
  if (container) {
    project.provide('pgAdminUrl', container.url);
    return () => container.stop();
  }
  const dir = mkdtempSync(join(tmpdir(), 'gw-test-pg-'));
  // As root, PostgreSQL runs as an unprivileged user that must be able to enter the folder.
  chmodSync(dir, 0o755);
  let pg;
  try {
    pg = await startEmbeddedPostgres({ dataDir: dir, port: await freePort(), persistent: false });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  project.provide('pgAdminUrl', pg.url('postgres'));
  return async () => {
    await pg!.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
