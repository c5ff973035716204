import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The cards' SQL (docs, "Persistence: entities and queries"): whether a card number is taken, and the person's row
 * locked so issuing and replacing their cards wait for each other. Plain functions, no rules: `card.service.ts`
 * decides.
 */

export async function cardNumberTaken(em: EntityManager, number: string): Promise<boolean> {
  const taken = await em.execute<{ id: string }[]>(`select id from card where number = ?`, [number]);
  return taken.length > 0;
}

/** Locks the person's row until the transaction ends (serialises issuing and replacing their cards). */
export async function lockPerson(em: EntityManager, personId: string): Promise<void> {
  await em.execute(`select id from person where id = ? for update`, [personId]);
}
