import { inject } from 'vitest';
import pg from 'pg';
import { createHash, randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { openDatabase, migrate } from '../database/orm.js';

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export interface TestDatabase {
  url: string;
  orm: MikroORM;
  drop: () => Promise<void>;
}

/** The prefix of every template database of this run (global-setup.ts drops them at the end). */
export function templatePrefix(): string {
  return `tpl_${inject('testRunId')}_`;
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * CREATE DATABASE … TEMPLATE: PostgreSQL refuses while anyone is connected to the template (SQLSTATE 55006). Nobody
 * should be once it is built, but a closed pool's sessions end a moment after the client is told; so wait a little.
 */
async function cloneDatabase(client: pg.Client, name: string, template: string): Promise<void> {
  const strategy = await cloneStrategy(client);
  for (let attempt = 0; ; attempt++) {
    try {
      await client.query(`create database ${name} template ${template}${strategy}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 100) throw error;
      await sleep(50);
    }
  }
}

/**
 * How a test database is copied from its template. PostgreSQL 15 and later copy block by block through the WAL by
 * default (`WAL_LOG`: every page of the template written to the log); `FILE_COPY` copies the files after a checkpoint,
 * which on a test cluster without fsync costs little. TEST_CLONE_STRATEGY=wal_log compares: the server tests, the same
 * code both ways (30 November), 326 CPU seconds and 3:11 with `WAL_LOG`, 311 and 3:02 with `FILE_COPY`.
 */
async function cloneStrategy(client: pg.Client): Promise<string> {
  const wanted = (process.env.TEST_CLONE_STRATEGY ?? 'file_copy').toLowerCase();
  if (wanted !== 'file_copy' && wanted !== 'wal_log') throw new Error(`TEST_CLONE_STRATEGY=${wanted}`);
  const { rows } = await client.query<{ v: string }>(`select current_setting('server_version_num') as v`);
  return Number(rows[0]!.v) >= 150000 ? ` strategy ${wanted}` : '';
}

const templates = new Map<string, Promise<string>>();

/**
 * The template database for `key` (one per run, shared by every test worker): made once by `build` against an empty
 * database (or a copy of the template `from`), under an advisory lock so that two workers asking at once build it only once. Its name is
 * `tpl_<run>_<hash of the key>`; test files then clone it (`createTestDatabase({ template })`).
 */
export function templateDatabase(
  key: string,
  build: (url: string) => Promise<void>,
  options: { from?: () => Promise<string> } = {},
): Promise<string> {
  let found = templates.get(key);
  if (!found) {
    found = (async () => makeTemplate(key, build, await options.from?.()))();
    templates.set(key, found);
    found.catch(() => templates.delete(key));
  }
  return found;
}

async function makeTemplate(key: string, build: (url: string) => Promise<void>, from?: string): Promise<string> {
  const name = templatePrefix() + createHash('sha256').update(key).digest('hex').slice(0, 16);
  const admin = inject('pgAdminUrl');
  return withAdmin(async (client) => {
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount) return name;
      if (from) await cloneDatabase(client, name, from);
      else await client.query(`create database ${name}`);
      try {
        await build(withDatabase(admin, name));
        // Sessions of the builder that are still ending would make every clone wait; none may stay.
        for (let attempt = 0; attempt < 100; attempt++) {
          const open = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (!open.rows[0].n) break;
          await sleep(50);
        }
        await client.query(`alter database ${name} with allow_connections false`);
      } catch (error) {
        await client.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
        throw error;
      }
      return name;
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
    }
  });
}

/** The migrations applied, nothing else: what every test database without demo data starts from. */
export function migratedTemplate(): Promise<string> {
  return templateDatabase('migrated', async (url) => {
    const orm = await openDatabase(url, { poolMax: 4 });
    try {
      await migrate(orm);
    } finally {
      await orm.close(true);
    }
  });
}

/**
 * A fresh database for one test file, with the real migrations applied (`migrate: false`: none, for migration tests).
 * With `template`: a copy of that template database (templateDatabase) instead. The migrations are applied once per
 * run, into a template, and each test file gets a copy of it.
 */
export async function createTestDatabase(
  options: { migrate?: boolean; template?: string; open?: boolean } = {},
): Promise<TestDatabase> {
  const admin = inject('pgAdminUrl');
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = options.template ?? (options.migrate === false ? undefined : await migratedTemplate());
  await withAdmin(async (client) => {
    if (template) await cloneDatabase(client, name, template);
    else await client.query(`create database ${name}`);
  });
  const url = withDatabase(admin, name);
  const orm = options.open === false ? (null as unknown as MikroORM) : await openDatabase(url, { poolMax: 20 });
  return {
    url,
    orm,
    drop: async () => {
      await orm?.close(true);
      await withAdmin((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}
