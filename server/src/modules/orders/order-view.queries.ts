import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The order views' SQL (docs, "Persistence: entities and queries"): the names an order view shows (providers,
 * arrangements paying, beneficiaries of lines), each for many orders in one query. Plain functions, no rules.
 */

export function providerNames(
  em: EntityManager,
  providerIds: readonly string[],
): Promise<{ id: string; name: string }[]> {
  return em.execute<{ id: string; name: string }[]>(`select id, name from provider where id = any(?::uuid[])`, [
    `{${providerIds.join(',')}}`,
  ]);
}

/** The arrangement names of the assignments that pay for these orders. */
export function allocationArrangementNames(
  em: EntityManager,
  orderIds: readonly string[],
): Promise<{ assignment_id: string; name: string }[]> {
  return em.execute<{ assignment_id: string; name: string }[]>(
    `select a.id as assignment_id, ar.name from assignment a join arrangement ar on ar.id = a.arrangement_id
      where a.id in (select assignment_id from order_allocation where order_id = any(?::uuid[]))`,
    [`{${orderIds.join(',')}}`],
  );
}

/** The full and first names of the persons the lines of these orders are for. */
export function lineBeneficiaries(
  em: EntityManager,
  orderIds: readonly string[],
): Promise<{ id: string; name: string; first_name: string }[]> {
  return em.execute<{ id: string; name: string; first_name: string }[]>(
    `select id, trim(first_name || ' ' || last_name) as name, first_name from person
      where id in (select beneficiary_id from order_line where order_id = any(?::uuid[]))`,
    [`{${orderIds.join(',')}}`],
  );
}
