import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { UserError } from '../../graphql/errors.js';
import { Connection } from '../../graphql/pagination.js';
import { Payload } from '../../graphql/payload.js';
import { PersonalData, PersonalDataKind } from '../../graphql/personal-data.js';

export enum TemplateWording {
  FORMAL = 'FORMAL',
  INFORMAL = 'INFORMAL',
}
registerEnumType(TemplateWording, {
  name: 'TemplateWording',
  description: 'A template variant: formal ("u") or informal ("je").',
});

export enum TemplateChannel {
  EMAIL = 'EMAIL',
  INBOX = 'INBOX',
}
registerEnumType(TemplateChannel, {
  name: 'TemplateChannel',
  description: 'Where a template’s text goes: an e-mail, or a message in the resident’s inbox (subject = title).',
});

export enum MailStatusEnum {
  QUEUED = 'QUEUED',
  SENT = 'SENT',
  FAILED = 'FAILED',
  CANCELLED = 'CANCELLED',
}
registerEnumType(MailStatusEnum, { name: 'MailStatus', description: 'Where a mail in the mail log is.' });

@ObjectType({ description: 'A variable a template may use, with its Dutch description.' })
export class TemplateVariable {
  @Field(() => String, { description: 'Used in the text as {{ name }}.' })
  name!: string;

  @Field(() => String)
  description!: string;

  @Field(() => Boolean, { description: 'The text must use it (e.g. the link of a password reset).' })
  required!: boolean;
}

@ObjectType({ description: 'An e-mail template (sjabloon): Liquid text in a formal and an informal variant.' })
export class CommunicationTemplate {
  @Field(() => ID, { description: 'The template’s id.' })
  id!: string;

  @Field(() => String, { description: 'Stable key the application sends it by, e.g. ORDER_DELIVERED.' })
  key!: string;

  @Field(() => String, { description: 'The template’s name (Dutch).' })
  name!: string;

  @Field(() => TemplateChannel, { description: 'Whether it is an e-mail or an inbox message.' })
  channel!: TemplateChannel;

  @Field(() => String, { description: 'The subject line, with {{ variables }}.' })
  subject!: string;

  @Field(() => String, { description: 'The formal variant’s text, with {{ variables }} (Liquid).' })
  body!: string;

  @Field(() => String, { nullable: true, description: 'Null: no informal variant, the formal one is used.' })
  informalSubject!: string | null;

  @Field(() => String, { description: 'The informal variant’s text; null: the formal text is used.', nullable: true })
  informalBody!: string | null;

  @Field(() => [TemplateVariable], { description: 'The variables the text may use.' })
  variables!: TemplateVariable[];

  @Field(() => Boolean, { description: 'Both variants are the text the application shipped.' })
  isDefault!: boolean;

  @Field(() => Date, { description: 'When it was last changed.' })
  updatedAt!: Date;
}

@InputType()
export class UpdateTemplateInput {
  @Field(() => ID)
  templateId!: string;

  @Field(() => String)
  subject!: string;

  @Field(() => String)
  body!: string;

  @Field(() => String)
  informalSubject!: string;

  @Field(() => String)
  informalBody!: string;
}

@ObjectType({ description: 'The result of a template mutation.' })
export class TemplatePayload extends Payload(CommunicationTemplate, 'template') {}

@InputType()
export class TemplatePreviewInput {
  @Field(() => ID)
  templateId!: string;

  @Field(() => TemplateWording)
  variant!: TemplateWording;

  @Field(() => String)
  subject!: string;

  @Field(() => String)
  body!: string;
}

@ObjectType({ description: 'A template text rendered with sample data, or why it would be refused.' })
export class TemplatePreview {
  @Field(() => String, { nullable: true })
  subject!: string | null;

  @Field(() => String, { nullable: true })
  body!: string | null;

  @Field(() => [UserError])
  errors!: UserError[];
}

@ObjectType({ description: 'One mail in the mail log (no body).' })
export class MailLogEntry {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'The address, or "gewist" after the person was erased.' })
  @PersonalData(PersonalDataKind.CONTACT)
  to!: string;

  @Field(() => String, { nullable: true })
  templateKey!: string | null;

  @Field(() => String, { nullable: true, description: 'The template’s name, for the screen.' })
  templateName!: string | null;

  @Field(() => String)
  @PersonalData(PersonalDataKind.FREE_TEXT)
  subject!: string;

  @Field(() => MailStatusEnum)
  status!: MailStatusEnum;

  @Field(() => Int)
  attempts!: number;

  @Field(() => String, { nullable: true, description: 'The mail server’s last refusal, addresses removed.' })
  lastError!: string | null;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
  sentAt!: Date | null;
}

@ObjectType({ description: 'A page of the mail log, newest first.' })
export class MailLogConnection extends Connection(MailLogEntry, 'MailLogEntry') {}

@InputType({ description: 'Which mails the mail log shows. Every field is optional.' })
export class MailLogFilterInput {
  @Field(() => MailStatusEnum, { nullable: true })
  status?: MailStatusEnum | null;

  @Field(() => String, { nullable: true, description: 'Part of the address or the subject, case-insensitive.' })
  search?: string | null;

  @Field(() => String, { nullable: true })
  templateKey?: string | null;
}

@ObjectType({ description: 'The result of resending a failed mail.' })
export class ResendMailPayload extends Payload(MailLogEntry, 'mail') {}
