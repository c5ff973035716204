import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The persons' SQL (docs, "Persistence: entities and queries"): what an erasure removes in bulk. Plain functions,
 * no rules: `person.service.ts` decides.
 */

/** Removes the person's cart lines and sessions. */
export async function deleteCartAndSessions(em: EntityManager, personId: string): Promise<void> {
  await em.execute(`delete from cart_line where person_id = ?`, [personId]);
  await em.execute(`delete from session where person_id = ?`, [personId]);
}
