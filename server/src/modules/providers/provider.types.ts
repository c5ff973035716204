import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors.js';
import { Connection } from '../../graphql/pagination.js';
import type { Provider } from './provider.entity.js';
import type { ProviderUser } from './provider-user.entity.js';
import { MembershipStatus, ProviderMembership } from './provider-membership.entity.js';
import { Municipality } from '../municipalities/municipality.entity.js';

/**
 * A provider with its private details (KvK, IBAN, address, contact). Only returned to the provider's own users
 * (myProvider) and to staff with PROVIDER_APPROVE in scope (adminProvider); the public type is `Provider`.
 */
@ObjectType({
  description: 'A provider with its private details: for its own users and for staff who approve providers.',
})
export class ProviderProfile {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  slug!: string;

  @Field(() => String, { description: 'KvK number: 8 digits.' })
  kvkNumber!: string;

  @Field(() => String, { description: 'IBAN in electronic format (no spaces).' })
  iban!: string;

  @Field(() => String)
  street!: string;

  @Field(() => String, { description: 'Dutch postcode, "1234 AB".' })
  postcode!: string;

  @Field(() => String)
  city!: string;

  @Field(() => String, { description: "The organisation's contact e-mail address." })
  email!: string;

  @Field(() => String)
  phone!: string;

  @Field(() => String)
  website!: string;

  @Field(() => String)
  description!: string;

  @Field(() => String, { nullable: true, description: 'URL of the logo (fits 400 × 400); null: none.' })
  logoUrl!: string | null;

  @Field(() => Date)
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
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  email!: string;

  @Field(() => Boolean, {
    description: 'False until the user confirmed the address (or, when invited, chose a password).',
  })
  emailVerified!: boolean;

  @Field(() => Boolean, { description: 'True for the logged-in user.' })
  isCurrentUser!: boolean;

  @Field(() => Date, { nullable: true })
  lastLoginAt!: Date | null;

  @Field(() => Date)
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
  @Field(() => Municipality)
  municipality!: Municipality;

  @Field(() => ProviderMembership, { nullable: true })
  membership!: ProviderMembership | null;
}

@ObjectType()
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
  @Field(() => String) name!: string;
  @Field(() => String, { description: '8 digits; spaces and dots are ignored.' }) kvkNumber!: string;
  @Field(() => String, { description: 'Street and house number.' }) street!: string;
  @Field(() => String, { description: '"1234 AB".' }) postcode!: string;
  @Field(() => String) city!: string;
  @Field(() => String, { description: "The organisation's contact e-mail address." }) email!: string;
  @Field(() => String) phone!: string;
  @Field(() => String) iban!: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, { nullable: true }) website?: string | null;
  @Field(() => String, { description: 'Name of the first user.' }) userName!: string;
  @Field(() => String, { description: 'Log-in e-mail address of the first user.' }) userEmail!: string;
  @Field(() => String) password!: string;
  @Field(() => ID, { description: 'The id of the terms version shown (currentTerms.id).' }) termsVersionId!: string;
  @Field(() => Boolean) acceptTerms!: boolean;
}

@InputType({ description: "Changes to the logged-in provider's organisation details." })
export class UpdateProviderInput {
  @Field(() => String) name!: string;
  @Field(() => String) kvkNumber!: string;
  @Field(() => String) street!: string;
  @Field(() => String) postcode!: string;
  @Field(() => String) city!: string;
  @Field(() => String) email!: string;
  @Field(() => String) phone!: string;
  @Field(() => String) iban!: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, { nullable: true }) website?: string | null;
}

@InputType({ description: 'A colleague to invite to the own provider organisation.' })
export class InviteProviderUserInput {
  @Field(() => String, { description: 'Their name.' }) name!: string;
  @Field(() => String, { description: 'Their e-mail address: the invitation link goes there.' }) email!: string;
}

@ObjectType()
export class RegisterProviderPayload {
  @Field(() => Boolean, {
    description:
      'True when the registration was accepted. The same for an address that already has an account: that address is told by e-mail.',
  })
  submitted!: boolean;

  @Field(() => [UserError])
  errors!: UserError[];
}

@ObjectType()
export class ProviderProfilePayload {
  @Field(() => ProviderProfile, { nullable: true })
  provider!: ProviderProfile | null;

  @Field(() => [UserError])
  errors!: UserError[];
}

@ObjectType({ description: 'The result of inviting a provider user.' })
export class InviteProviderUserPayload {
  @Field(() => Boolean, {
    description:
      'True when the invitation was accepted. The same when the address already has an account: its owner is told by e-mail instead. The new colleague shows in the organisation’s users.',
  })
  invited!: boolean;

  @Field(() => [UserError], { description: 'Empty when it worked; otherwise what is wrong, in Dutch.' })
  errors!: UserError[];
}

@ObjectType()
export class RemoveProviderUserPayload {
  @Field(() => ID, { nullable: true })
  removedUserId!: string | null;

  @Field(() => [UserError])
  errors!: UserError[];
}

@ObjectType()
export class MembershipPayload {
  @Field(() => ProviderMembership, { nullable: true })
  membership!: ProviderMembership | null;

  @Field(() => [UserError])
  errors!: UserError[];
}
