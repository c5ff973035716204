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

/** The household's persons who hold a budget of their own (an active, current assignment with them as beneficiary). */
export async function personsWithOwnBudget(em: EntityManager, clientGroupId: string, today: string): Promise<string[]> {
  const rows = await em.execute<{ beneficiary_id: string }[]>(
    `select distinct a.beneficiary_id from assignment a
      where a.client_group_id = ? and a.beneficiary_id is not null and a.status = 'ACTIVE'
        and a.valid_from <= ? and a.valid_until >= ?`,
    [clientGroupId, today, today],
  );
  return rows.map((r) => r.beneficiary_id);
}
