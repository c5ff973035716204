import { Arg, Args, Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Audience } from '../../graphql/auth/permissions.js';
import { ListArgs } from '../../graphql/pagination.js';
import { clientAddress } from '../limits/limits.js';
import { OrderView } from './order.types.js';
import { CounterLookupPayload, OrderConnection, ProviderOrderFilter } from './order-work.types.js';

/** The provider's orders and the counter look-up. Only the logged-in provider's own orders, ever. */
@Resolver(() => OrderView)
export class ProviderOrdersResolver {
  @Query(() => OrderConnection, {
    description: 'The logged-in provider’s own orders (from the moment they were placed), newest first.',
  })
  @Requires(Audience.PROVIDER)
  async providerOrders(
    @Ctx() ctx: Context,
    @Args(() => ListArgs) page: ListArgs,
    @Arg('filter', () => ProviderOrderFilter, {
      description: 'Filters; all optional, combined with "and".',
      nullable: true,
    })
    filter?: ProviderOrderFilter | null,
  ): Promise<OrderConnection> {
    return ctx.services.orderLists.providerOrders(ctx, filter, page);
  }

  @Query(() => CounterLookupPayload, {
    description:
      'The counter screen: a card number (10 digits, spaces allowed) or a pickup code gives that household’s open orders with the logged-in provider. Rate-limited.',
  })
  @Requires(Audience.PROVIDER)
  async counterLookup(
    @Arg('code', () => String, { description: 'A card number (10 digits, spaces allowed) or a pickup code.' })
    code: string,
    @Ctx() ctx: Context,
  ): Promise<CounterLookupPayload> {
    return CounterLookupPayload.from(await ctx.services.counter.lookup(ctx, code, clientAddress(ctx.req)));
  }
}
