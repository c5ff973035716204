import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The orders' SQL (docs, "Persistence: entities and queries"): an order's row locked for a status change, and the
 * bookings of an order not reversed yet. Plain functions, no rules: `order.service.ts` decides.
 */

/** Locks the order's row until the transaction ends; false when there is no such order. */
export async function lockOrder(em: EntityManager, orderId: string): Promise<boolean> {
  const [row] = await em.execute<{ id: string }[]>(`select id from customer_order where id = ? for update`, [orderId]);
  return !!row;
}

/** The order's SPEND transactions that have not been reversed. */
export function unreversedSpends(em: EntityManager, orderId: string): Promise<{ id: string }[]> {
  return em.execute<{ id: string }[]>(
    `select t.id from ledger_transaction t where t.order_id = ? and t.kind = 'SPEND'
       and not exists (select 1 from ledger_transaction r where r.reverses_id = t.id)`,
    [orderId],
  );
}

/** The order's CONTRIBUTION transactions that have not been reversed. */
export function unreversedContributions(em: EntityManager, orderId: string): Promise<{ id: string }[]> {
  return em.execute<{ id: string }[]>(
    `select t.id from ledger_transaction t where t.order_id = ? and t.kind = 'CONTRIBUTION'
       and not exists (select 1 from ledger_transaction r where r.reverses_id = t.id)`,
    [orderId],
  );
}

/**
 * Locks the checkout's row until the transaction ends: what changes the payments or the waiting orders of one checkout
 * (pay again, cancel before paying, a payment settling) takes it first, so they happen one after the other.
 */
export async function lockCheckout(em: EntityManager, checkoutId: string): Promise<void> {
  await em.execute(`select id from checkout where id = ? for update`, [checkoutId]);
}
