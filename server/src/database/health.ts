import type { EntityManager } from '@mikro-orm/postgresql';

/** The readiness probe's question: does the database answer? Throws when it does not. */
export async function databaseAnswers(em: EntityManager): Promise<void> {
  await em.execute('select 1');
}
