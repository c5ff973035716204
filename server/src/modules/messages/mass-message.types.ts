import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { GraphQLString } from 'graphql';
import { Payload } from '../../graphql/payload.js';
import { Connection } from '../../graphql/pagination.js';
import { PersonalData, PersonalDataKind } from '../../graphql/personal-data.js';

export enum MessageAudienceKind {
  MUNICIPALITY_RESIDENTS = 'MUNICIPALITY_RESIDENTS',
  ARRANGEMENT_HOLDERS = 'ARRANGEMENT_HOLDERS',
  CLIENT_GROUP = 'CLIENT_GROUP',
  ALL_PROVIDERS = 'ALL_PROVIDERS',
  MUNICIPALITY_PROVIDERS = 'MUNICIPALITY_PROVIDERS',
}
registerEnumType(MessageAudienceKind, {
  name: 'MessageAudienceKind',
  description: 'Who a message to an audience goes to. Residents get an inbox message (and e-mail), providers e-mail.',
  valuesConfig: {
    MUNICIPALITY_RESIDENTS: { description: 'Every resident of the municipality.' },
    ARRANGEMENT_HOLDERS: { description: 'Residents with an active assignment of one arrangement (`arrangementId`).' },
    CLIENT_GROUP: { description: 'One household (`clientNumber`).' },
    ALL_PROVIDERS: { description: 'Every provider on the platform.' },
    MUNICIPALITY_PROVIDERS: { description: 'The providers approved in the municipality.' },
  },
});

export enum MassMessageStatus {
  QUEUED = 'QUEUED',
  SENDING = 'SENDING',
  SENT = 'SENT',
}
registerEnumType(MassMessageStatus, {
  description: 'Where the sending of a message to an audience is.',
  valuesConfig: {
    QUEUED: { description: 'Waiting to be sent.' },
    SENDING: { description: 'Being delivered to the recipients in the background.' },
    SENT: { description: 'Delivered to every recipient.' },
  },
  name: 'MassMessageStatus',
});

@InputType({ description: 'The audience of a message: the kind, the municipality, and what the kind needs.' })
export class MessageAudienceInput {
  @Field(() => MessageAudienceKind, { description: 'The kind of audience.' })
  kind!: MessageAudienceKind;

  @Field(() => ID, { description: 'Within the sender’s municipalities. For ALL_PROVIDERS: the sending municipality.' })
  municipalityId!: string;

  @Field(() => ID, { nullable: true, description: 'ARRANGEMENT_HOLDERS: the arrangement.' })
  arrangementId?: string | null;

  @Field(() => String, { nullable: true, description: 'CLIENT_GROUP: the client number of the client group.' })
  clientNumber?: string | null;
}

@InputType({ description: 'A message as composed, before it is sent: title, text and audience.' })
export class ComposeMassMessageInput {
  @Field(() => MessageAudienceInput, { description: 'Who gets it.' })
  audience!: MessageAudienceInput;

  @Field(() => String, { description: 'The message’s title (Dutch).' })
  title!: string;

  @Field(() => String, { description: 'Plain text; paragraphs separated by a blank line.' })
  body!: string;
}

@InputType({ description: 'A message to send to an audience, with a key that makes sending it twice harmless.' })
export class SendMassMessageInput extends ComposeMassMessageInput {
  @Field(() => String, {
    description: 'One per compose form: a second click with the same key returns the first send.',
  })
  idempotencyKey!: string;
}

@ObjectType('MassMessage', { description: 'A message sent to an audience (/admin/meldingen).' })
export class MassMessageView {
  @Field(() => ID, { description: 'The message’s id.' })
  id!: string;

  @Field(() => ID, { description: 'The id of the municipality it was sent in.' })
  municipalityId!: string;

  @Field(() => String, { description: 'The municipality it was sent in.' })
  municipalityName!: string;

  @Field(() => MessageAudienceKind, { description: 'Who it was sent to.' })
  audienceKind!: MessageAudienceKind;

  @Field(() => String, {
    description:
      'The audience in words, e.g. "Regeling Sport en cultuur (Zuiderveen)"; for one client group it names the client number.',
  })
  @PersonalData(PersonalDataKind.CLIENT_NUMBER)
  audienceLabel!: string;

  @Field(() => String, { description: 'The title (Dutch).' })
  title!: string;

  @Field(() => String, { description: 'The text (Markdown, Dutch).' })
  body!: string;

  @Field(() => MassMessageStatus, { description: 'Where the sending is.' })
  status!: MassMessageStatus;

  @Field(() => Int, { description: 'Recipients when it was sent (the actual number once it is SENT).' })
  recipientCount!: number;

  @Field(() => Int, { description: 'Recipients done so far (progress).' })
  sentCount!: number;

  @Field(() => Int, { description: 'E-mails queued so far.' })
  mailCount!: number;

  @Field(() => Int, { description: 'Inbox messages that have been opened (residents only).' })
  readCount!: number;

  @Field(() => Boolean, { description: 'Whether the recipients are residents (with an inbox) rather than providers.' })
  residents!: boolean;

  @Field(() => Date, { description: 'When it was sent off.' })
  createdAt!: Date;

  @Field(() => Date, { description: 'When every recipient had it; null while sending.', nullable: true })
  finishedAt!: Date | null;
}

@ObjectType({ description: 'A page of the messages sent to audiences, newest first.' })
export class MassMessageConnection extends Connection(MassMessageView, 'MassMessage') {}

@InputType({ description: 'Which sent messages the list shows. Every field is optional.' })
export class MassMessageFilterInput {
  @Field(() => ID, { description: 'Only messages of this municipality.', nullable: true })
  municipalityId?: string | null;

  @Field(() => MessageAudienceKind, { description: 'Only messages to this kind of audience.', nullable: true })
  audienceKind?: MessageAudienceKind | null;

  @Field(() => String, { nullable: true, description: 'Part of the title or the audience, case-insensitive.' })
  search?: string | null;
}

@ObjectType({ description: 'How many people a message to this audience would reach.' })
export class MessageAudiencePreview {
  @Field(() => Int, { description: 'How many people it would reach.' })
  recipientCount!: number;

  @Field(() => String, { description: 'The audience in words (Dutch).' })
  label!: string;
}

@ObjectType({ description: 'The result of counting an audience.' })
export class MessageAudiencePreviewPayload extends Payload(MessageAudiencePreview, 'preview') {}

@ObjectType({ description: 'The result of sending a message to an audience.' })
export class MassMessagePayload extends Payload(MassMessageView, 'massMessage') {}

@ObjectType({ description: 'The result of a test send: the address it went to.' })
export class MassMessageTestPayload extends Payload<string, 'sentTo'>(GraphQLString, 'sentTo') {}

@ObjectType({ description: 'An arrangement to pick as the audience of a message.' })
export class MessageArrangementChoice {
  @Field(() => ID, { description: 'The arrangement’s id.' })
  id!: string;

  @Field(() => String, { description: 'The arrangement’s name.' })
  name!: string;
}
