import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { ContributionPaymentView } from '../payments/index.js';
import { Order } from './order.entities.js';
import { OrderView } from './order.types.js';

/** The orders a customer's own-contribution payment pays for (payments' type; the orders are this module's). */
@Resolver(() => ContributionPaymentView)
export class ContributionPaymentOrdersResolver {
  @FieldResolver(() => [OrderView], { description: 'The orders of the checkout it pays for.' })
  async orders(@Root() payment: ContributionPaymentView, @Ctx() ctx: Context): Promise<OrderView[]> {
    const orders = await ctx.em.find(
      Order,
      { checkoutId: payment.checkoutId },
      { orderBy: { number: 'asc' }, refresh: true },
    );
    return ctx.services.orderViews.views(ctx, orders);
  }
}
