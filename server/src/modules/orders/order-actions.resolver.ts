import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Audience, Permission } from '../../kernel/permissions.js';
import { OrderView } from './order.types.js';
import { OrderActionPayload } from './order-work.types.js';

/**
 * Order actions after checkout. Ownership and the allowed statuses are checked in OrderActionsService;
 * its Result becomes the payload in one mapping (OrderActionPayload.fromOutcome). */
@Resolver(() => OrderView)
export class OrderActionsResolver {
  @Mutation(() => OrderActionPayload, { description: 'The provider accepts an own placed order.' })
  @Requires(Audience.PROVIDER)
  async acceptOrder(
    @Arg('id', () => ID, { description: 'The id of the order to accept.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<OrderActionPayload> {
    return OrderActionPayload.fromOutcome(await ctx.services.orderActions.accept(ctx, id));
  }

  @Mutation(() => OrderActionPayload, {
    description:
      'The provider rejects an own placed or accepted order, with a reason the customer sees: the budget goes back and a paid own contribution is refunded.',
  })
  @Requires(Audience.PROVIDER)
  async rejectOrder(
    @Arg('id', () => ID, { description: 'The id of the own order to reject.' }) id: string,
    @Arg('reason', () => String, { description: 'Why it is rejected; the customer reads it (Dutch, free text).' })
    reason: string,
    @Ctx() ctx: Context,
  ): Promise<OrderActionPayload> {
    return OrderActionPayload.fromOutcome(await ctx.services.orderActions.reject(ctx, id, reason));
  }

  @Mutation(() => OrderActionPayload, {
    description:
      'The provider marks an own placed or accepted order that is sent to the customer (redemptionMethod DELIVERY) as sent: delivered without card or code, which its timeline and payout record (SENT_BY_PROVIDER). Refused with HANDOVER_AT_COUNTER for an order the customer collects: that is handed over with deliverAtCounter.',
  })
  @Requires(Audience.PROVIDER)
  async deliverOrder(
    @Arg('id', () => ID, { description: 'The id of the own order that was sent.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<OrderActionPayload> {
    return OrderActionPayload.fromOutcome(await ctx.services.orderActions.deliver(ctx, id));
  }

  @Mutation(() => OrderActionPayload, {
    description:
      'The provider undoes a delivery shortly after it (see undoUntil on deliverAtCounter and deliverOrder), when nothing happened to the order since: it goes back to placed or accepted.',
  })
  @Requires(Audience.PROVIDER)
  async undoDelivery(
    @Arg('id', () => ID, { description: 'The id of the own order marked delivered.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<OrderActionPayload> {
    return OrderActionPayload.fromOutcome(await ctx.services.orderActions.undoDelivery(ctx, id));
  }

  @Mutation(() => OrderActionPayload, {
    description:
      'The customer cancels a household order while the provider has not accepted it yet: the budget goes back and a paid own contribution is refunded.',
  })
  @Requires(Audience.CUSTOMER)
  async cancelMyOrder(
    @Arg('id', () => ID, { description: 'The id of the own household’s order to cancel.' }) id: string,
    @Ctx() ctx: Context,
    @Arg('reason', () => String, { nullable: true, description: 'Optional; the provider sees it.' })
    reason?: string | null,
  ): Promise<OrderActionPayload> {
    return OrderActionPayload.fromOutcome(await ctx.services.orderActions.cancelMine(ctx, id, reason));
  }

  @Mutation(() => OrderActionPayload, {
    description:
      'The customer cancels a household order whose own contribution is not paid yet (AWAITING_PAYMENT), with the other unpaid orders of the same checkout: the budget goes back at once and the open payment is cancelled; a payment that still comes in is refunded.',
  })
  @Requires(Audience.CUSTOMER)
  async cancelUnpaidOrder(
    @Arg('id', () => ID, { description: 'The id of the own household’s unpaid order to cancel.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<OrderActionPayload> {
    return OrderActionPayload.fromOutcome(await ctx.services.orderActions.cancelUnpaid(ctx, id));
  }

  @Mutation(() => OrderActionPayload, {
    description:
      'Staff cancel a placed or accepted order within their scope, with a reason: the budget goes back and a paid own contribution is refunded.',
  })
  @Requires(Permission.ORDER_CANCEL)
  async cancelOrder(
    @Arg('id', () => ID, { description: 'The id of the order to cancel.' }) id: string,
    @Arg('reason', () => String, {
      description: 'Why it is cancelled; shown to the customer and the provider (Dutch, free text).',
    })
    reason: string,
    @Ctx() ctx: Context,
  ): Promise<OrderActionPayload> {
    return OrderActionPayload.fromOutcome(await ctx.services.orderActions.cancelByStaff(ctx, id, reason));
  }
}
