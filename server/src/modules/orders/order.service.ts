import type { EntityManager } from '@mikro-orm/postgresql';
import { handoverAllowed, type HandoverMethodName } from '../../rules/handover.js';
import type { Actor, LedgerService } from '../ledger/index.js';
import * as q from './order.queries.js';
import { Order, OrderEvent, type OrderStatus } from './order.entities.js';

/** Which status may follow which. Cancelling has its own method: it moves money. */
export const ORDER_TRANSITIONS: Record<OrderStatus, OrderStatus[]> = {
  AWAITING_PAYMENT: ['PLACED', 'CANCELLED'],
  PLACED: ['ACCEPTED', 'DELIVERED', 'CANCELLED'],
  ACCEPTED: ['DELIVERED', 'CANCELLED'],
  DELIVERED: [],
  CANCELLED: [],
};

export type OrderListener = (
  em: EntityManager,
  change: {
    order: Order;
    from: OrderStatus | null;
    to: OrderStatus;
    actor: Actor;
    reason: string | null;
    /** On a delivery: how it was handed over. */
    handover?: HandoverMethodName | null;
  },
) => Promise<void>;

export type OrderChange = Parameters<OrderListener>[1] & {
  /** The provider's name when the caller has it already (a checkout read it with the products): saves a lookup. */
  providerName?: string;
};

/**
 * A listener that takes several changes at once (a checkout's new orders): one statement per kind of work for all of
 * them instead of one per order. Registered with `onStatusChanges`.
 */
export type OrderBatchListener = (em: EntityManager, changes: readonly OrderChange[]) => Promise<void>;

export class OrderTransitionError extends Error {
  constructor(
    readonly from: OrderStatus,
    readonly to: OrderStatus,
  ) {
    super(`order cannot go from ${from} to ${to}`);
  }
}

/**
 * A delivery without the hand-over its order's way of delivery needs: a pick-up order (or a voucher) marked delivered
 * without the resident's card or code, or a delivery that does not say how. Nothing was written.
 */
export class HandoverRefusedError extends Error {
  constructor(
    readonly redemptionMethod: Order['redemptionMethod'],
    readonly handover: HandoverMethodName | null,
  ) {
    super(`order (${redemptionMethod}) cannot be delivered with hand-over ${handover ?? 'none'}`);
  }
}

/**
 * The order's life and the money that moves with it. Every method runs inside the caller's database transaction,
 * locks the order row, records the change on the timeline and tells the listeners (inbox message, e-mail to the mail log),
 * so a status change and its bookings commit together or not at all.
 */
export class OrderService {
  private readonly listeners: OrderBatchListener[] = [];

  constructor(private readonly ledger: LedgerService) {}

  /** Called on every status change, inside the transaction (notifications, e-mail to the mail log). */
  onStatusChange(listener: OrderListener): void {
    this.listeners.push(async (em, changes) => {
      for (const change of changes) await listener(em, change);
    });
  }

  /** As onStatusChange, with the changes made together (a checkout's orders) in one call. */
  onStatusChanges(listener: OrderBatchListener): void {
    this.listeners.push(listener);
  }

  async lock(em: EntityManager, orderId: string): Promise<Order> {
    if (!(await q.lockOrder(em, orderId))) throw new Error(`unknown order ${orderId}`);
    return em.findOneOrFail(Order, orderId, { refresh: true });
  }

  /** Records a new order's first status. */
  async recordCreated(em: EntityManager, order: Order, actor: Actor): Promise<void> {
    await this.record(em, order, null, order.status, actor, null);
  }

  /**
   * The first events of a checkout's new orders (placed, or waiting for payment), made but not written: the checkout
   * inserts them with its orders in one statement, then calls `announceCreated`.
   */
  createdEvents(orders: readonly Order[], actor: Actor): OrderEvent[] {
    return orders.map((order) =>
      Object.assign(new OrderEvent(), {
        orderId: order.id,
        fromStatus: null,
        toStatus: order.status,
        actorKind: actor.kind,
        actorId: actor.id ?? null,
        reason: null,
        handoverMethod: null,
      }),
    );
  }

  /**
   * A checkout's new orders (their events written with them, see `createdEvents`) told to the listeners at once.
   * `providerNames` (provider id → name), when the caller has them, save the listeners a lookup.
   */
  async announceCreated(
    em: EntityManager,
    orders: readonly Order[],
    actor: Actor,
    providerNames?: ReadonlyMap<string, string>,
  ): Promise<void> {
    const changes = orders.map((order) => ({
      order,
      from: null,
      to: order.status,
      actor,
      reason: null,
      providerName: providerNames?.get(order.providerId),
    }));
    for (const listener of this.listeners) await listener(em, changes);
  }

  private async record(
    em: EntityManager,
    order: Order,
    from: OrderStatus | null,
    to: OrderStatus,
    actor: Actor,
    reason: string | null,
    handover: HandoverMethodName | null = null,
  ) {
    em.create(OrderEvent, {
      orderId: order.id,
      fromStatus: from,
      toStatus: to,
      actorKind: actor.kind,
      actorId: actor.id ?? null,
      reason,
      handoverMethod: handover,
    });
    await em.flush();
    for (const listener of this.listeners) await listener(em, [{ order, from, to, actor, reason, handover }]);
  }

  /**
   * A plain status change (accept, deliver, paid). Refuses a change the state machine does not allow, and a delivery
   * whose hand-over the order's way of delivery does not allow (HandoverRefusedError): a pick-up order becomes
   * DELIVERED only with the resident's card or code (CounterService), whoever calls this.
   */
  async transition(
    em: EntityManager,
    orderId: string,
    to: Exclude<OrderStatus, 'CANCELLED'>,
    actor: Actor,
    options: { reason?: string | null; handover?: HandoverMethodName | null } = {},
  ): Promise<Order> {
    const order = await this.lock(em, orderId);
    const from = order.status;
    if (!ORDER_TRANSITIONS[from].includes(to)) throw new OrderTransitionError(from, to);
    const handover = to === 'DELIVERED' ? (options.handover ?? null) : null;
    if (to === 'DELIVERED' && (!handover || !handoverAllowed(order.redemptionMethod, handover)))
      throw new HandoverRefusedError(order.redemptionMethod, handover);
    order.status = to;
    await em.flush();
    await this.record(em, order, from, to, actor, options.reason ?? null, handover);
    return order;
  }

  /**
   * Cancels an order: the budget it used goes back to the assignments it came from (a CANCEL booking reversing the
   * SPEND), and a paid own contribution is booked back as a REFUND. Returns how much contribution must be refunded at
   * the PSP (the caller asks the PSP after commit).
   */
  async cancel(
    em: EntityManager,
    orderId: string,
    actor: Actor,
    reason: string,
  ): Promise<{ order: Order; refundCents: number }> {
    const order = await this.lock(em, orderId);
    const from = order.status;
    if (!ORDER_TRANSITIONS[from].includes('CANCELLED')) throw new OrderTransitionError(from, 'CANCELLED');
    const spends = await q.unreversedSpends(em, order.id);
    for (const spend of spends) {
      await this.ledger.reverse(em, spend.id, {
        kind: 'CANCEL',
        description: `Bestelling ${order.number} geannuleerd: tegoed terug`,
        actor,
      });
    }
    let refundCents = 0;
    const contributions = await q.unreversedContributions(em, order.id);
    for (const c of contributions) {
      await this.ledger.reverse(em, c.id, {
        kind: 'REFUND',
        description: `Eigen bijdrage bestelling ${order.number} terugbetaald`,
        actor,
      });
      refundCents += order.contributionCents;
    }
    order.status = 'CANCELLED';
    order.cancelReason = reason;
    await em.flush();
    await this.record(em, order, from, 'CANCELLED', actor, reason);
    return { order, refundCents };
  }

  /** The own contribution of a checkout was paid: book it and release its orders to the providers. */
  async contributionPaid(em: EntityManager, checkoutId: string, paymentId: string, actor: Actor): Promise<Order[]> {
    const orders = await em.find(Order, { checkoutId, status: 'AWAITING_PAYMENT' }, { orderBy: { id: 'asc' } });
    const released: Order[] = [];
    for (const o of orders) {
      const order = await this.lock(em, o.id);
      if (order.status !== 'AWAITING_PAYMENT') continue;
      if (order.contributionCents > 0) {
        await this.ledger.post(em, {
          kind: 'CONTRIBUTION',
          municipalityId: order.municipalityId,
          description: `Eigen bijdrage bestelling ${order.number}`,
          actor,
          orderId: order.id,
          paymentId,
          entries: [
            {
              accountId: await this.ledger.paymentClearingAccount(em, order.municipalityId),
              amountCents: -order.contributionCents,
            },
            {
              accountId: await this.ledger.providerPayableAccount(em, order.municipalityId, order.providerId),
              amountCents: order.contributionCents,
            },
          ],
        });
      }
      released.push(await this.transition(em, order.id, 'PLACED', actor, { reason: 'Eigen bijdrage betaald' }));
    }
    return released;
  }

  /** The payment failed, was cancelled or expired: its waiting orders are cancelled and the budget goes back. */
  async contributionFailed(em: EntityManager, checkoutId: string, actor: Actor, reason: string): Promise<Order[]> {
    const orders = await em.find(Order, { checkoutId, status: 'AWAITING_PAYMENT' }, { orderBy: { id: 'asc' } });
    const cancelled: Order[] = [];
    for (const o of orders) cancelled.push((await this.cancel(em, o.id, actor, reason)).order);
    return cancelled;
  }
}
