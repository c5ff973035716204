import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Audience, Permission } from '../../kernel/permissions.js';
import { ProviderMembership } from './provider-membership.entity.js';
import { mapResult } from '../../kernel/result.js';
import {
  InviteProviderUserInput,
  ProviderProfile,
  ProviderProfilePayload,
  InviteProviderUserPayload,
  ProviderUserInfo,
  RemoveProviderUserPayload,
  UpdateProviderInput,
} from './provider.types.js';

function currentUserId(ctx: Context): string | null {
  return ctx.viewer.kind === Audience.PROVIDER ? ctx.viewer.providerUserId : null;
}

@Resolver(() => ProviderProfile)
export class ProviderProfileResolver {
  @Query(() => ProviderProfile, {
    description: "The logged-in provider user's own organisation, with its private details.",
  })
  @Requires(Audience.PROVIDER)
  async myProvider(@Ctx() ctx: Context): Promise<ProviderProfile> {
    return ProviderProfile.from(await ctx.services.providers.myProvider(ctx));
  }

  @Query(() => ProviderProfile, {
    nullable: true,
    description: 'A provider with a membership in the staff member’s municipalities; null otherwise.',
  })
  @Requires(Permission.PROVIDER_APPROVE)
  async adminProvider(
    @Arg('id', () => ID, { description: 'The id of the provider.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<ProviderProfile | null> {
    const provider = await ctx.services.providers.adminProvider(ctx, id);
    return provider ? ProviderProfile.from(provider) : null;
  }

  @Mutation(() => ProviderProfilePayload, { description: "Changes the own organisation's details." })
  @Requires(Audience.PROVIDER)
  async updateMyProvider(
    @Arg('input', () => UpdateProviderInput, { description: 'The organisation’s new details.' })
    input: UpdateProviderInput,
    @Ctx() ctx: Context,
  ): Promise<ProviderProfilePayload> {
    const r = await ctx.services.providers.updateMyProvider(ctx, input);
    return ProviderProfilePayload.from(await mapResult(r, ProviderProfile.from));
  }

  @Mutation(() => InviteProviderUserPayload, {
    description:
      'Invites a colleague: an account for the own organisation and a mail with a link to choose a password. Answers the same (and as fast) for an address that already has an account; rate-limited per user and per invited address.',
  })
  @Requires(Audience.PROVIDER)
  async inviteProviderUser(
    @Arg('input', () => InviteProviderUserInput, { description: 'The colleague’s name and e-mail address.' })
    input: InviteProviderUserInput,
    @Ctx() ctx: Context,
  ): Promise<InviteProviderUserPayload> {
    const r = await ctx.services.providers.inviteUser(ctx, input);
    return InviteProviderUserPayload.from(r);
  }

  @Mutation(() => RemoveProviderUserPayload, {
    description: 'Removes a user of the own organisation: never yourself, never the last user.',
  })
  @Requires(Audience.PROVIDER)
  async removeProviderUser(
    @Arg('id', () => ID, { description: 'The id of the user to remove.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<RemoveProviderUserPayload> {
    const r = await ctx.services.providers.removeUser(ctx, id);
    return RemoveProviderUserPayload.from(r);
  }

  @FieldResolver(() => [ProviderUserInfo], { description: 'The users (log-ins) of the organisation.' })
  async users(@Root() provider: ProviderProfile, @Ctx() ctx: Context): Promise<ProviderUserInfo[]> {
    const me = currentUserId(ctx);
    return (await ctx.services.providers.users(ctx, provider.id)).map((u) => ProviderUserInfo.from(u, me));
  }

  @FieldResolver(() => [ProviderMembership], {
    description: 'Memberships per municipality; staff see those in their scope.',
  })
  memberships(@Root() provider: ProviderProfile, @Ctx() ctx: Context): Promise<ProviderMembership[]> {
    return ctx.services.memberships.membershipsOf(ctx, provider.id);
  }
}
