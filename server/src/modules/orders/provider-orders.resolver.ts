import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Audience } from '../../kernel/permissions.js';
import { ListArgs } from '../../graphql/pagination.js';
import { clientAddress } from '../limits/index.js';
import { OrderView } from './order.types.js';
import { CounterLookupPayload, OrderActionPayload, OrderConnection, ProviderOrderFilter } from './order-work.types.js';

/** The provider's orders and the counter (look-up and hand-over). Only the logged-in provider's own orders, ever. */
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

  @Mutation(() => OrderActionPayload, {
    description:
      'The counter hands an order over: the provider enters (types or scans) the customer’s card number or pickup code again, and the order must be an open order of that customer’s household with the logged-in provider. The only way an order the customer collects (redemptionMethod PICKUP or VOUCHER_CODE) becomes DELIVERED; its timeline records whether the card or the code proved it. Rate-limited like counterLookup.',
  })
  @Requires(Audience.PROVIDER)
  async deliverAtCounter(
    @Arg('code', () => String, {
      description:
        'The card number (10 digits, spaces allowed) or pickup code the customer showed, typed or as scanned from the card’s barcode or the code’s QR code.',
    })
    code: string,
    @Arg('orderId', () => ID, { description: 'The id of the own open order to hand over.' }) orderId: string,
    @Ctx() ctx: Context,
  ): Promise<OrderActionPayload> {
    return OrderActionPayload.fromOutcome(
      await ctx.services.counter.deliver(ctx, code, orderId, clientAddress(ctx.req)),
    );
  }
}
