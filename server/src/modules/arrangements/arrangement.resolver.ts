import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Permission } from '../../kernel/permissions.js';
import { ListArgs, type ConnectionOf } from '../../graphql/pagination.js';
import {
  ArrangementConnection,
  ArrangementFilter,
  ArrangementInput,
  ArrangementPayload,
  ArrangementView,
} from './arrangement.types.js';

@Resolver(() => ArrangementView)
export class ArrangementResolver {
  @Query(() => ArrangementConnection, {
    description: 'Arrangements in your municipality scope, latest validity first, with budget use from the ledger.',
  })
  @Requires(Permission.ARRANGEMENT_MANAGE, Permission.ASSIGNMENT_MANAGE)
  arrangements(
    @Ctx() ctx: Context,
    @Args(() => ListArgs) page: ListArgs,
    @Arg('filter', () => ArrangementFilter, {
      description: 'Filters; all optional, combined with "and".',
      nullable: true,
    })
    filter?: ArrangementFilter | null,
  ): Promise<ConnectionOf<ArrangementView>> {
    return ctx.services.arrangements.list(ctx, filter, page);
  }

  @Query(() => ArrangementView, { nullable: true, description: 'One arrangement in your scope; null otherwise.' })
  @Requires(Permission.ARRANGEMENT_MANAGE, Permission.ASSIGNMENT_MANAGE)
  arrangement(
    @Arg('id', () => ID, { description: 'The id of the arrangement.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<ArrangementView | null> {
    return ctx.services.arrangements.one(ctx, id);
  }

  @Mutation(() => ArrangementPayload, { description: 'Creates an arrangement for a municipality in your scope.' })
  @Requires(Permission.ARRANGEMENT_MANAGE)
  async createArrangement(
    @Arg('input', () => ArrangementInput, { description: 'The new arrangement.' }) input: ArrangementInput,
    @Ctx() ctx: Context,
  ): Promise<ArrangementPayload> {
    return ArrangementPayload.from(await ctx.services.arrangements.create(ctx, input));
  }

  @Mutation(() => ArrangementPayload, {
    description:
      'Changes an arrangement. Its municipality is fixed once it is granted; its validity must cover its assignments.',
  })
  @Requires(Permission.ARRANGEMENT_MANAGE)
  async updateArrangement(
    @Arg('id', () => ID, { description: 'The id of the arrangement to change.' }) id: string,
    @Arg('input', () => ArrangementInput, { description: 'The arrangement’s new values (all of them).' })
    input: ArrangementInput,
    @Ctx() ctx: Context,
  ): Promise<ArrangementPayload> {
    return ArrangementPayload.from(await ctx.services.arrangements.update(ctx, id, input));
  }
}
