import type { EntityManager } from '@mikro-orm/postgresql';

/** The SQL of the extra order fields (order-fields.resolver.ts): names for the people who hand orders over. */

/** Per order: the first name of the person who ordered (null once erased). */
export async function orderFirstNames(
  em: EntityManager,
  orderIds: readonly string[],
): Promise<{ id: string; first_name: string | null }[]> {
  return em.execute(
    `select o.id, p.first_name from customer_order o left join person p on p.id = o.person_id and p.erased_at is null
      where o.id = any(?::uuid[])`,
    [`{${orderIds.join(',')}}`],
  );
}

/**
 * Per order: the first names of the members a line was ordered for (other than the person who ordered), and — for
 * orders from before lines said so — the members whose own budget paid.
 */
export async function orderBeneficiaryNames(
  em: EntityManager,
  orderIds: readonly string[],
): Promise<{ order_id: string; first_name: string }[]> {
  const ids = `{${orderIds.join(',')}}`;
  return em.execute(
    `select distinct x.order_id, p.first_name
       from (select ol.order_id, ol.beneficiary_id as person_id
               from order_line ol join customer_order o on o.id = ol.order_id
              where ol.order_id = any(?::uuid[]) and ol.beneficiary_id is distinct from o.person_id
             union
             select oa.order_id, a.beneficiary_id
               from order_allocation oa join assignment a on a.id = oa.assignment_id
              where oa.order_id = any(?::uuid[])) x
       join person p on p.id = x.person_id and p.erased_at is null
      order by x.order_id, p.first_name`,
    [ids, ids],
  );
}
