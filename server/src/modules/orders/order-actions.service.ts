import type { EntityManager } from '@mikro-orm/postgresql';
import { UserError } from '../../kernel/errors.js';
import { Audience } from '../../kernel/permissions.js';
import { isUuid } from '../../graphql/ids.js';
import { inScope } from '../../kernel/scope.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import { fail, ok, type Result } from '../../kernel/result.js';
import { DELIVERY_UNDO_MINUTES, orderReasonRules } from '../../rules/order.js';
import { COUNTER_HANDOVER_HINT, needsResidentProof, type HandoverMethodName } from '../../rules/handover.js';
import type { Rule } from '../../rules/rule.js';
import { actorOf } from '../arrangements/index.js';
import type { Actor } from '../ledger/index.js';
import type { AuditService } from '../audit/index.js';
import type { PaymentService } from '../payments/index.js';
import { Order, OrderEvent, type OrderStatus } from './order.entities.js';
import { HandoverRefusedError, OrderTransitionError, type OrderService } from './order.service.js';
import type { OrderViewService } from './order-view.service.js';
import type { OrderActionOutcome } from './order-work.types.js';
import { lockCheckout, lockOrder } from './order.queries.js';

type Who = 'provider' | 'customer' | 'staff';

interface ActionSpec {
  who: Who;
  /** The statuses this action may start from, for this kind of caller. */
  from: OrderStatus[];
  /** What the action is called in "kan niet meer worden …". */
  verb: string;
  change: (
    em: EntityManager,
    order: Order,
    actor: Actor,
    tx: RequestContext,
  ) => Promise<{ order: Order; refundCents: number; undoUntil?: Date | null } | { error: UserError }>;
}

const UNDO_WINDOW_MS = DELIVERY_UNDO_MINUTES * 60_000;

/** The timeline text of an undone delivery (OrderEvent.reason; the screens show "Levering ongedaan gemaakt"). */
export const DELIVERY_UNDONE_REASON = 'Levering ongedaan gemaakt';

/**
 * Until when the order's delivery can be undone: its last timeline step must be the delivery (nothing happened
 * after it) and that step less than DELIVERY_UNDO_MINUTES old on the clock. Null when it cannot (any more).
 */
async function undoableUntil(
  em: EntityManager,
  order: Order,
  now: Date,
): Promise<{ until: Date; event: OrderEvent } | null> {
  if (order.status !== 'DELIVERED') return null;
  const last = await em.findOne(OrderEvent, { orderId: order.id }, { orderBy: { id: 'desc' } });
  // The delivery step itself (placed or accepted → delivered), not any later step on a delivered order.
  if (!last || last.toStatus !== 'DELIVERED' || (last.fromStatus !== 'PLACED' && last.fromStatus !== 'ACCEPTED'))
    return null;
  const until = new Date(last.at.getTime() + UNDO_WINDOW_MS);
  return until > now ? { until, event: last } : null;
}

const NOT_FOUND = () => UserError.of('id', 'NOT_FOUND', 'Deze bestelling is niet gevonden.');

/**
 * The refusal of "Markeren als verzonden" (deliverOrder) for an order the resident collects or redeems: only the
 * counter, with the resident's card or code, hands it over.
 */
export const HANDOVER_AT_COUNTER = () =>
  UserError.of(
    null,
    'HANDOVER_AT_COUNTER',
    `Deze bestelling haalt de klant op bij u. ${COUNTER_HANDOVER_HINT} Dat doet u in de kassa-app; zonder pas of afhaalcode kunt u de bestelling niet als geleverd markeren.`,
  );

/**
 * What the counter checks inside the delivery's transaction, with the order locked and known to be the provider's own
 * and open: does the card or code the provider entered belong to this order's household? The hand-over it proves, or
 * why not.
 */
export type HandoverProof = (em: EntityManager, order: Order) => Promise<HandoverMethodName | UserError>;

/** Why an order in this status cannot get this action: a Dutch sentence for the payload. */
function refusal(status: OrderStatus, spec: ActionSpec): UserError {
  const message = (() => {
    if (spec.from.includes('DELIVERED')) {
      return status === 'CANCELLED'
        ? 'Deze bestelling is geannuleerd; er is geen levering om ongedaan te maken.'
        : 'Deze bestelling is niet als geleverd gemarkeerd; er is geen levering om ongedaan te maken.';
    }
    switch (status) {
      case 'AWAITING_PAYMENT':
        return 'Voor deze bestelling is de eigen bijdrage nog niet betaald. U kunt haar pas daarna behandelen.';
      case 'DELIVERED':
        return `Deze bestelling is al geleverd en kan niet meer worden ${spec.verb}.`;
      case 'CANCELLED':
        return `Deze bestelling is al geannuleerd en kan niet meer worden ${spec.verb}.`;
      case 'ACCEPTED':
        if (spec.who === 'customer') {
          return 'De aanbieder heeft uw bestelling al geaccepteerd. Wilt u haar toch annuleren? Neem dan contact op met de aanbieder.';
        }
        return 'Deze bestelling is al geaccepteerd.';
      default:
        return `Deze bestelling kan nu niet worden ${spec.verb}.`;
    }
  })();
  return UserError.of(null, 'INVALID_STATUS', message);
}

/** The reason checked with the shared rule (rules/order.ts): the clean text (null: none given), or the problem. */
function checkReason(r: Rule<string | null>, raw: string | null | undefined): Result<string | null> {
  const checked = r.check(raw);
  return checked.ok ? ok(checked.value) : fail(UserError.of('reason', checked.problem.code, checked.problem.message));
}

/**
 * What providers, customers and staff do with an order after checkout. Each action is one transaction through
 * OrderService (which locks the order, records the step on the timeline, books the money and tells the listeners,
 * e.g. the e-mail to the household): accept, reject (a cancel with a reason), the hand-over at the counter (with the
 * resident's card or code) or "verzonden" for an order that is sent, a customer's own cancel before acceptance, and a
 * staff cancel until delivery.
 *
 * Ownership is checked here: a provider acts only on its own orders, a customer only on its household's, staff only
 * within their municipality scope. An order the caller may not see is "not found", never "forbidden", so ids of
 * other providers' orders reveal nothing. A refused action changes nothing and returns `fail(…)` with a Dutch
 * UserError; the resolver maps the Result onto OrderActionPayload. Collaborators come through the constructor
 * (app/services.ts), so a job or an HTTP route calls an action with any RequestContext.
 */
export class OrderActionsService {
  constructor(
    private readonly orders: OrderService,
    private readonly payments: PaymentService,
    private readonly orderViews: OrderViewService,
    private readonly audit: AuditService,
  ) {}

  accept(ctx: RequestContext, id: string): Promise<Result<OrderActionOutcome>> {
    return this.act(ctx, id, {
      who: 'provider',
      from: ['PLACED'],
      verb: 'geaccepteerd',
      change: async (em, order, actor) => ({
        order: await this.orders.transition(em, order.id, 'ACCEPTED', actor),
        refundCents: 0,
      }),
    });
  }

  /**
   * "Markeren als verzonden": the provider reports an order it sends to the resident's address (every line a product
   * that is sent) as delivered, without card or code; the timeline and the payout batch say so (SENT_BY_PROVIDER).
   * Refused for an order the resident collects or redeems (HANDOVER_AT_COUNTER): that one is handed over only at the
   * counter (handOverAtCounter), and OrderService refuses it too, whoever calls.
   */
  deliver(ctx: RequestContext, id: string): Promise<Result<OrderActionOutcome>> {
    return this.act(ctx, id, {
      who: 'provider',
      from: ['PLACED', 'ACCEPTED'],
      verb: 'geleverd',
      change: async (em, order, actor, tx) => {
        if (needsResidentProof(order.redemptionMethod)) return { error: HANDOVER_AT_COUNTER() };
        return this.delivered(em, order, actor, tx, 'SENT_BY_PROVIDER');
      },
    });
  }

  /**
   * The counter hands an order over: the provider's own open order, and `prove` (CounterService) checks — inside this
   * transaction, with the order row locked — that the card or code entered belongs to its household. One transaction:
   * two hand-overs of the same order at once deliver it once, the other is told it is already delivered.
   */
  handOverAtCounter(ctx: RequestContext, id: string, prove: HandoverProof): Promise<Result<OrderActionOutcome>> {
    return this.act(ctx, id, {
      who: 'provider',
      from: ['PLACED', 'ACCEPTED'],
      verb: 'geleverd',
      change: async (em, order, actor, tx) => {
        const proven = await prove(em, order);
        if (proven instanceof UserError) return { error: proven };
        return this.delivered(em, order, actor, tx, proven);
      },
    });
  }

  private async delivered(
    em: EntityManager,
    order: Order,
    actor: Actor,
    tx: RequestContext,
    handover: HandoverMethodName,
  ): Promise<{ order: Order; refundCents: number; undoUntil: Date | null }> {
    const delivered = await this.orders.transition(em, order.id, 'DELIVERED', actor, { handover });
    const undo = await undoableUntil(em, delivered, tx.clock.now());
    return { order: delivered, refundCents: 0, undoUntil: undo?.until ?? null };
  }

  /**
   * The provider takes back a delivery (at the counter, or "Markeren als verzonden") within DELIVERY_UNDO_MINUTES (on the clock), when nothing happened
   * to the order after the delivery: the order goes back to the status it had (placed or accepted), in one transaction
   * with a timeline step and an audit row. No money moved on delivery, so none moves back; the household gets no new
   * message (the order is simply open again). Refused after the window, when the order is not (or no longer)
   * delivered, or when its last step is not the delivery.
   */
  undoDelivery(ctx: RequestContext, id: string): Promise<Result<OrderActionOutcome>> {
    return this.act(ctx, id, {
      who: 'provider',
      from: ['DELIVERED'],
      verb: 'teruggezet',
      change: async (em, order, actor, tx) => {
        const undo = await undoableUntil(em, order, tx.clock.now());
        if (!undo) {
          return {
            error: UserError.of(
              null,
              'UNDO_EXPIRED',
              `De levering kan niet meer ongedaan worden gemaakt: dat kan alleen binnen ${DELIVERY_UNDO_MINUTES} minuten na het markeren als geleverd. Neem zo nodig contact op met de gemeente.`,
            ),
          };
        }
        const back = undo.event.fromStatus!;
        order.status = back;
        em.create(OrderEvent, {
          orderId: order.id,
          fromStatus: 'DELIVERED',
          toStatus: back,
          actorKind: actor.kind,
          actorId: actor.id ?? null,
          reason: DELIVERY_UNDONE_REASON,
        });
        await em.flush();
        await this.audit.record(tx, {
          action: 'order.delivery_undone',
          subjectType: 'order',
          subjectId: order.id,
          details: { orderNumber: order.number, status: back, deliveredEventId: undo.event.id },
        });
        return { order, refundCents: 0 };
      },
    });
  }

  reject(ctx: RequestContext, id: string, reason: string): Promise<Result<OrderActionOutcome>> {
    const clean = checkReason(orderReasonRules.reject, reason);
    if (!clean.ok) return Promise.resolve(clean);
    return this.act(ctx, id, {
      who: 'provider',
      from: ['PLACED', 'ACCEPTED'],
      verb: 'afgewezen',
      change: (em, order, actor) => this.orders.cancel(em, order.id, actor, clean.value!),
    });
  }

  /** The customer cancels their household's order, only while the provider has not accepted it. */
  cancelMine(ctx: RequestContext, id: string, reason?: string | null): Promise<Result<OrderActionOutcome>> {
    const clean = checkReason(orderReasonRules.customerCancel, reason);
    if (!clean.ok) return Promise.resolve(clean);
    return this.act(ctx, id, {
      who: 'customer',
      from: ['PLACED'],
      verb: 'geannuleerd',
      change: (em, order, actor) => this.orders.cancel(em, order.id, actor, clean.value ?? 'Geannuleerd door de klant'),
    });
  }

  /**
   * "Bestelling annuleren" on an order whose own contribution is not paid yet: the waiting orders of its checkout (they
   * share one payment) are cancelled at once, with their budget back in the same transaction (OrderService.cancel), the
   * checkout locked first so a payment settling at the same moment comes before or after, never in between. After
   * commit the open payment is cancelled at the PSP (PaymentService.cancelOpenOfCheckout); money that still comes in
   * is refunded the way every late payment is.
   */
  async cancelUnpaid(ctx: RequestContext, id: string): Promise<Result<OrderActionOutcome>> {
    if (!isUuid(id) || ctx.viewer.kind !== Audience.CUSTOMER) return fail(NOT_FOUND());
    const actor = actorOf(ctx);
    const spec: ActionSpec = { who: 'customer', from: ['AWAITING_PAYMENT'], verb: 'geannuleerd', change: () => null! };
    let outcome: { order: Order; checkoutId: string } | { error: UserError };
    try {
      outcome = await transactional(ctx, async (tx) => {
        const em = tx.em;
        const found = await em.findOne(Order, id, { refresh: true });
        if (!found || !this.owns(ctx, 'customer', found)) return { error: NOT_FOUND() };
        await lockCheckout(em, found.checkoutId);
        const order = await em.findOneOrFail(Order, id, { refresh: true });
        if (order.status === 'PLACED' && order.contributionCents > 0) {
          return {
            error: UserError.of(
              null,
              'ALREADY_PAID',
              'Uw eigen bijdrage voor deze bestelling is al betaald. U kunt de bestelling hieronder nog annuleren zolang de aanbieder haar niet heeft geaccepteerd.',
            ),
          };
        }
        if (order.status !== 'AWAITING_PAYMENT') return { error: refusal(order.status, spec) };
        const cancelled = await this.orders.contributionFailed(
          em,
          order.checkoutId,
          actor,
          'Geannuleerd door de klant voordat de eigen bijdrage was betaald',
        );
        return { order: cancelled.find((o) => o.id === id) ?? order, checkoutId: order.checkoutId };
      });
    } catch (error) {
      if (error instanceof OrderTransitionError) return fail(refusal(error.from, spec));
      throw error;
    }
    if ('error' in outcome) return fail(outcome.error);
    ctx.log.info(
      { event: 'order_status_changed', orderId: outcome.order.id, status: outcome.order.status, by: actor.kind },
      'unpaid order cancelled',
    );
    await this.payments.cancelOpenOfCheckout(ctx, outcome.checkoutId);
    const [view] = await this.orderViews.views(ctx, [outcome.order]);
    return ok({ order: view!, refundCents: 0, undoUntil: null });
  }

  /** Staff cancel an order until it is delivered: budget back, own contribution refunded. */
  cancelByStaff(ctx: RequestContext, id: string, reason: string): Promise<Result<OrderActionOutcome>> {
    const clean = checkReason(orderReasonRules.staffCancel, reason);
    if (!clean.ok) return Promise.resolve(clean);
    return this.act(ctx, id, {
      who: 'staff',
      from: ['PLACED', 'ACCEPTED'],
      verb: 'geannuleerd',
      change: (em, order, actor) => this.orders.cancel(em, order.id, actor, clean.value!),
    });
  }

  /** Is this order the caller's to act on, as this kind of caller? */
  private owns(ctx: RequestContext, who: Who, order: Order): boolean {
    const v = ctx.viewer;
    switch (who) {
      case 'provider':
        return v.kind === Audience.PROVIDER && order.providerId === v.providerId;
      case 'customer':
        return v.kind === Audience.CUSTOMER && order.clientGroupId === v.clientGroupId;
      case 'staff':
        return (v.kind === Audience.STAFF || v.kind === Audience.API_CLIENT) && inScope(v, order.municipalityId);
    }
  }

  private async act(ctx: RequestContext, id: string, spec: ActionSpec): Promise<Result<OrderActionOutcome>> {
    if (!isUuid(id)) return fail(NOT_FOUND());
    const actor = actorOf(ctx);
    let outcome: { order: Order; refundCents: number; undoUntil?: Date | null } | { error: UserError };
    try {
      outcome = await transactional(ctx, async (tx) => {
        const em = tx.em;
        if (!(await lockOrder(em, id))) return { error: NOT_FOUND() };
        const order = await em.findOneOrFail(Order, id, { refresh: true });
        if (!this.owns(ctx, spec.who, order)) return { error: NOT_FOUND() };
        if (!spec.from.includes(order.status)) return { error: refusal(order.status, spec) };
        return spec.change(em, order, actor, tx);
      });
    } catch (error) {
      // The state machine refused after all (another request changed the order first): nothing was written.
      if (error instanceof OrderTransitionError) return fail(refusal(error.from, spec));
      // A delivery without the hand-over the order needs (the backstop in OrderService): nothing was written.
      if (error instanceof HandoverRefusedError) return fail(HANDOVER_AT_COUNTER());
      throw error;
    }
    if ('error' in outcome) return fail(outcome.error);
    ctx.log.info(
      { event: 'order_status_changed', orderId: outcome.order.id, status: outcome.order.status, by: actor.kind },
      'order status changed',
    );
    if (outcome.refundCents > 0) {
      // After commit (no PSP call under a row lock). A failed call leaves the cancel standing: the REFUND is in the
      // ledger, and the payments module's sweep retries the refund it could not send.
      try {
        await this.payments.refundForOrder(ctx.em, outcome.order.id);
      } catch (error) {
        ctx.log.error(
          { err: error, event: 'order_refund_failed', orderId: outcome.order.id },
          'own contribution refund failed',
        );
      }
    }
    const [view] = await this.orderViews.views(ctx, [outcome.order]);
    return ok({ order: view!, refundCents: outcome.refundCents, undoUntil: outcome.undoUntil ?? null });
  }
}
