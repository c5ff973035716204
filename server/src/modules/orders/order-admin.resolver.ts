import { Arg, Args, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Permission } from '../../kernel/permissions.js';
import { ListArgs } from '../../graphql/pagination.js';
import { Provider } from '../providers/index.js';
import { OrderView } from './order.types.js';
import { AdminOrderFilter, OrderConnection, PersonOrderFilter } from './order-work.types.js';

/** Staff order screens: search, one order, the provider filter; always within the municipality scope. */
@Resolver(() => OrderView)
export class OrderAdminResolver {
  @Query(() => OrderConnection, {
    nullable: true,
    description:
      'The orders of a person’s household, newest first; null when the person is unknown or out of scope. The person is ' +
      'the subject of the list (like the id of a detail query), so it is an argument; `filter` only narrows it.',
  })
  @Requires(Permission.PERSON_READ)
  async personOrders(
    @Arg('externalIdentifier', () => String, {
      description: 'The person’s client number (the municipality’s own identifier).',
    })
    externalIdentifier: string,
    @Ctx() ctx: Context,
    @Args(() => ListArgs) page: ListArgs,
    @Arg('filter', () => PersonOrderFilter, {
      description: 'Filters; all optional, combined with "and".',
      nullable: true,
    })
    filter?: PersonOrderFilter | null,
  ): Promise<OrderConnection | null> {
    const clientGroupId = await ctx.services.persons.householdOf(ctx, externalIdentifier);
    return clientGroupId ? ctx.services.orderLists.household(ctx, clientGroupId, filter, page) : null;
  }

  @Query(() => OrderConnection, { description: 'Orders within your municipality scope, newest first.' })
  @Requires(Permission.ORDER_READ)
  async adminOrders(
    @Ctx() ctx: Context,
    @Args(() => ListArgs) page: ListArgs,
    @Arg('filter', () => AdminOrderFilter, {
      description: 'Filters; all optional, combined with "and".',
      nullable: true,
    })
    filter?: AdminOrderFilter | null,
  ): Promise<OrderConnection> {
    return ctx.services.orderLists.adminOrders(ctx, filter, page);
  }

  @Query(() => OrderView, { nullable: true, description: 'One order within your municipality scope; null otherwise.' })
  @Requires(Permission.ORDER_READ)
  adminOrder(
    @Arg('id', () => ID, { description: 'The id of the order.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<OrderView | null> {
    return ctx.services.orderViews.one(ctx, id);
  }

  @Query(() => [Provider], {
    description: 'Providers with orders within your municipality scope, by name (the provider filter).',
  })
  @Requires(Permission.ORDER_READ)
  adminOrderProviders(@Ctx() ctx: Context): Promise<Provider[]> {
    return ctx.services.orderLists.adminOrderProviders(ctx);
  }
}
