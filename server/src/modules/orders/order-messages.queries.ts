import type { EntityManager } from '@mikro-orm/postgresql';

/** The SQL of the inbox's order messages (order-messages.ts). */

/** The names of the orders' providers, for the messages' text: provider id → name (missing when there is none). */
export async function providerNamesOf(em: EntityManager, providerIds: readonly string[]): Promise<Map<string, string>> {
  const rows = await em.execute<{ id: string; name: string }[]>(
    `select id, name from provider where id = any(?::uuid[])`,
    [`{${providerIds.join(',')}}`],
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}
