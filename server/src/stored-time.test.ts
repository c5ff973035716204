import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from './test/database.js';
import { ManualClock, applicationClock, setApplicationClock, type Clock } from './kernel/clock.js';

/**
 * One clock for every stored time (docs, "Dates and the clock"). The database's own time (now(), current_timestamp,
 * …) differs from the application clock whenever a demo or a test runs on another date (CLOCK_START, a ManualClock),
 * and a row stamped by the database then sorts before or after rows stamped by the application. So: no function,
 * trigger, view or constraint of ours reads the database's time; and a column whose default is the database's time
 * (older tables keep it only as a safety net) is set by every writer, each raw SQL insert of the source naming it and
 * every entity setting it from the application clock. clock-guard.test.ts checks the source (and new migrations) for
 * reads of the machine's time.
 */

/** Where the database's time is justified: not ours to set. */
const ALLOWED_SCHEMAS: Record<string, string> = {
  graphile_worker: 'the job queue’s own tables and functions run on the database’s real time (jobs/job-queue.ts)',
};
const ALLOWED_COLUMNS: Record<string, string> = {
  'public.mikro_orm_migrations.executed_at': 'when MikroORM applied a migration: the migration tool’s own record',
};

const DATABASE_TIME = String.raw`(now\(|current_date|current_time|localtime|clock_timestamp|statement_timestamp|transaction_timestamp)`;

const root = fileURLToPath(new URL('.', import.meta.url));

/** The application's source: what runs in production and in the demo (tests and the test harness aside). */
function sources(dir = root): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return name === 'migrations' || (dir === root && name === 'test') ? [] : sources(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every `insert into <table> (<columns>)` of a source text; `columns` null when the statement names none. */
function rawInserts(text: string): { table: string; columns: string[] | null; line: number }[] {
  return [...text.matchAll(/\binsert\s+into\s+"?([a-z_][a-z0-9_]*)"?\s*(\(([^)]*)\))?/gi)].map((m) => ({
    table: m[1]!.toLowerCase(),
    columns: m[3] === undefined ? null : m[3].split(',').map((c) => c.trim().replace(/"/g, '').toLowerCase()),
    line: text.slice(0, m.index).split('\n').length,
  }));
}

describe('one clock for every stored time', () => {
  let db: TestDatabase;
  /** table → its columns whose default is the database's time (outside the allow-lists). */
  const stamped = new Map<string, Set<string>>();

  beforeAll(async () => {
    db = await createTestDatabase();
    const columns = await db.orm.em.fork().execute<{ schema: string; table: string; column: string }[]>(
      `select table_schema as schema, table_name as "table", column_name as "column" from information_schema.columns
        where column_default ~* ? and table_schema <> all(?::text[])`,
      [DATABASE_TIME, `{${Object.keys(ALLOWED_SCHEMAS).join(',')}}`],
    );
    for (const c of columns) {
      if (`${c.schema}.${c.table}.${c.column}` in ALLOWED_COLUMNS) continue;
      expect(c.schema, `${c.table}.${c.column}`).toBe('public');
      stamped.set(c.table, (stamped.get(c.table) ?? new Set()).add(c.column));
    }
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('finds raw inserts and their columns', () => {
    expect(
      rawInserts(
        '`insert into payment_refund (payment_id, "created_at")\n select 1` and `INSERT INTO setting values (1)`',
      ),
    ).toEqual([
      { table: 'payment_refund', columns: ['payment_id', 'created_at'], line: 1 },
      { table: 'setting', columns: null, line: 2 },
    ]);
  });

  it('no function, trigger, view or constraint of ours reads the database’s time', async () => {
    const sql = <T>(query: string) =>
      db.orm.em.fork().execute<T[]>(query, [DATABASE_TIME, `{${Object.keys(ALLOWED_SCHEMAS).join(',')}}`]);
    const functions = await sql<{ name: string }>(
      `select n.nspname || '.' || p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where p.prosrc ~* ? and n.nspname <> all(?::text[]) and n.nspname not in ('pg_catalog', 'information_schema')`,
    );
    const views = await sql<{ name: string }>(
      `select schemaname || '.' || viewname as name from pg_views
        where definition ~* ? and schemaname <> all(?::text[]) and schemaname not in ('pg_catalog', 'information_schema')`,
    );
    const constraints = await sql<{ name: string }>(
      `select c.conrelid::regclass::text || ' ' || c.conname as name from pg_constraint c
         join pg_namespace n on n.oid = c.connamespace
        where pg_get_constraintdef(c.oid) ~* ? and n.nspname <> all(?::text[])`,
    );
    const indexes = await sql<{ name: string }>(
      `select indexname as name from pg_indexes where indexdef ~* ? and schemaname <> all(?::text[])`,
    );
    expect({ functions, views, constraints, indexes }).toEqual({
      functions: [],
      views: [],
      constraints: [],
      indexes: [],
    });
  });

  it('every raw insert into a table with a database-time default names that column', () => {
    expect(stamped.size).toBeGreaterThan(10); // the scan sees the schema (created_at of the older tables)
    const missing: string[] = [];
    for (const path of sources()) {
      for (const insert of rawInserts(readFileSync(path, 'utf8'))) {
        const columns = stamped.get(insert.table);
        if (!columns) continue;
        const unnamed =
          insert.columns === null ? [...columns] : [...columns].filter((c) => !insert.columns!.includes(c));
        if (unnamed.length)
          missing.push(`${relative(root, path)}:${insert.line} ${insert.table}: ${unnamed.sort().join(', ')}`);
      }
    }
    expect(
      missing,
      'set the time from the clock: ctx.clock.now(), or applicationNow() where there is no context',
    ).toEqual([]);
  });

  it('every entity of such a table sets that column from the application clock', () => {
    const before: Clock = applicationClock();
    const moment = new Date('2001-02-03T04:05:06.000Z');
    setApplicationClock(new ManualClock(moment));
    try {
      const problems: string[] = [];
      for (const meta of db.orm.getMetadata().getAll().values()) {
        const columns = stamped.get(meta.tableName);
        if (!columns || !meta.class) continue;
        const entity = new (meta.class as new () => Record<string, unknown>)();
        for (const column of columns) {
          const prop = Object.values(meta.properties).find((p) => p.fieldNames?.[0] === column);
          if (!prop) {
            problems.push(`${meta.className}: no property for ${meta.tableName}.${column}`);
            continue;
          }
          const value = entity[prop.name];
          // Within a second of the clock's moment: set from the application clock when the entity is made.
          if (!(value instanceof Date) || Math.abs(value.getTime() - moment.getTime()) > 1000)
            problems.push(`${meta.className}.${prop.name}: not set from the application clock (${String(value)})`);
        }
      }
      expect(problems, 'give the property `= applicationNow()`').toEqual([]);
    } finally {
      setApplicationClock(before);
    }
  });
});
