import type { EntityManager } from '@mikro-orm/postgresql';
import { migrationsList } from './migrations/index.js';

/** Where MikroORM's migrator records what it applied (its default table). */
const MIGRATIONS_TABLE = 'mikro_orm_migrations';

/**
 * The application's migrations this build has that the database has not applied (none: the schema is at the version
 * this code expects). A database without the table yet has them all to apply. Throws when the database does not
 * answer. The job queue's own schema is migrated in the same step, before ours (database/orm.ts `migrate`).
 */
export async function pendingMigrations(em: EntityManager): Promise<string[]> {
  const names = migrationsList.map((m) => m.name);
  let applied: { name: string }[];
  try {
    // A few dozen short rows: cheaper to compare here than to send the list.
    applied = await em.execute<{ name: string }[]>(`select name from ${MIGRATIONS_TABLE}`);
  } catch (error) {
    // 42P01: the table does not exist yet (an empty database).
    if ((error as { code?: string }).code === '42P01') return names;
    throw error;
  }
  const done = new Set(applied.map((r) => r.name));
  return names.filter((name) => !done.has(name));
}
