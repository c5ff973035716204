import type { EntityManager } from '@mikro-orm/postgresql';
import { keyOrder, keyOrderBy, keySelect, type KeyOrder } from '../../graphql/keyset.js';
import { readViewsWhere } from '../../kernel/read-views.js';
import { Provider } from '../providers/index.js';

/**
 * The order lists' SQL (docs, "Persistence: entities and queries"): a keyset page of orders over the conditions the
 * service built, and the providers with orders in a scope. Plain functions, no rules: `order-lists.service.ts`
 * decides (its conditions are passed in).
 */

/** Newest first; the id makes the order total, so keyset paging never skips or repeats an order. */
export const NEWEST_FIRST: KeyOrder = keyOrder('o', 'desc', 'o', ['o.created_at', 'timestamptz']);

/**
 * The providers with at least one order (`o`) `scope` admits, by name, as read views (not managed: at national scale
 * this is a list of thousands, and hydrating them as tracked entities was most of its time, bench:admin at 10×).
 * Per provider one index probe (customer_order (provider_id, created_at, id)) instead of a distinct over every order.
 */
export function providersWithOrders(em: EntityManager, scope: { sql: string; params: unknown[] }): Promise<Provider[]> {
  return readViewsWhere(
    em,
    Provider,
    `exists (select 1 from customer_order o where o.provider_id = provider.id and ${scope.sql})`,
    scope.params,
    'name, id',
  );
}

/** A page of the orders (`o`) that meet `condition`, newest first, after `cursor`. */
export function orderPage(
  em: EntityManager,
  condition: string,
  params: unknown[],
  cursor: { sql: string | null; params: unknown[] },
  limit: number,
): Promise<Record<string, unknown>[]> {
  return em.execute<Record<string, unknown>[]>(
    `select o.*, ${keySelect(NEWEST_FIRST)} from customer_order o
      where ${[condition, ...(cursor.sql ? [cursor.sql] : [])].join(' and ')}
      order by ${keyOrderBy(NEWEST_FIRST)} limit ?`,
    [...params, ...cursor.params, limit],
  );
}

/**
 * A batch of the CSV export: the orders (`o`) that meet every condition of `where`, newest first, after `cursor`, with
 * their provider, municipality, client number and (when delivered) the hand-over of their last delivery.
 */
export function exportBatch(
  em: EntityManager,
  conditions: { where: readonly string[]; params: unknown[] },
  cursor: { sql: string | null; params: unknown[] },
  limit: number,
): Promise<Record<string, unknown>[]> {
  const where = [...conditions.where, ...(cursor.sql ? [cursor.sql] : [])];
  return em.execute<Record<string, unknown>[]>(
    `select o.id, o.number, o.created_at, o.status, o.total_cents, o.budget_cents, o.contribution_cents,
            o.redemption_method, d.handover_method,
            pr.name as provider_name, mu.name as municipality_name, cg.client_number, ${keySelect(NEWEST_FIRST)}
       from customer_order o
       join provider pr on pr.id = o.provider_id
       join municipality mu on mu.id = o.municipality_id
       join client_group cg on cg.id = o.client_group_id
       left join lateral (select ev.handover_method from order_event ev
                           where ev.order_id = o.id and ev.to_status = 'DELIVERED' and o.status = 'DELIVERED'
                           order by ev.id desc limit 1) d on true
      where ${where.length ? where.join(' and ') : 'true'}
      order by ${keyOrderBy(NEWEST_FIRST)} limit ?`,
    [...conditions.params, ...cursor.params, limit],
  );
}
