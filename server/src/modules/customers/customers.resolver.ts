import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { ListArgs } from '../../graphql/pagination.js';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Audience, Permission } from '../../kernel/permissions.js';
import { PersonalData, PersonalDataKind } from '../../graphql/personal-data.js';
import {
  AddClientGroupMemberInput,
  CardPassView,
  CardPayload,
  CardView,
  ClientGroupConnection,
  ClientGroupFilter,
  ClientGroupView,
  PersonPayload,
  PersonView,
  UpdateMyDetailsInput,
} from './customer.types.js';

/** Client groups, persons and cards: staff within their municipality scope; customers their own household. */
@Resolver(() => PersonView)
export class CustomersResolver {
  // ---- staff: client groups ----------------------------------------------------------------------------------

  @Query(() => ClientGroupConnection, {
    description: 'Households in your municipality scope, by name. Every page shown is audit-logged.',
  })
  @Requires(Permission.PERSON_READ)
  clientGroups(
    @Ctx() ctx: Context,
    @Args(() => ListArgs) page: ListArgs,
    @Arg('filter', () => ClientGroupFilter, {
      description: 'Filters; all optional, combined with "and".',
      nullable: true,
    })
    filter?: ClientGroupFilter | null,
  ): Promise<ClientGroupConnection> {
    return ctx.services.clientGroups.list(ctx, filter, page);
  }

  @Query(() => ClientGroupView, {
    nullable: true,
    description: 'One household with its members; null when unknown or out of scope. Audit-logged.',
  })
  @Requires(Permission.PERSON_READ)
  clientGroup(
    @Arg('id', () => ID, { description: 'The id of the household (client group).' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<ClientGroupView | null> {
    return ctx.services.clientGroups.detail(ctx, id);
  }

  @Mutation(() => PersonPayload, {
    description: 'Adds a member to a household, with a new card. The BSN is optional and checked with the elfproef.',
  })
  @Requires(Permission.PERSON_WRITE)
  async addClientGroupMember(
    @Arg('input', () => AddClientGroupMemberInput, { description: 'The new member and the household to add them to.' })
    input: AddClientGroupMemberInput,
    @Ctx() ctx: Context,
  ): Promise<PersonPayload> {
    return PersonPayload.from(await ctx.services.clientGroups.addMember(ctx, input));
  }

  // ---- staff: persons ----------------------------------------------------------------------------------------

  @Query(() => PersonView, {
    nullable: true,
    description: 'A person by client number; null when unknown or out of scope. Every read is audit-logged.',
  })
  @Requires(Permission.PERSON_READ)
  person(
    @Arg('externalIdentifier', () => String, {
      description: 'The person’s client number (the municipality’s own identifier).',
    })
    externalIdentifier: string,
    @Ctx() ctx: Context,
  ): Promise<PersonView | null> {
    return ctx.services.persons.detail(ctx, externalIdentifier);
  }

  @Query(() => String, {
    nullable: true,
    description: 'The full BSN of a person; null when none. Every reveal is audit-logged.',
  })
  @Requires(Permission.PERSON_READ_SENSITIVE)
  @PersonalData(PersonalDataKind.BSN)
  personBsn(
    @Arg('personId', () => ID, { description: 'The id of the person.' }) personId: string,
    @Ctx() ctx: Context,
  ): Promise<string | null> {
    return ctx.services.persons.revealBsn(ctx, personId);
  }

  @Mutation(() => PersonPayload, {
    description:
      'Erases a person’s personal data (AVG). `confirmation` must be the person’s client number. Orders and the ledger stay.',
  })
  @Requires(Permission.PERSON_DELETE)
  async erasePerson(
    @Arg('personId', () => ID, { description: 'The id of the person whose personal data is erased.' }) personId: string,
    @Arg('confirmation', () => String, {
      description: 'The person’s client number, typed again to confirm the erasure.',
    })
    confirmation: string,
    @Ctx() ctx: Context,
  ): Promise<PersonPayload> {
    return PersonPayload.from(await ctx.services.persons.erase(ctx, personId, confirmation));
  }

  // ---- staff: cards ------------------------------------------------------------------------------------------

  @Mutation(() => CardPayload, { description: 'Issues a new card to a person who has no active card.' })
  @Requires(Permission.CARD_MANAGE)
  async issueCard(
    @Arg('personId', () => ID, { description: 'The id of the person who gets the card.' }) personId: string,
    @Ctx() ctx: Context,
  ): Promise<CardPayload> {
    return CardPayload.fromChange(await ctx.services.cards.issue(ctx, personId));
  }

  @Mutation(() => CardPayload, { description: 'Blocks an active card (lost or stolen).' })
  @Requires(Permission.CARD_MANAGE)
  async blockCard(
    @Arg('cardId', () => ID, { description: 'The id of the card to block.' }) cardId: string,
    @Ctx() ctx: Context,
  ): Promise<CardPayload> {
    return CardPayload.fromChange(await ctx.services.cards.block(ctx, cardId));
  }

  @Mutation(() => CardPayload, {
    description: 'Replaces a card: the old one becomes REPLACED, a new ACTIVE card is issued.',
  })
  @Requires(Permission.CARD_MANAGE)
  async replaceCard(
    @Arg('cardId', () => ID, { description: 'The id of the card to replace.' }) cardId: string,
    @Ctx() ctx: Context,
  ): Promise<CardPayload> {
    return CardPayload.fromChange(await ctx.services.cards.replace(ctx, cardId));
  }

  // ---- customers ---------------------------------------------------------------------------------------------

  @Query(() => [CardView], {
    description: 'The cards of the logged-in customer’s household; numbers masked but for the last four digits.',
  })
  @Requires(Audience.CUSTOMER)
  myCards(@Ctx() ctx: Context): Promise<CardView[]> {
    return ctx.services.cards.mine(ctx);
  }

  @Query(() => [CardPassView], {
    description:
      'The logged-in resident’s digital cards (/account/pas): their own active card and those of household members with a budget of their own, each with a fresh signed code for the QR code (valid for the municipality’s window, instellingen/digitale-pas).',
  })
  @Requires(Audience.CUSTOMER)
  myCardPasses(@Ctx() ctx: Context): Promise<CardPassView[]> {
    return ctx.services.cardPasses.mine(ctx);
  }

  @Query(() => CardView, {
    nullable: true,
    description:
      'One of the logged-in customer’s own cards with its full number (their own, not a household member’s); null for any other card.',
  })
  @Requires(Audience.CUSTOMER)
  myOwnCard(
    @Arg('cardId', () => ID, { description: 'The id of the card (of the logged-in person).' }) cardId: string,
    @Ctx() ctx: Context,
  ): Promise<CardView | null> {
    return ctx.services.cards.mineWithNumber(ctx, cardId);
  }

  @Mutation(() => CardPayload, { description: 'Blocks a lost card of the customer’s own household.' })
  @Requires(Audience.CUSTOMER)
  async blockMyCard(
    @Arg('cardId', () => ID, { description: 'The id of the card to block (of the own household).' }) cardId: string,
    @Ctx() ctx: Context,
  ): Promise<CardPayload> {
    return CardPayload.fromChange(await ctx.services.cards.blockMine(ctx, cardId));
  }

  @Query(() => PersonView, { nullable: true, description: 'The logged-in customer’s own details.' })
  @Requires(Audience.CUSTOMER)
  myDetails(@Ctx() ctx: Context): Promise<PersonView | null> {
    return ctx.services.persons.mine(ctx);
  }

  @Mutation(() => PersonPayload, {
    description: 'The customer changes their e-mail address, phone number and notification preference.',
  })
  @Requires(Audience.CUSTOMER)
  async updateMyDetails(
    @Arg('input', () => UpdateMyDetailsInput, { description: 'The new contact details and preferences.' })
    input: UpdateMyDetailsInput,
    @Ctx() ctx: Context,
  ): Promise<PersonPayload> {
    return PersonPayload.from(await ctx.services.persons.updateMine(ctx, input));
  }
}
