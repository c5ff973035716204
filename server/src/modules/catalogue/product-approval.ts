import type { RequestContext } from '../../kernel/request-context.js';
import { Audience } from '../../kernel/permissions.js';
import { ProductStatus } from './product.entity.js';
import { ProductApprovalStatus } from './product-approval.entity.js';

export {
  decisionCounts,
  dropOpenDecisions,
  membershipEnded,
  openDecisionsForMembership,
  openDecisionsForProduct,
  refreshStatuses,
} from './product-approval.queries.js';

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
 *
 * "In the offer" is kept in the database, never stale: `product.offer_municipalities` lists the municipalities whose
 * offer the product is in, kept by triggers in the same transaction as every change of a product's status, a decision
 * or a membership; the SQL function `product_offer_municipalities()` is the one definition of the rule above
 * (migration 20261129040000). Queries read the column, through partial indexes of the products in an offer.
 */

export interface SqlCondition {
  sql: string;
  params: unknown[];
}

/**
 * The SQL condition "product `p` is in the offer of `municipalityId`", or of at least one municipality when
 * `municipalityId` is null. (Both forms say `<> '{}'`: the partial indexes of the offer are on that predicate.)
 */
export function inOffer(municipalityId: string | null, p = 'p'): SqlCondition {
  return municipalityId
    ? {
        sql: `(${p}.offer_municipalities <> '{}' and ${p}.offer_municipalities @> array[?::uuid])`,
        params: [municipalityId],
      }
    : { sql: `${p}.offer_municipalities <> '{}'`, params: [] };
}

/**
 * The SQL condition "product `p` is in the offer of at least one of `municipalityIds`" (a text[] parameter), or of
 * any municipality when null.
 */
export function inOfferOfAny(municipalityIds: readonly string[] | null, p = 'p'): SqlCondition {
  return municipalityIds
    ? {
        sql: `(${p}.offer_municipalities <> '{}' and ${p}.offer_municipalities && ?::uuid[])`,
        params: [`{${municipalityIds.join(',')}}`],
      }
    : inOffer(null, p);
}

/** Whose offer the viewer sees: a resident their own municipality's; anyone else the shop window of all (null). */
export function offerMunicipality(ctx: Pick<RequestContext, 'viewer'>): string | null {
  return ctx.viewer.kind === Audience.CUSTOMER ? ctx.viewer.municipalityId : null;
}

/** The public offer as this viewer sees it. */
export function offerFor(ctx: Pick<RequestContext, 'viewer'>, p = 'p'): SqlCondition {
  return inOffer(offerMunicipality(ctx), p);
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
