import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Audience } from '../../graphql/auth/permissions.js';
import { OrderStatusEnum, OrderView } from './order.types.js';
import { CounterLookupPayload, OrderConnection } from './order-work.types.js';

/** The provider's orders and the counter look-up. Only the logged-in provider's own orders, ever. */
@Resolver(() => OrderView)
export class ProviderOrdersResolver {
  @Query(() => OrderConnection, { description: 'The logged-in provider’s own orders (from the moment they were placed), newest first.' })
  @Requires(Audience.PROVIDER)
  async providerOrders(
    @Ctx() ctx: Context,
    @Arg('status', () => OrderStatusEnum, { nullable: true }) status?: OrderStatusEnum | null,
    @Arg('first', () => Int, { nullable: true, defaultValue: 25 }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
  ): Promise<OrderConnection> {
    return ctx.services.orderLists.providerOrders(ctx, { status, first, after });
  }

  @Query(() => CounterLookupPayload, {
    description:
      'The counter screen: a card number (10 digits, spaces allowed) or a pickup code gives that household’s open orders with the logged-in provider. Rate-limited.',
  })
  @Requires(Audience.PROVIDER)
  counterLookup(@Arg('code', () => String) code: string, @Ctx() ctx: Context): Promise<CounterLookupPayload> {
    return ctx.services.counter.lookup(ctx, code);
  }
}
