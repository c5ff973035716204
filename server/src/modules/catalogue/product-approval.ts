import type { EntityManager } from '@mikro-orm/postgresql';
import type { RequestContext } from '../../kernel/request-context.js';
import { Audience } from '../../kernel/permissions.js';
import { ProductStatus } from './product.entity.js';
import { ProductApprovalStatus } from './product-approval.entity.js';
import { applicationNow } from '../../kernel/clock.js';

/**
 * The offer is each municipality's own decision (DESIGN.md section 4). This module holds the rules every part of the
 * application shares: what "in the offer" means, when decisions are opened, and the product's summary status.
 *
 * - A decision (`product_approval`, one per product × municipality) is PENDING, APPROVED or REJECTED (with a reason).
 *   It COUNTS only while the provider's membership of that municipality is APPROVED; a withdrawn or rejected
 *   membership keeps its rows as history, but they no longer count.
 * - Submitting (again) opens a PENDING decision in every municipality where the provider is an approved member; a
 *   membership approved later opens one for every submitted product (SUBMITTED, APPROVED or REJECTED status).
 *   Going back to DRAFT (an edit of an approved product's content) or ARCHIVED drops the open (pending) decisions;
 *   the decided ones stay until the next submission resets them.
 * - `product.status` is the provider's lifecycle (DRAFT, ARCHIVED) and, once submitted, a summary of the decisions
 *   that count: APPROVED when approved in at least one municipality; otherwise SUBMITTED when at least one is pending
 *   (or none counts yet: the provider is an approved member nowhere); otherwise REJECTED (every municipality that can
 *   decide rejected it). The summary is recomputed in the same transaction as every change of decisions or memberships.
 * - A product is in the offer of municipality M when it is submitted (summary APPROVED) and its decision for M is
 *   APPROVED and counts. A resident sees the offer of their own municipality; everyone else (a visitor, staff, a
 *   provider) sees the regional shop window: products in the offer of at least one municipality.
 */

export interface SqlCondition {
  sql: string;
  params: unknown[];
}

/** The SQL condition "decision `pa` of product `p` counts": the provider is an approved member of its municipality. */
export function decisionCounts(pa = 'pa', p = 'p'): string {
  return `exists (select 1 from provider_membership pm_c where pm_c.provider_id = ${p}.provider_id
                   and pm_c.municipality_id = ${pa}.municipality_id and pm_c.status = 'APPROVED')`;
}

/**
 * The SQL condition "product `p` is in the offer of `municipalityId`", or of at least one municipality when
 * `municipalityId` is null.
 */
export function inOffer(municipalityId: string | null, p = 'p'): SqlCondition {
  return {
    sql: `${p}.status = 'APPROVED' and exists (
            select 1 from product_approval pa_o where pa_o.product_id = ${p}.id and pa_o.status = 'APPROVED'${
              municipalityId ? ' and pa_o.municipality_id = ?::uuid' : ''
            } and ${decisionCounts('pa_o', p)})`,
    params: municipalityId ? [municipalityId] : [],
  };
}

/** Whose offer the viewer sees: a resident their own municipality's; anyone else the shop window of all (null). */
export function offerMunicipality(ctx: Pick<RequestContext, 'viewer'>): string | null {
  return ctx.viewer.kind === Audience.CUSTOMER ? ctx.viewer.municipalityId : null;
}

/** The public offer as this viewer sees it. */
export function offerFor(ctx: Pick<RequestContext, 'viewer'>, p = 'p'): SqlCondition {
  return inOffer(offerMunicipality(ctx), p);
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

/**
 * The summary status of a submitted product from the statuses of its decisions that count: the rule refreshStatuses
 * applies in SQL, for code that builds products outside the database (the demo seeder).
 */
export function summaryOf(decisions: readonly ProductApprovalStatus[]): ProductStatus {
  if (decisions.includes(ProductApprovalStatus.APPROVED)) return ProductStatus.APPROVED;
  if (decisions.includes(ProductApprovalStatus.PENDING) || decisions.length === 0) return ProductStatus.SUBMITTED;
  return ProductStatus.REJECTED;
}
