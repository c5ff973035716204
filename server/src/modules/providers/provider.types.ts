import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/pagination.js';
import { FlagPayload, Payload } from '../../graphql/payload.js';
import type { Provider } from './provider.entity.js';
import type { ProviderUser } from './provider-user.entity.js';
import { MembershipStatus, ProviderMembership } from './provider-membership.entity.js';
import { Municipality } from '../municipalities/index.js';

/**
 * A provider with its private details (KvK, IBAN, address, contact). Only returned to the provider's own users
 * (myProvider) and to staff with PROVIDER_APPROVE in scope (adminProvider); the public type is `Provider`.
 */
@ObjectType({
  description: 'A provider with its private details: for its own users and for staff who approve providers.',
})
export class ProviderProfile {
  @Field(() => ID, { description: 'The provider’s id.' })
  id!: string;

  @Field(() => String, { description: 'The organisation’s name.' })
  name!: string;

  @Field(() => String, { description: 'The name in URLs.' })
  slug!: string;

  @Field(() => String, { description: 'KvK number: 8 digits.' })
  kvkNumber!: string;

  @Field(() => String, { description: 'IBAN in electronic format (no spaces).' })
  iban!: string;

  @Field(() => String, { description: 'The street and house number.' })
  street!: string;

  @Field(() => String, { description: 'Dutch postcode, "1234 AB".' })
  postcode!: string;

  @Field(() => String, { description: 'The city.' })
  city!: string;

  @Field(() => String, { description: "The organisation's contact e-mail address." })
  email!: string;

  @Field(() => String, { description: 'The phone number.' })
  phone!: string;

  @Field(() => String, { description: 'The website; empty when none.' })
  website!: string;

  @Field(() => String, { description: 'What the provider offers (Markdown, Dutch).' })
  description!: string;

  @Field(() => String, { nullable: true, description: 'URL of the logo (fits 400 × 400); null: none.' })
  logoUrl!: string | null;

  @Field(() => Date, { description: 'When the organisation registered.' })
  createdAt!: Date;

  static from(p: Provider): ProviderProfile {
    return Object.assign(new ProviderProfile(), {
      id: p.id,
      name: p.name,
      slug: p.slug,
      kvkNumber: p.kvkNumber,
      iban: p.iban,
      street: p.street,
      postcode: p.postcode,
      city: p.city,
      email: p.email,
      phone: p.phone,
      website: p.website,
      description: p.description,
      logoUrl: p.logoKey ? `/uploads/${p.logoKey}` : null,
      createdAt: p.createdAt,
    });
  }
}

@ObjectType({ description: 'A log-in of a provider organisation.' })
export class ProviderUserInfo {
  @Field(() => ID, { description: 'The user’s id.' })
  id!: string;

  @Field(() => String, { description: 'The user’s name.' })
  name!: string;

  @Field(() => String, { description: 'The user’s e-mail address.' })
  email!: string;

  @Field(() => Boolean, {
    description: 'False until the user confirmed the address (or, when invited, chose a password).',
  })
  emailVerified!: boolean;

  @Field(() => Boolean, { description: 'True for the logged-in user.' })
  isCurrentUser!: boolean;

  @Field(() => Date, { description: 'When the user last logged in; null: never.', nullable: true })
  lastLoginAt!: Date | null;

  @Field(() => Date, { description: 'When the account was created.' })
  createdAt!: Date;

  static from(u: ProviderUser, currentUserId: string | null): ProviderUserInfo {
    return Object.assign(new ProviderUserInfo(), {
      id: u.id,
      name: u.name,
      email: u.email,
      emailVerified: !!u.emailVerifiedAt,
      isCurrentUser: u.id === currentUserId,
      lastLoginAt: u.lastLoginAt ?? null,
      createdAt: u.createdAt,
    });
  }
}

@ObjectType({ description: 'A municipality with the logged-in provider’s membership of it (null: never applied).' })
export class MunicipalityMembership {
  @Field(() => Municipality, { description: 'The municipality.' })
  municipality!: Municipality;

  @Field(() => ProviderMembership, {
    description: 'The own organisation’s membership of it; null when it never applied.',
    nullable: true,
  })
  membership!: ProviderMembership | null;
}

@ObjectType({
  description:
    'A page of provider memberships (keyset paging: pass `pageInfo.endCursor` as `after` for the next page).',
})
export class ProviderMembershipConnection extends Connection(ProviderMembership, 'ProviderMembership') {}

@InputType({ description: 'Which memberships `providerMemberships` gives. Every field is optional.' })
export class ProviderMembershipFilter {
  @Field(() => MembershipStatus, {
    nullable: true,
    description: 'Only memberships with this status (PENDING: the applications to decide on).',
  })
  status?: MembershipStatus | null;
}

@InputType({ description: 'A new provider organisation with its first user.' })
export class RegisterProviderInput {
  @Field(() => String, { description: 'The organisation’s name.' }) name!: string;
  @Field(() => String, { description: '8 digits; spaces and dots are ignored.' }) kvkNumber!: string;
  @Field(() => String, { description: 'Street and house number.' }) street!: string;
  @Field(() => String, { description: '"1234 AB".' }) postcode!: string;
  @Field(() => String, { description: 'The city.' }) city!: string;
  @Field(() => String, { description: "The organisation's contact e-mail address." }) email!: string;
  @Field(() => String, { description: 'The phone number.' }) phone!: string;
  @Field(() => String, { description: 'The IBAN payouts go to.' }) iban!: string;
  @Field(() => String, { description: 'What the provider offers (Markdown, Dutch), optional.', nullable: true })
  description?: string | null;
  @Field(() => String, { description: 'The website, optional.', nullable: true }) website?: string | null;
  @Field(() => String, { description: 'Name of the first user.' }) userName!: string;
  @Field(() => String, { description: 'Log-in e-mail address of the first user.' }) userEmail!: string;
  @Field(() => String, { description: 'The first user’s password (at least 12 characters).' }) password!: string;
  @Field(() => ID, { description: 'The id of the terms version shown (currentTerms.id).' }) termsVersionId!: string;
  @Field(() => Boolean, { description: 'Must be true: the organisation accepts the terms for providers.' })
  acceptTerms!: boolean;
}

@InputType({ description: "Changes to the logged-in provider's organisation details." })
export class UpdateProviderInput {
  @Field(() => String, { description: 'The organisation’s name.' }) name!: string;
  @Field(() => String, { description: 'The Chamber of Commerce (KvK) number, 8 digits.' }) kvkNumber!: string;
  @Field(() => String, { description: 'The street and house number.' }) street!: string;
  @Field(() => String, { description: 'The Dutch postcode, e.g. "1234 AB".' }) postcode!: string;
  @Field(() => String, { description: 'The city.' }) city!: string;
  @Field(() => String, { description: 'The organisation’s e-mail address.' }) email!: string;
  @Field(() => String, { description: 'The phone number.' }) phone!: string;
  @Field(() => String, { description: 'The IBAN payouts go to.' }) iban!: string;
  @Field(() => String, { description: 'What the provider offers (Markdown, Dutch), optional.', nullable: true })
  description?: string | null;
  @Field(() => String, { description: 'The website, optional.', nullable: true }) website?: string | null;
}

@InputType({ description: 'A colleague to invite to the own provider organisation.' })
export class InviteProviderUserInput {
  @Field(() => String, { description: 'Their name.' }) name!: string;
  @Field(() => String, { description: 'Their e-mail address: the invitation link goes there.' }) email!: string;
}

@ObjectType({ description: 'The result of registering a provider.' })
export class RegisterProviderPayload extends FlagPayload(
  'submitted',
  'True when the registration was accepted. The same for an address that already has an account: that address is told by e-mail.',
) {}

@ObjectType({ description: 'The result of a change to the own organisation.' })
export class ProviderProfilePayload extends Payload(
  ProviderProfile,
  'provider',
  'The organisation after the change; null when it did not work.',
) {}

@ObjectType({ description: 'The result of inviting a provider user.' })
export class InviteProviderUserPayload extends FlagPayload(
  'invited',
  'True when the invitation was accepted. The same when the address already has an account: its owner is told by e-mail instead. The new colleague shows in the organisation’s users.',
) {}

@ObjectType({ description: 'The result of removing a provider user.' })
export class RemoveProviderUserPayload extends Payload<string, 'removedUserId'>(
  ID,
  'removedUserId',
  'The id of the removed user; null when it did not work.',
) {}

@ObjectType({ description: 'The result of a membership change.' })
export class MembershipPayload extends Payload(
  ProviderMembership,
  'membership',
  'The membership after the change; null when it did not work.',
) {}
