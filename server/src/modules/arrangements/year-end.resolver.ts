import { Arg, Ctx, FieldResolver, ID, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Permission } from '../../kernel/permissions.js';
import { Payload } from '../../graphql/payload.js';
import { ArrangementPayload, ArrangementView } from './arrangement.types.js';
import { RegrantPreview, RegrantRun, RegrantRunPayload } from './year-end.types.js';

@ObjectType({ description: 'The preview of a bulk grant, or why there is none.' })
export class RegrantPreviewPayload extends Payload(RegrantPreview, 'preview') {}

/** Year end: copying an arrangement to its next period and granting it again to last period's holders. */
@Resolver(() => ArrangementView)
export class YearEndResolver {
  @FieldResolver(() => ID, {
    nullable: true,
    description: 'The arrangement of the previous period this one was copied from.',
  })
  async previousPeriodArrangementId(@Root() a: ArrangementView, @Ctx() ctx: Context): Promise<string | null> {
    return (await ctx.services.yearEnd.linked(ctx.em, a.id)).previousId;
  }

  @FieldResolver(() => ID, { nullable: true, description: 'The copy of this arrangement for the next period.' })
  async nextPeriodArrangementId(@Root() a: ArrangementView, @Ctx() ctx: Context): Promise<string | null> {
    return (await ctx.services.yearEnd.linked(ctx.em, a.id)).nextId;
  }

  @Mutation(() => ArrangementPayload, {
    description:
      'Copies an arrangement to its next period: the same rules, the dates moved by its period length. Once per arrangement.',
  })
  @Requires(Permission.ARRANGEMENT_MANAGE)
  async copyArrangementToNextPeriod(
    @Arg('id', () => ID, { description: 'The id of the arrangement to copy.' }) id: string,
    @Arg('name', () => String, { nullable: true, description: 'Default: the name with the new year.' })
    name: string | null,
    @Ctx() ctx: Context,
  ): Promise<ArrangementPayload> {
    return ArrangementPayload.from(await ctx.services.yearEnd.copyToNextPeriod(ctx, id, name));
  }

  @Query(() => RegrantPreviewPayload, {
    description: 'Who of the previous period’s holders would get this (copied) arrangement, for how much, and why not.',
  })
  @Requires(Permission.ASSIGNMENT_MANAGE)
  async regrantPreview(
    @Arg('arrangementId', () => ID, { description: 'The id of the (copied) arrangement.' }) arrangementId: string,
    @Ctx() ctx: Context,
  ): Promise<RegrantPreviewPayload> {
    return RegrantPreviewPayload.from(await ctx.services.yearEnd.regrantPreview(ctx, arrangementId));
  }

  @Query(() => RegrantRun, { nullable: true, description: 'The latest bulk grant of an arrangement; null: none.' })
  @Requires(Permission.ASSIGNMENT_MANAGE)
  latestRegrantRun(
    @Arg('arrangementId', () => ID, { description: 'The id of the arrangement.' }) arrangementId: string,
    @Ctx() ctx: Context,
  ): Promise<RegrantRun | null> {
    return ctx.services.yearEnd.latestRegrantRun(ctx, arrangementId);
  }

  @Mutation(() => RegrantRunPayload, {
    description:
      'Grants this (copied) arrangement again to the previous period’s holders, in the background. Each holder is granted once, however often this runs.',
  })
  @Requires(Permission.ASSIGNMENT_MANAGE)
  async startRegrant(
    @Arg('arrangementId', () => ID, { description: 'The id of the (copied) arrangement to grant again.' })
    arrangementId: string,
    @Ctx() ctx: Context,
  ): Promise<RegrantRunPayload> {
    return RegrantRunPayload.from(await ctx.services.yearEnd.startRegrant(ctx, arrangementId));
  }
}
