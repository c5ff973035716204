import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { entities } from './entities.js';
import { migrationsList } from './migrations/index.js';

describe('migrations', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('are all applied, in order, and re-running them does nothing', async () => {
    const executed = await db.orm.migrator.getExecuted();
    expect(executed.map((m) => m.name)).toEqual(migrationsList.map((m) => m.name));
    expect(await db.orm.migrator.up()).toEqual([]);
  });

  it('create every column every entity maps (no drift between entities and migrations)', async () => {
    const em = db.orm.em.fork();
    for (const entity of entities) {
      const meta = db.orm.getMetadata().get(entity as never);
      const columns = Object.values(meta.properties)
        .filter((p) => p.kind === 'scalar' || p.kind === 'm:1' || (p.kind === '1:1' && p.owner))
        .filter((p) => p.persist !== false)
        .flatMap((p) => p.fieldNames ?? []);
      const rows = await em.execute<{ column_name: string }[]>(
        `select column_name from information_schema.columns where table_schema = 'public' and table_name = ?`,
        [meta.tableName],
      );
      const present = new Set(rows.map((r) => r.column_name));
      for (const column of columns) expect(present.has(column), `${meta.tableName}.${column}`).toBe(true);
    }
  });
});
