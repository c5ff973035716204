import type { EntityManager } from '@mikro-orm/postgresql';
import { applicationNow } from '../../kernel/clock.js';

/**
 * The decisions' SQL (docs, "Persistence: entities and queries"): decisions opened set-based (on conflict: reset),
 * dropped, and the products' summary status recomputed in one statement, under the products' row locks. The rules
 * they follow are written in `product-approval.ts`, which exports these functions.
 */

/** The SQL condition "decision `pa` of product `p` counts": the provider is an approved member of its municipality. */
export function decisionCounts(pa = 'pa', p = 'p'): string {
  return `exists (select 1 from provider_membership pm_c where pm_c.provider_id = ${p}.provider_id
                   and pm_c.municipality_id = ${pa}.municipality_id and pm_c.status = 'APPROVED')`;
}

const RESET = `status = 'PENDING', reason = null, decided_at = null, decided_by_id = null,
               requested_at = excluded.requested_at, updated_at = excluded.requested_at`;

/**
 * A product is submitted: a fresh PENDING decision in every municipality where its provider is an approved member
 * (an earlier decision there is reset). Returns those municipalities' ids. Call with the product row locked.
 */
export async function openDecisionsForProduct(
  em: EntityManager,
  productId: string,
  providerId: string,
): Promise<string[]> {
  const rows = await em.execute<{ municipality_id: string }[]>(
    `insert into product_approval (product_id, municipality_id, status, requested_at, created_at, updated_at)
     select ?, pm.municipality_id, 'PENDING', t.at, t.at, t.at
       from provider_membership pm, (select ?::timestamptz as at) t where pm.provider_id = ? and pm.status = 'APPROVED'
     on conflict (product_id, municipality_id) do update set ${RESET}
     returning municipality_id`,
    [productId, applicationNow(), providerId],
  );
  return rows.map((r) => r.municipality_id);
}

/**
 * A membership was approved: every submitted product of the provider (SUBMITTED, APPROVED or REJECTED) gets a fresh
 * PENDING decision in that municipality, and the summaries follow. The provider's products are locked first (in id
 * order), so a submission running at the same time either sees the membership or is seen here.
 */
export async function openDecisionsForMembership(
  em: EntityManager,
  providerId: string,
  municipalityId: string,
): Promise<number> {
  await em.execute(`select id from product where provider_id = ? order by id for update`, [providerId]);
  const rows = await em.execute<{ id: string }[]>(
    `insert into product_approval (product_id, municipality_id, status, requested_at, created_at, updated_at)
     select p.id, ?, 'PENDING', t.at, t.at, t.at
       from product p, (select ?::timestamptz as at) t where p.provider_id = ? and p.status in ('SUBMITTED','APPROVED','REJECTED')
     on conflict (product_id, municipality_id) do update set ${RESET}
     returning id`,
    [municipalityId, applicationNow(), providerId],
  );
  await refreshStatuses(em, { providerId });
  return rows.length;
}

/** A membership ended (withdrawn): its decisions stop counting; the provider's product summaries follow. */
export async function membershipEnded(em: EntityManager, providerId: string): Promise<void> {
  await em.execute(`select id from product where provider_id = ? order by id for update`, [providerId]);
  await refreshStatuses(em, { providerId });
}

/** The product went back to DRAFT or was archived: nobody needs to decide on it any more. */
export async function dropOpenDecisions(em: EntityManager, productId: string): Promise<void> {
  await em.execute(`delete from product_approval where product_id = ? and status = 'PENDING'`, [productId]);
}

/**
 * Recomputes the summary status of submitted products (SUBMITTED, APPROVED, REJECTED) from the decisions that count.
 * Changes only rows whose summary differs; DRAFT and ARCHIVED are the provider's and never change here.
 */
export async function refreshStatuses(
  em: EntityManager,
  which: { productIds?: string[]; providerId?: string },
): Promise<void> {
  const where = which.productIds ? `p.id = any(?::uuid[])` : `p.provider_id = ?`;
  const param = which.productIds ? `{${which.productIds.join(',')}}` : which.providerId;
  await em.execute(
    `update product p set status = s.next
       from (select p.id, case
                      when bool_or(pa.status = 'APPROVED') then 'APPROVED'
                      when bool_or(pa.status = 'PENDING') then 'SUBMITTED'
                      when bool_or(pa.status = 'REJECTED') then 'REJECTED'
                      else 'SUBMITTED' end as next
               from product p
               left join product_approval pa on pa.product_id = p.id and ${decisionCounts('pa', 'p')}
              where ${where} and p.status in ('SUBMITTED','APPROVED','REJECTED')
              group by p.id) s
      where p.id = s.id and p.status <> s.next`,
    [param],
  );
}
