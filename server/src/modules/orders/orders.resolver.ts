import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Audience, Permission } from '../../kernel/permissions.js';
import { ListArgs } from '../../graphql/pagination.js';
import { MyOrderFilter, OrderConnection } from './order-work.types.js';
import { CheckoutInput, CheckoutPayload, OrderView } from './order.types.js';

@Resolver(() => OrderView)
export class OrdersResolver {
  @Query(() => OrderConnection, { description: 'The logged-in customer’s household orders, newest first.' })
  @Requires(Audience.CUSTOMER)
  myOrders(
    @Ctx() ctx: Context,
    @Args(() => ListArgs) page: ListArgs,
    @Arg('filter', () => MyOrderFilter, { description: 'Filters; all optional, combined with "and".', nullable: true })
    filter?: MyOrderFilter | null,
  ): Promise<OrderConnection> {
    return ctx.services.orderLists.mine(ctx, filter, page);
  }

  @Query(() => OrderView, {
    nullable: true,
    description:
      'One order the viewer may see: the customer’s household’s, the provider’s own, or (ORDER_READ) within staff scope.',
  })
  @Requires(Audience.CUSTOMER, Audience.PROVIDER, Permission.ORDER_READ)
  order(
    @Arg('id', () => ID, { description: 'The id of the order.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<OrderView | null> {
    return ctx.services.orderViews.one(ctx, id);
  }

  @Mutation(() => CheckoutPayload, {
    description: 'Places the order: one order per provider, paid from the budget first.',
  })
  @Requires(Audience.CUSTOMER)
  async checkout(
    @Arg('input', () => CheckoutInput, {
      description: 'The lines to order (products, quantities and for whom), as the checkout preview showed them.',
    })
    input: CheckoutInput,
    @Ctx() ctx: Context,
  ): Promise<CheckoutPayload> {
    return CheckoutPayload.from(await ctx.services.checkout.place(ctx, input));
  }
}
