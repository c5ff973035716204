import type { EntityManager } from '@mikro-orm/postgresql';
import type { RequestContext } from '../../kernel/request-context.js';
import { Audience } from '../../kernel/permissions.js';
import { isUuid } from '../../graphql/ids.js';
import { inScope } from '../../kernel/scope.js';
import { Order, OrderAllocation, OrderEvent, OrderLine } from './order.entities.js';
import type { RedemptionMethod } from '../catalogue/index.js';
import {
  OrderAllocationView,
  OrderEventView,
  OrderLineView,
  OrderStatusEnum,
  OrderView,
  type HandoverMethod,
} from './order.types.js';
import * as q from './order-view.queries.js';

/** What the views of orders are made of: their lines, timeline, allocations and the names they show. */
export interface OrderViewParts {
  lines: readonly OrderLine[];
  events: readonly OrderEvent[];
  allocations: readonly OrderAllocation[];
  /** provider id → name */
  providerNames: ReadonlyMap<string, string>;
  /** assignment id → the arrangement's name */
  arrangementNames: ReadonlyMap<string, string>;
  /** person id → the name the viewer may see (a provider: the first name only) */
  beneficiaryNames: ReadonlyMap<string, string>;
}

/**
 * Reads orders for the API: who may see which order (customers their household's, providers their own, staff within
 * their municipality scope) and the views with lines, timeline and allocations in a fixed number of queries.
 */
export class OrderViewService {
  /** Can this viewer see this order? */
  canSee(ctx: RequestContext, order: Order): boolean {
    const v = ctx.viewer;
    switch (v.kind) {
      case Audience.CUSTOMER:
        return order.clientGroupId === v.clientGroupId;
      case Audience.PROVIDER:
        return order.providerId === v.providerId;
      case Audience.STAFF:
      case Audience.API_CLIENT:
        return inScope(v, order.municipalityId);
      default:
        return false;
    }
  }

  async one(ctx: RequestContext, id: string): Promise<OrderView | null> {
    if (!isUuid(id)) return null;
    const order = await ctx.em.findOne(Order, id);
    if (!order || !this.canSee(ctx, order)) return null;
    const [view] = await this.views(ctx, [order]);
    return view ?? null;
  }

  async views(ctx: RequestContext, orders: Order[]): Promise<OrderView[]> {
    if (!orders.length) return [];
    const em: EntityManager = ctx.em;
    const ids = orders.map((o) => o.id);
    const [lines, events, allocations, providers, arrangements, beneficiaries] = await Promise.all([
      em.find(OrderLine, { orderId: { $in: ids } }, { orderBy: { title: 'asc' } }),
      em.find(OrderEvent, { orderId: { $in: ids } }, { orderBy: { id: 'asc' } }),
      em.find(OrderAllocation, { orderId: { $in: ids } }),
      q.providerNames(em, [...new Set(orders.map((o) => o.providerId))]),
      q.allocationArrangementNames(em, ids),
      q.lineBeneficiaries(em, ids),
    ]);
    // A provider sees a resident's first name only (as with the customer): so also for whom a line is.
    const firstNameOnly = ctx.viewer.kind === Audience.PROVIDER;
    return this.assemble(ctx, orders, {
      lines,
      events,
      allocations,
      providerNames: new Map(providers.map((p) => [p.id, p.name])),
      arrangementNames: new Map(arrangements.map((a) => [a.assignment_id, a.name])),
      beneficiaryNames: new Map(beneficiaries.map((b) => [b.id, firstNameOnly ? b.first_name : b.name])),
    });
  }

  /**
   * The views of orders whose parts the caller already holds (the checkout that just wrote them: no statement). `lines`
   * in title order and `events` in the order they happened, as `views` reads them; the names as the viewer may see them.
   */
  assemble(ctx: RequestContext, orders: Order[], parts: OrderViewParts): OrderView[] {
    const { lines, events, allocations, providerNames, arrangementNames, beneficiaryNames } = parts;
    // The pickup code is the resident's proof of a hand-over: only the household reads it (DESIGN.md §4, "Card").
    const showCode = ctx.viewer.kind === Audience.CUSTOMER;
    return orders.map((o) => {
      const timeline = events.filter((e) => e.orderId === o.id);
      const delivery = o.status === 'DELIVERED' ? timeline.findLast((e) => e.toStatus === 'DELIVERED') : undefined;
      return Object.assign(new OrderView(), {
        id: o.id,
        number: o.number,
        status: o.status as OrderStatusEnum,
        providerId: o.providerId,
        providerName: providerNames.get(o.providerId) ?? '',
        clientGroupId: o.clientGroupId,
        totalCents: o.totalCents,
        budgetCents: o.budgetCents,
        contributionCents: o.contributionCents,
        pickupCode: showCode ? o.pickupCode : null,
        redemptionMethod: o.redemptionMethod as RedemptionMethod,
        handoverMethod: (delivery?.handoverMethod ?? null) as HandoverMethod | null,
        cancelReason: o.cancelReason ?? null,
        placedOnBehalf: o.placedOnBehalf,
        onBehalfReason: o.placedOnBehalfReason ?? null,
        createdAt: o.createdAt,
        lines: lines
          .filter((l) => l.orderId === o.id)
          .map((l) =>
            Object.assign(new OrderLineView(), {
              id: l.id,
              productId: l.productId,
              title: l.title,
              unitPriceCents: l.unitPriceCents,
              quantity: l.quantity,
              totalCents: l.totalCents,
              beneficiaryId: l.beneficiaryId ?? null,
              beneficiaryName: l.beneficiaryId ? (beneficiaryNames.get(l.beneficiaryId) ?? null) : null,
            }),
          ),
        events: timeline.map((e) =>
          Object.assign(new OrderEventView(), {
            fromStatus: (e.fromStatus ?? null) as OrderStatusEnum | null,
            toStatus: e.toStatus as OrderStatusEnum,
            actorKind: e.actorKind,
            reason: e.reason ?? null,
            handoverMethod: (e.handoverMethod ?? null) as HandoverMethod | null,
            at: e.at,
          }),
        ),
        allocations: allocations
          .filter((a) => a.orderId === o.id)
          .map((a) =>
            Object.assign(new OrderAllocationView(), {
              assignmentId: a.assignmentId,
              arrangementName: arrangementNames.get(a.assignmentId) ?? '',
              amountCents: a.amountCents,
            }),
          ),
      });
    });
  }
}
