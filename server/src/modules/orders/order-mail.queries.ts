import type { EntityManager } from '@mikro-orm/postgresql';
import { executeNative } from '../../kernel/sql.js';

/**
 * The order mails' SQL (docs, "Persistence: entities and queries"): who of the household gets the mail, and the
 * provider's name. Plain functions, no rules: `order-mail.ts` decides.
 */

export interface Recipient {
  id: string;
  first_name: string;
  email: string;
  notify_order_status: boolean;
}

/** The household's member (not erased) with an address: the one who ordered first, else the first registered. */
export async function householdRecipient(
  em: EntityManager,
  clientGroupId: string,
  personId: string | null,
): Promise<Recipient | undefined> {
  // Prepared: every order status change (each checkout) asks it.
  const [row] = await executeNative<Recipient>(
    em,
    `select id, first_name, email, notify_order_status from person
      where client_group_id = ?::uuid and email is not null and email <> '' and erased_at is null
      order by coalesce(id = ?::uuid, false) desc, created_at asc, id asc
      limit 1`,
    [clientGroupId, personId],
    { prepared: true },
  );
  return row;
}

export async function providerName(em: EntityManager, id: string): Promise<string | undefined> {
  const [provider] = await em.execute<{ name: string }[]>(`select name from provider where id = ?`, [id]);
  return provider?.name;
}
