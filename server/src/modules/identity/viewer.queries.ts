import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The viewer's SQL (docs, "Persistence: entities and queries"): the operator behind an acting viewer (modules/
 * operators has no entity for it). Plain functions, no rules.
 */

export async function operatorContact(
  em: EntityManager,
  operatorId: string,
): Promise<{ email: string; name: string | null } | undefined> {
  const [operator] = await em.execute<{ email: string; name: string | null }[]>(
    `select email, name from operator where id = ?`,
    [operatorId],
  );
  return operator;
}
