import { inject } from 'vitest';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
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

/** A fresh database for one test file, with the real migrations applied (`migrate: false`: none, for migration tests). */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const admin = inject('pgAdminUrl');
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = withDatabase(admin, name);
  const orm = await openDatabase(url, { poolMax: 20 });
  if (options.migrate !== false) await migrate(orm);
  return {
    url,
    orm,
    drop: async () => {
      await orm.close(true);
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
