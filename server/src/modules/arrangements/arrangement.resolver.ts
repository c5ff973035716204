import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Permission } from '../../graphql/auth/permissions.js';
import { ArrangementInput, ArrangementPayload, ArrangementView } from './arrangement.types.js';

@Resolver(() => ArrangementView)
export class ArrangementResolver {
  @Query(() => [ArrangementView], {
    description: 'Arrangements in your municipality scope (optionally of one municipality), with budget use from the ledger.',
  })
  @Requires(Permission.ARRANGEMENT_MANAGE, Permission.ASSIGNMENT_MANAGE)
  arrangements(
    @Ctx() ctx: Context,
    @Arg('municipalityId', () => ID, { nullable: true }) municipalityId?: string | null,
  ): Promise<ArrangementView[]> {
    return ctx.services.arrangements.list(ctx, municipalityId);
  }

  @Query(() => ArrangementView, { nullable: true, description: 'One arrangement in your scope; null otherwise.' })
  @Requires(Permission.ARRANGEMENT_MANAGE, Permission.ASSIGNMENT_MANAGE)
  arrangement(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<ArrangementView | null> {
    return ctx.services.arrangements.one(ctx, id);
  }

  @Mutation(() => ArrangementPayload, { description: 'Creates an arrangement for a municipality in your scope.' })
  @Requires(Permission.ARRANGEMENT_MANAGE)
  async createArrangement(@Arg('input', () => ArrangementInput) input: ArrangementInput, @Ctx() ctx: Context): Promise<ArrangementPayload> {
    return Object.assign(new ArrangementPayload(), await ctx.services.arrangements.create(ctx, input));
  }

  @Mutation(() => ArrangementPayload, {
    description: 'Changes an arrangement. Its municipality is fixed once it is granted; its validity must cover its assignments.',
  })
  @Requires(Permission.ARRANGEMENT_MANAGE)
  async updateArrangement(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => ArrangementInput) input: ArrangementInput,
    @Ctx() ctx: Context,
  ): Promise<ArrangementPayload> {
    return Object.assign(new ArrangementPayload(), await ctx.services.arrangements.update(ctx, id, input));
  }
}
