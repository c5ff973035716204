import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The SQL of ordering on behalf of a resident (docs, "Persistence: entities and queries"): the resident, and the
 * products their budgets pay for (the payable condition is passed in). Plain functions, no rules.
 */

/** The person (not erased) with their household and municipality. */
export async function residentById(
  em: EntityManager,
  personId: string,
): Promise<{ id: string; client_group_id: string; municipality_id: string } | undefined> {
  const [row] = await em.execute<{ id: string; client_group_id: string; municipality_id: string }[]>(
    `select id, client_group_id, municipality_id from person where id = ? and erased_at is null`,
    [personId],
  );
  return row;
}

/** Up to 200 products `payable` admits (on `p`), by title. */
export function payableProducts(
  em: EntityManager,
  payable: { sql: string; params: unknown[] },
): Promise<{ id: string; title: string; price_cents: number; provider_name: string }[]> {
  return em.execute<{ id: string; title: string; price_cents: number; provider_name: string }[]>(
    `select p.id, p.title, p.price_cents, pr.name as provider_name
       from product p join provider pr on pr.id = p.provider_id
      where ${payable.sql}
      order by p.title, p.id limit 200`,
    payable.params,
  );
}
