import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Audience, Permission } from '../../kernel/permissions.js';
import { Municipality } from '../municipalities/index.js';
import { Provider } from './provider.entity.js';
import { ProviderMembership } from './provider-membership.entity.js';
import {
  MembershipPayload,
  MunicipalityMembership,
  ProviderMembershipConnection,
  ProviderMembershipFilter,
} from './provider.types.js';
import type { Result } from './provider.service.js';
import { ListArgs } from '../../graphql/pagination.js';

function payload(r: Result<ProviderMembership>): MembershipPayload {
  return MembershipPayload.from(r);
}

@Resolver(() => ProviderMembership)
export class MembershipResolver {
  @Query(() => [MunicipalityMembership], {
    description: 'Every municipality, with the own organisation’s membership of each.',
  })
  @Requires(Audience.PROVIDER)
  async myMunicipalities(@Ctx() ctx: Context): Promise<MunicipalityMembership[]> {
    return (await ctx.services.memberships.myMunicipalities(ctx)).map((m) =>
      Object.assign(new MunicipalityMembership(), m),
    );
  }

  @Query(() => MunicipalityMembership, {
    nullable: true,
    description: 'One municipality with the own membership of it; null when it does not exist.',
  })
  @Requires(Audience.PROVIDER)
  async myMunicipality(
    @Arg('municipalityId', () => ID, { description: 'The id of the municipality.' }) municipalityId: string,
    @Ctx() ctx: Context,
  ): Promise<MunicipalityMembership | null> {
    const m = await ctx.services.memberships.myMunicipality(ctx, municipalityId);
    return m ? Object.assign(new MunicipalityMembership(), m) : null;
  }

  @Query(() => ProviderMembershipConnection, {
    description: 'Provider memberships in the staff member’s municipalities, newest application first.',
  })
  @Requires(Permission.PROVIDER_APPROVE)
  providerMemberships(
    @Ctx() ctx: Context,
    @Args(() => ListArgs) page: ListArgs,
    @Arg('filter', () => ProviderMembershipFilter, {
      description: 'Filters; all optional, combined with "and".',
      nullable: true,
    })
    filter?: ProviderMembershipFilter | null,
  ): Promise<ProviderMembershipConnection> {
    return ctx.services.memberships.adminList(ctx, filter, page);
  }

  @Mutation(() => MembershipPayload, {
    description: 'Applies the own organisation to a municipality (PENDING), accepting its current terms.',
  })
  @Requires(Audience.PROVIDER)
  async applyForMembership(
    @Arg('municipalityId', () => ID, { description: 'The id of the municipality to apply to.' }) municipalityId: string,
    @Arg('termsVersionId', () => ID, {
      description: 'The id of the terms version that was shown and is accepted (it must still be the current one).',
    })
    termsVersionId: string,
    @Arg('acceptTerms', () => Boolean, {
      description: 'Must be true: the organisation accepts the municipality’s current terms for providers.',
    })
    acceptTerms: boolean,
    @Ctx() ctx: Context,
  ): Promise<MembershipPayload> {
    return payload(await ctx.services.memberships.apply(ctx, municipalityId, termsVersionId, acceptTerms));
  }

  @Mutation(() => MembershipPayload, {
    description: 'Withdraws the own organisation from a municipality: its products are no longer shown there.',
  })
  @Requires(Audience.PROVIDER)
  async withdrawMembership(
    @Arg('municipalityId', () => ID, { description: 'The id of the municipality to withdraw from.' })
    municipalityId: string,
    @Ctx() ctx: Context,
  ): Promise<MembershipPayload> {
    return payload(await ctx.services.memberships.withdraw(ctx, municipalityId));
  }

  @Mutation(() => MembershipPayload, {
    description: 'Approves a pending membership in the staff member’s municipalities; mails the provider.',
  })
  @Requires(Permission.PROVIDER_APPROVE)
  async approveMembership(
    @Arg('id', () => ID, { description: 'The id of the pending membership.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<MembershipPayload> {
    return payload(await ctx.services.memberships.approve(ctx, id));
  }

  @Mutation(() => MembershipPayload, {
    description: 'Rejects a pending membership with a reason the provider sees; mails the provider.',
  })
  @Requires(Permission.PROVIDER_APPROVE)
  async rejectMembership(
    @Arg('id', () => ID, { description: 'The id of the pending membership.' }) id: string,
    @Arg('reason', () => String, { description: 'Why it is rejected; the provider reads it (Dutch, free text).' })
    reason: string,
    @Ctx() ctx: Context,
  ): Promise<MembershipPayload> {
    return payload(await ctx.services.memberships.reject(ctx, id, reason));
  }

  @FieldResolver(() => Municipality, { description: 'The municipality.' })
  async municipality(@Root() membership: ProviderMembership, @Ctx() ctx: Context): Promise<Municipality> {
    return (await ctx.loaders.municipality.load(membership.municipality.id))!;
  }

  @FieldResolver(() => Provider, {
    description: 'The provider (public details; staff open adminProvider for the rest).',
  })
  async provider(@Root() membership: ProviderMembership, @Ctx() ctx: Context): Promise<Provider> {
    return (await ctx.loaders.provider.load(membership.provider.id))!;
  }
}
