import { Arg, Ctx, Field, FieldResolver, ID, InputType, Int, Mutation, ObjectType, Resolver, Root } from 'type-graphql';
import { GraphQLID } from 'graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Audience } from '../../kernel/permissions.js';
import { Payload } from '../../graphql/payload.js';
import { mapResult } from '../../kernel/result.js';
import { Provider } from './provider.entity.js';
import { ProviderLocation } from './provider-location.entity.js';
import { ProviderProfile, ProviderProfilePayload } from './provider.types.js';

@InputType({ description: 'The hours of one weekday. Both times empty (or `closed`): closed that day.' })
export class OpeningHoursInput {
  @Field(() => Int, { description: 'ISO weekday: 1 = Monday … 7 = Sunday.' }) weekday!: number;
  @Field(() => Boolean, { description: 'True when the location is closed that day.', nullable: true }) closed?:
    | boolean
    | null;
  @Field(() => String, { nullable: true, description: '"HH:MM".' }) opens?: string | null;
  @Field(() => String, { nullable: true, description: '"HH:MM", after `opens`.' }) closes?: string | null;
}

@InputType({
  description: 'A location of the own organisation: address and opening hours (a missing weekday is closed).',
})
export class ProviderLocationInput {
  @Field(() => String, { description: 'An optional name, e.g. "Winkel centrum".', nullable: true }) name?:
    | string
    | null;
  @Field(() => String, { description: 'The street.' }) street!: string;
  @Field(() => String, { description: 'The house number, with any addition.' }) houseNumber!: string;
  @Field(() => String, { description: 'The Dutch postcode, e.g. "1234 AB".' }) postcode!: string;
  @Field(() => String, { description: 'The city.' }) city!: string;
  @Field(() => [OpeningHoursInput], { description: 'Opening hours per weekday.' }) openingHours!: OpeningHoursInput[];
}

@ObjectType({ description: 'The result of adding or changing a location.' })
export class ProviderLocationPayload extends Payload(ProviderLocation, 'location') {}

@ObjectType({ description: 'The result of removing a location.' })
export class DeleteProviderLocationPayload extends Payload<string, 'deletedId'>(GraphQLID, 'deletedId') {}

const logoUrl = (key: string | null | undefined) => (key ? `/uploads/${key}` : null);

/** The public face of a provider: logo and locations, on the public type and on the own profile. */
@Resolver(() => Provider)
export class ProviderPresenceResolver {
  @FieldResolver(() => String, { nullable: true, description: 'URL of the logo (fits 400 × 400); null: none.' })
  logoUrl(@Root() provider: Provider): string | null {
    return logoUrl(provider.logoKey);
  }

  @FieldResolver(() => [ProviderLocation], { description: 'The locations with opening hours.' })
  locations(@Root() provider: Provider, @Ctx() ctx: Context): Promise<ProviderLocation[]> {
    return ctx.services.providerPresence.locationsOf(ctx, provider.id);
  }

  @Mutation(() => ProviderLocationPayload, {
    description: 'Adds a location to the own organisation (`id` null) or changes one of its locations.',
  })
  @Requires(Audience.PROVIDER)
  async saveProviderLocation(
    @Arg('input', () => ProviderLocationInput, { description: 'The location’s address and opening hours.' })
    input: ProviderLocationInput,
    @Ctx() ctx: Context,
    @Arg('id', () => ID, { description: 'The id of the location to change; null to add one.', nullable: true })
    id?: string | null,
  ): Promise<ProviderLocationPayload> {
    return ProviderLocationPayload.from(await ctx.services.providerPresence.saveLocation(ctx, id ?? null, input));
  }

  @Mutation(() => DeleteProviderLocationPayload, { description: 'Removes a location of the own organisation.' })
  @Requires(Audience.PROVIDER)
  async deleteProviderLocation(
    @Arg('id', () => ID, { description: 'The id of the location to remove.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<DeleteProviderLocationPayload> {
    return DeleteProviderLocationPayload.from(await ctx.services.providerPresence.deleteLocation(ctx, id));
  }

  @Mutation(() => ProviderProfilePayload, {
    description: 'Removes the own organisation’s logo. A logo is uploaded with POST /api/provider/logo.',
  })
  @Requires(Audience.PROVIDER)
  async removeProviderLogo(@Ctx() ctx: Context): Promise<ProviderProfilePayload> {
    const r = await mapResult(await ctx.services.providerPresence.removeLogo(ctx), ProviderProfile.from);
    return ProviderProfilePayload.from(r);
  }
}

@Resolver(() => ProviderProfile)
export class ProviderProfilePresenceResolver {
  @FieldResolver(() => [ProviderLocation], { description: 'The locations with opening hours.' })
  locations(@Root() provider: ProviderProfile, @Ctx() ctx: Context): Promise<ProviderLocation[]> {
    return ctx.services.providerPresence.locationsOf(ctx, provider.id);
  }
}
