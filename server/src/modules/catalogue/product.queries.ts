import type { EntityManager } from '@mikro-orm/postgresql';
import { keyOrderBy, keySelect, type KeyOrder } from '../../graphql/keyset.js';
import type { ProductStatus } from './product.entity.js';
import type { ProductApprovalStatus } from './product-approval.entity.js';
import { decisionCounts } from './product-approval.queries.js';

/**
 * The products' review SQL (docs, "Persistence: entities and queries"): the decisions of many products at once,
 * the review list as a keyset page over the conditions the service built, and a decision's rows locked while it is
 * taken. Plain functions, no rules: `product.service.ts` decides (scope conditions are passed in).
 */

type Condition = { sql: string; params: unknown[] };

export type DecisionRow = {
  id: string;
  municipality_id: string;
  municipality_name: string;
  status: ProductApprovalStatus;
};

/** The decisions that count of these products that `scope` admits (on `pa`), by municipality name. */
export function decisionsOf(em: EntityManager, productIds: readonly string[], scope: Condition) {
  return em.execute<Record<string, unknown>[]>(
    `select pa.* from product_approval pa join product p on p.id = pa.product_id join municipality m on m.id = pa.municipality_id
      where pa.product_id = any(?::uuid[]) and ${decisionCounts('pa', 'p')} and ${scope.sql}
      order by m.name, m.id`,
    [`{${productIds.join(',')}}`, ...scope.params],
  );
}

/**
 * A page of the review list: the products (`p`, in `from` with its params) matching `where`, in `order`, after
 * `after`; and the number that match.
 */
export async function reviewPage(
  em: EntityManager,
  query: { from: string; fromParams: unknown[]; where: readonly string[]; params: unknown[]; order: KeyOrder },
  after: { sql: string | null; params: unknown[] },
  limit: number,
): Promise<{ total: number; rows: Record<string, unknown>[] }> {
  const { from, fromParams, where, params, order } = query;
  const [{ count }] = (await em.execute<{ count: string }[]>(
    `select count(*)::text as count from ${from} where ${where.join(' and ')}`,
    [...fromParams, ...params],
  )) as [{ count: string }];
  const total = Number(count);
  if (total === 0) return { total, rows: [] };
  const rows = await em.execute<Record<string, unknown>[]>(
    `select p.*, ${keySelect(order)} from ${from} where ${[...where, ...(after.sql ? [after.sql] : [])].join(' and ')}
     order by ${keyOrderBy(order)} limit ?`,
    [...fromParams, ...params, ...after.params, limit],
  );
  return { total, rows };
}

/** The product's row when `scope` admits it (on `p`). */
export async function productInScope(
  em: EntityManager,
  id: string,
  scope: Condition,
): Promise<Record<string, unknown> | undefined> {
  const rows = await em.execute<Record<string, unknown>[]>(
    `select p.* from product p where p.id = ? and ${scope.sql}`,
    [id, ...scope.params],
  );
  return rows[0];
}

/** The product's status when `scope` admits it, its row locked until the transaction ends. */
export async function lockProductInScope(
  em: EntityManager,
  id: string,
  scope: Condition,
): Promise<ProductStatus | undefined> {
  const locked = await em.execute<{ id: string; status: ProductStatus }[]>(
    `select p.id, p.status from product p where p.id = ? and ${scope.sql} for update of p`,
    [id, ...scope.params],
  );
  return locked[0]?.status;
}

/** The product's decisions that count, by municipality name, their rows locked until the transaction ends. */
export function lockDecisions(em: EntityManager, productId: string): Promise<DecisionRow[]> {
  return em.execute<DecisionRow[]>(
    `select pa.id, pa.municipality_id, m.name as municipality_name, pa.status
       from product_approval pa join product p on p.id = pa.product_id join municipality m on m.id = pa.municipality_id
      where pa.product_id = ? and ${decisionCounts('pa', 'p')}
      order by m.name
      for update of pa`,
    [productId],
  );
}

export async function municipalityName(em: EntityManager, id: string): Promise<string | undefined> {
  return (await em.execute<{ name: string }[]>(`select name from municipality where id = ?`, [id]))[0]?.name;
}

/** Records the decision on these approvals. */
export async function recordDecisions(
  em: EntityManager,
  approvalIds: readonly string[],
  decision: { status: ProductApprovalStatus; reason: string | null; decidedAt: Date; decidedById: string | null },
): Promise<void> {
  await em.execute(
    `update product_approval set status = ?, reason = ?, decided_at = ?, decided_by_id = ?, updated_at = ?
      where id = any(?::uuid[])`,
    [
      decision.status,
      decision.reason,
      decision.decidedAt,
      decision.decidedById,
      decision.decidedAt,
      `{${approvalIds.join(',')}}`,
    ],
  );
}
