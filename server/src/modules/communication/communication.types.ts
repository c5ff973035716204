import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { UserError } from '../../kernel/errors.js';
import { Connection } from '../../graphql/pagination.js';
import { Payload } from '../../graphql/payload.js';
import { PersonalData, PersonalDataKind } from '../../graphql/personal-data.js';

export enum TemplateWording {
  FORMAL = 'FORMAL',
  INFORMAL = 'INFORMAL',
}
registerEnumType(TemplateWording, {
  valuesConfig: {
    FORMAL: { description: 'Formal wording ("u").' },
    INFORMAL: { description: 'Informal wording ("je").' },
  },
  name: 'TemplateWording',
  description: 'A template variant: formal ("u") or informal ("je").',
});

export enum TemplateChannel {
  EMAIL = 'EMAIL',
  INBOX = 'INBOX',
}
registerEnumType(TemplateChannel, {
  valuesConfig: {
    EMAIL: { description: 'An e-mail.' },
    INBOX: { description: 'A message in the resident’s inbox on the site.' },
  },
  name: 'TemplateChannel',
  description: 'Where a template’s text goes: an e-mail, or a message in the resident’s inbox (subject = title).',
});

export enum MailStatusEnum {
  QUEUED = 'QUEUED',
  SENT = 'SENT',
  FAILED = 'FAILED',
  CANCELLED = 'CANCELLED',
}
registerEnumType(MailStatusEnum, {
  valuesConfig: {
    CANCELLED: { description: 'Not sent, and will not be.' },
    FAILED: { description: 'Sending failed after its retries; it can be sent again.' },
    QUEUED: { description: 'Waiting to be sent (or retried).' },
    SENT: { description: 'Accepted by the mail server.' },
  },
  name: 'MailStatus',
  description: 'Where a mail in the mail log is.',
});

@ObjectType({ description: 'A variable a template may use, with its Dutch description.' })
export class TemplateVariable {
  @Field(() => String, { description: 'Used in the text as {{ name }}.' })
  name!: string;

  @Field(() => String, { description: 'What the variable holds (Dutch).' })
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

@InputType({ description: 'The new text of both variants of a communication template.' })
export class UpdateTemplateInput {
  @Field(() => ID, { description: 'The id of the template.' })
  templateId!: string;

  @Field(() => String, { description: 'The formal subject, with {{ variables }}.' })
  subject!: string;

  @Field(() => String, { description: 'The formal text, with {{ variables }}.' })
  body!: string;

  @Field(() => String, { description: 'The informal subject, with {{ variables }}.' })
  informalSubject!: string;

  @Field(() => String, { description: 'The informal text, with {{ variables }}.' })
  informalBody!: string;
}

@ObjectType({ description: 'The result of a template mutation.' })
export class TemplatePayload extends Payload(CommunicationTemplate, 'template') {}

@InputType({ description: 'An unsaved template text to render with sample data.' })
export class TemplatePreviewInput {
  @Field(() => ID, { description: 'The id of the template.' })
  templateId!: string;

  @Field(() => TemplateWording, { description: 'Which variant: formal or informal.' })
  variant!: TemplateWording;

  @Field(() => String, { description: 'The subject, with {{ variables }}.' })
  subject!: string;

  @Field(() => String, { description: 'The text, with {{ variables }}.' })
  body!: string;
}

@ObjectType({ description: 'A template text rendered with sample data, or why it would be refused.' })
export class TemplatePreview {
  @Field(() => String, { description: 'The rendered subject; null when it cannot be rendered.', nullable: true })
  subject!: string | null;

  @Field(() => String, {
    description: 'The rendered text; null when it cannot be rendered (see errors).',
    nullable: true,
  })
  body!: string | null;

  @Field(() => [UserError], { description: 'Empty when the text is fine; otherwise what is wrong, in Dutch.' })
  errors!: UserError[];
}

@ObjectType({ description: 'One mail in the mail log (no body).' })
export class MailLogEntry {
  @Field(() => ID, { description: 'The mail’s id.' })
  id!: string;

  @Field(() => String, { description: 'The address, or "gewist" after the person was erased.' })
  @PersonalData(PersonalDataKind.CONTACT)
  to!: string;

  @Field(() => String, {
    description: 'The communication template it was made from; null for a mail without template.',
    nullable: true,
  })
  templateKey!: string | null;

  @Field(() => String, { nullable: true, description: 'The template’s name, for the screen.' })
  templateName!: string | null;

  @Field(() => String, { description: 'The subject line.' })
  @PersonalData(PersonalDataKind.FREE_TEXT)
  subject!: string;

  @Field(() => MailStatusEnum, { description: 'Where the mail is.' })
  status!: MailStatusEnum;

  @Field(() => Int, { description: 'How often sending was tried.' })
  attempts!: number;

  @Field(() => String, { nullable: true, description: 'The mail server’s last refusal, addresses removed.' })
  lastError!: string | null;

  @Field(() => Date, { description: 'When the mail was queued.' })
  createdAt!: Date;

  @Field(() => Date, { description: 'When it was sent; null while not sent.', nullable: true })
  sentAt!: Date | null;
}

@ObjectType({ description: 'A page of the mail log, newest first.' })
export class MailLogConnection extends Connection(MailLogEntry, 'MailLogEntry') {}

@InputType({ description: 'Which mails the mail log shows. Every field is optional.' })
export class MailLogFilterInput {
  @Field(() => MailStatusEnum, { description: 'Only mails in this status.', nullable: true })
  status?: MailStatusEnum | null;

  @Field(() => String, { nullable: true, description: 'Part of the address or the subject, case-insensitive.' })
  search?: string | null;

  @Field(() => String, { description: 'Only mails of this template.', nullable: true })
  templateKey?: string | null;
}

@ObjectType({ description: 'The result of resending a failed mail.' })
export class ResendMailPayload extends Payload(MailLogEntry, 'mail') {}
