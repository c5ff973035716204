import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { GraphQLString } from 'graphql';
import { Payload } from '../../graphql/payload.js';
import { Connection } from '../../graphql/pagination.js';
import { PersonalData, PersonalDataKind } from '../../graphql/personal-data.js';
import { MESSAGE_AUDIENCE_LABELS } from '../../rules/message.js';

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
  valuesConfig: Object.fromEntries(
    Object.entries(MESSAGE_AUDIENCE_LABELS).map(([k, description]) => [k, { description }]),
  ) as never,
});

export enum MassMessageStatus {
  QUEUED = 'QUEUED',
  SENDING = 'SENDING',
  SENT = 'SENT',
}
registerEnumType(MassMessageStatus, { name: 'MassMessageStatus' });

@InputType({ description: 'The audience of a message: the kind, the municipality, and what the kind needs.' })
export class MessageAudienceInput {
  @Field(() => MessageAudienceKind)
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

@InputType()
export class SendMassMessageInput extends ComposeMassMessageInput {
  @Field(() => String, {
    description: 'One per compose form: a second click with the same key returns the first send.',
  })
  idempotencyKey!: string;
}

@ObjectType('MassMessage', { description: 'A message sent to an audience (/admin/meldingen).' })
export class MassMessageView {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  municipalityId!: string;

  @Field(() => String)
  municipalityName!: string;

  @Field(() => MessageAudienceKind)
  audienceKind!: MessageAudienceKind;

  @Field(() => String, {
    description:
      'The audience in words, e.g. "Regeling Sport en cultuur (Zuiderveen)"; for one client group it names the client number.',
  })
  @PersonalData(PersonalDataKind.CLIENT_NUMBER)
  audienceLabel!: string;

  @Field(() => String)
  title!: string;

  @Field(() => String)
  body!: string;

  @Field(() => MassMessageStatus)
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

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
  finishedAt!: Date | null;
}

@ObjectType({ description: 'A page of the messages sent to audiences, newest first.' })
export class MassMessageConnection extends Connection(MassMessageView, 'MassMessage') {}

@InputType({ description: 'Which sent messages the list shows. Every field is optional.' })
export class MassMessageFilterInput {
  @Field(() => ID, { nullable: true })
  municipalityId?: string | null;

  @Field(() => MessageAudienceKind, { nullable: true })
  audienceKind?: MessageAudienceKind | null;

  @Field(() => String, { nullable: true, description: 'Part of the title or the audience, case-insensitive.' })
  search?: string | null;
}

@ObjectType({ description: 'How many people a message to this audience would reach.' })
export class MessageAudiencePreview {
  @Field(() => Int)
  recipientCount!: number;

  @Field(() => String)
  label!: string;
}

@ObjectType()
export class MessageAudiencePreviewPayload extends Payload(MessageAudiencePreview, 'preview') {}

@ObjectType()
export class MassMessagePayload extends Payload(MassMessageView, 'massMessage') {}

@ObjectType({ description: 'The result of a test send: the address it went to.' })
export class MassMessageTestPayload extends Payload<string, 'sentTo'>(GraphQLString, 'sentTo') {}

@ObjectType({ description: 'An arrangement to pick as the audience of a message.' })
export class MessageArrangementChoice {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;
}
