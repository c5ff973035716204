import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Permission } from '../../kernel/permissions.js';
import {
  OnBehalfMember,
  OnBehalfOrderOptions,
  OnBehalfProduct,
  PlaceOrderOnBehalfInput,
  PlaceOrderOnBehalfPayload,
} from './on-behalf.types.js';

/** Ordering on a resident's behalf (a resident without DigiD or under administration). */
@Resolver()
export class OnBehalfOrderResolver {
  @Requires(Permission.ORDER_ON_BEHALF)
  @Query(() => OnBehalfOrderOptions, {
    nullable: true,
    description: 'What you may order for this person’s household; null when unknown or outside your scope.',
  })
  async onBehalfOrderOptions(
    @Ctx() ctx: Context,
    @Arg('personId', () => ID, { description: 'The person (id).' }) personId: string,
  ): Promise<OnBehalfOrderOptions | null> {
    const options = await ctx.services.onBehalfOrders.options(ctx, personId);
    if (!options) return null;
    return Object.assign(new OnBehalfOrderOptions(), {
      personId: options.personId,
      members: options.members.map((m) => Object.assign(new OnBehalfMember(), m)),
      products: options.products.map((p) => Object.assign(new OnBehalfProduct(), p)),
    });
  }

  @Requires(Permission.ORDER_ON_BEHALF)
  @Mutation(() => PlaceOrderOnBehalfPayload, {
    description:
      'Places an order for a resident on their behalf, with a reason; the budget must pay it in full (no own contribution).',
  })
  async placeOrderOnBehalf(
    @Ctx() ctx: Context,
    @Arg('input', () => PlaceOrderOnBehalfInput, {
      description: 'The household, the products and the reason for ordering on the resident’s behalf.',
    })
    input: PlaceOrderOnBehalfInput,
  ): Promise<PlaceOrderOnBehalfPayload> {
    return PlaceOrderOnBehalfPayload.from(await ctx.services.onBehalfOrders.place(ctx, input));
  }
}
