import type { EntityManager } from '@mikro-orm/postgresql';

/** The SQL of the inbox's order messages (order-messages.ts). */

/** The name of the order's provider, for the message's text; null when there is none. */
export async function providerNameOf(em: EntityManager, providerId: string): Promise<string | null> {
  const [provider] = await em.execute<{ name: string }[]>(`select name from provider where id = ?`, [providerId]);
  return provider?.name ?? null;
}
