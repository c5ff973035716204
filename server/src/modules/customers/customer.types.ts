import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Payload } from '../../graphql/payload.js';
import type { Result } from '../../kernel/result.js';
import { Connection } from '../../graphql/pagination.js';
import { Municipality } from '../municipalities/index.js';
import { PersonalData, PersonalDataKind } from '../../graphql/personal-data.js';

/** What a card action returns: the card acted on (after a replacement: the new one) and the replaced card. */
export interface CardChange {
  card: CardView;
  replacedCard: CardView | null;
}

export enum CardStatusEnum {
  ACTIVE = 'ACTIVE',
  BLOCKED = 'BLOCKED',
  REPLACED = 'REPLACED',
}
registerEnumType(CardStatusEnum, {
  valuesConfig: {
    ACTIVE: { description: 'Can be used.' },
    BLOCKED: { description: 'Blocked (lost or stolen); cannot be used.' },
    REPLACED: { description: 'Replaced by a new card; cannot be used.' },
  },
  name: 'CardStatus',
  description:
    'ACTIVE: usable. BLOCKED: lost or stolen, refused at the counter. REPLACED: a newer card took its place.',
});

@ObjectType('Card', { description: 'A person’s card (pas).' })
export class CardView {
  @Field(() => ID, { description: 'The card’s id.' })
  id!: string;

  @Field(() => ID, { description: 'The id of the person the card belongs to.' })
  personId!: string;

  @Field(() => String, { description: 'The holder’s name.' })
  @PersonalData(PersonalDataKind.NAME)
  holderName!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'The full number (10 digits, the last a check digit). For staff, and for a customer in myOwnCard (their own card); null in the customer’s other answers.',
  })
  @PersonalData(PersonalDataKind.CARD_NUMBER)
  number!: string | null;

  @Field(() => String, { description: 'The last four digits, e.g. for "pas eindigend op 1234".' })
  lastDigits!: string;

  @Field(() => String, { description: 'The number with all but the last four digits hidden: ******1234.' })
  maskedNumber!: string;

  @Field(() => CardStatusEnum, { description: 'Whether the card can be used.' })
  status!: CardStatusEnum;

  @Field(() => Date, { description: 'When it was issued.' })
  issuedAt!: Date;

  @Field(() => Date, { description: 'When it was blocked; null when it is not.', nullable: true })
  blockedAt!: Date | null;
}

@ObjectType('Person', {
  description:
    'A resident (persoon). Staff see persons within their municipality scope (every read is audit-logged); a customer sees their own.',
})
export class PersonView {
  @Field(() => ID, { description: 'The person’s id.' })
  id!: string;

  @Field(() => String, { description: 'The municipality’s client number of this person (not the BSN).' })
  @PersonalData(PersonalDataKind.CLIENT_NUMBER)
  externalIdentifier!: string;

  @Field(() => ID, { description: 'The id of the person’s household.' })
  clientGroupId!: string;

  @Field(() => String, { description: 'The household’s client number.' })
  @PersonalData(PersonalDataKind.CLIENT_NUMBER)
  clientGroupNumber!: string;

  @Field(() => String, { description: 'The household’s name.' })
  @PersonalData(PersonalDataKind.NAME)
  clientGroupName!: string;

  @Field(() => Municipality, { description: 'The person’s municipality.' })
  municipality!: Municipality;

  @Field(() => String, { description: 'The first name.' })
  @PersonalData(PersonalDataKind.NAME)
  firstName!: string;

  @Field(() => String, { description: 'The last name.' })
  @PersonalData(PersonalDataKind.NAME)
  lastName!: string;

  @Field(() => String, { description: 'The full name.' })
  @PersonalData(PersonalDataKind.NAME)
  fullName!: string;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' })
  @PersonalData(PersonalDataKind.BIRTH_DATE)
  dateOfBirth!: string | null;

  @Field(() => String, { description: 'The e-mail address; null when unknown.', nullable: true })
  @PersonalData(PersonalDataKind.CONTACT)
  email!: string | null;

  @Field(() => String, { description: 'The phone number; null when unknown.', nullable: true })
  @PersonalData(PersonalDataKind.CONTACT)
  phone!: string | null;

  @Field(() => Boolean, {
    description: 'Whether a BSN is registered (reading it needs PERSON_READ_SENSITIVE: `personBsn`).',
  })
  hasBsn!: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'The BSN masked as *****1234; the full number only through `personBsn`.',
  })
  @PersonalData(PersonalDataKind.BSN)
  bsnMasked!: string | null;

  @Field(() => Boolean, { description: 'E-mail when an order of the household changes status.' })
  notifyOrderStatus!: boolean;

  @Field(() => Date, { nullable: true, description: 'When the personal data was erased; null for a normal person.' })
  erasedAt!: Date | null;

  @Field(() => [CardView], { description: 'Newest first.' })
  cards!: CardView[];

  @Field(() => Date, { description: 'When the person was registered.' })
  createdAt!: Date;
}

@ObjectType('ClientGroup', { description: 'A household (klantgroep) that arrangements are granted to.' })
export class ClientGroupView {
  @Field(() => ID, { description: 'The household’s id.' })
  id!: string;

  @Field(() => String, { description: 'The municipality’s client number of the household.' })
  @PersonalData(PersonalDataKind.CLIENT_NUMBER)
  clientNumber!: string;

  @Field(() => String, { description: 'The household’s name, e.g. "Huishouden Jansen".' })
  @PersonalData(PersonalDataKind.NAME)
  name!: string;

  @Field(() => Municipality, { description: 'The municipality the household belongs to.' })
  municipality!: Municipality;

  @Field(() => [PersonView], { description: 'Members, by name.' })
  @PersonalData(PersonalDataKind.HOUSEHOLD)
  members!: PersonView[];

  @Field(() => Int, { description: 'Orders of this household, all statuses.' })
  orderCount!: number;

  @Field(() => Date, { description: 'When the household was registered.' })
  createdAt!: Date;
}

@ObjectType({
  description:
    'A page of households (keyset paging: pass `pageInfo.endCursor` as `after` for the next page). Every page read is audit-logged.',
})
export class ClientGroupConnection extends Connection(ClientGroupView, 'ClientGroup') {}

@InputType({ description: 'Filters for the staff list of households; all optional and combined with AND.' })
export class ClientGroupFilter {
  @Field(() => String, {
    nullable: true,
    description:
      'Words that must each match the household: names, client numbers (household or member) or card numbers, also partly.',
  })
  search?: string | null;

  @Field(() => ID, { nullable: true, description: 'Only households of this municipality (within your scope).' })
  municipalityId?: string | null;
}

@InputType({ description: 'A new member of a household. It gets a new card.' })
export class AddClientGroupMemberInput {
  @Field(() => ID, { description: 'The id of the household (client group) the member joins.' })
  clientGroupId!: string;

  @Field(() => String, { description: 'The member’s first name.' })
  firstName!: string;

  @Field(() => String, { description: 'The member’s last name (with any prefix such as "van").' })
  lastName!: string;

  @Field(() => String, { description: 'YYYY-MM-DD' })
  dateOfBirth!: string;

  @Field(() => String, { nullable: true, description: 'The municipality’s client number; made up (P-…) when empty.' })
  externalIdentifier?: string | null;

  @Field(() => String, { description: 'The member’s e-mail address, optional.', nullable: true })
  email?: string | null;

  @Field(() => String, { description: 'The member’s phone number, optional.', nullable: true })
  phone?: string | null;

  @Field(() => String, {
    nullable: true,
    description: '9 digits passing the elfproef; stored encrypted, never shown in full.',
  })
  bsn?: string | null;
}

@InputType({ description: 'The contact details a customer manages themselves.' })
export class UpdateMyDetailsInput {
  @Field(() => String, { nullable: true, description: 'Empty: no e-mail address.' })
  email?: string | null;

  @Field(() => String, { nullable: true, description: 'Empty: no phone number.' })
  phone?: string | null;

  @Field(() => Boolean, { description: 'Whether to get an e-mail when an order’s status changes.' })
  notifyOrderStatus!: boolean;
}

@ObjectType({ description: 'The result of a change to a person.' })
export class PersonPayload extends Payload(PersonView, 'person') {}

@ObjectType({ description: 'The result of a card action.' })
export class CardPayload extends Payload(CardView, 'card', 'The card acted on; after a replacement: the new card.') {
  @Field(() => CardView, { nullable: true, description: 'After a replacement: the old card, now REPLACED.' })
  replacedCard!: CardView | null;

  /** The one mapping of a card action's Result: the card (and the replaced one) or the errors. */
  static fromChange(result: Result<CardChange>): CardPayload {
    const payload = CardPayload.from(result.ok ? { ok: true, value: result.value.card } : result) as CardPayload;
    payload.replacedCard = result.ok ? result.value.replacedCard : null;
    return payload;
  }
}

@ObjectType('CardPass', {
  description:
    'The digital card on the resident’s phone (/account/pas): one per card of the household the resident may show — their own, and that of a member with a budget of their own (a child’s Kindpakket). The QR code carries `token`, never the card number.',
})
export class CardPassView {
  @Field(() => CardView, { description: 'The card (number masked).' })
  card!: CardView;

  @Field(() => String, { description: 'The holder’s first name, as printed on the digital card.' })
  @PersonalData(PersonalDataKind.NAME)
  firstName!: string;

  @Field(() => Boolean, {
    description: 'Whether it is the logged-in resident’s own card (only that one can show its number).',
  })
  own!: boolean;

  @Field(() => String, { description: 'The name of the card’s municipality.' })
  municipalityName!: string;

  @Field(() => String, {
    nullable: true,
    description: 'The card’s colour (instellingen/digitale-pas); null: the platform’s colour.',
  })
  color!: string | null;

  @Field(() => String, {
    description:
      'The signed, short-lived code for the QR code: the counter (counterLookup) accepts it instead of the card number until `expiresAt`, and never once the card is blocked or replaced.',
  })
  token!: string;

  @Field(() => Date, {
    description: 'When the code stops working (made at the request, valid for the municipality’s window).',
  })
  expiresAt!: Date;

  @Field(() => Int, {
    description: 'How many hours a code works (instellingen/digitale-pas), for the resident’s explanation.',
  })
  validityHours!: number;
}
