import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { Connection } from '../../graphql/pagination.js';
import { AUDIT_KIND_NAMES, AuditKind } from './audit-catalogue.js';

registerEnumType(AuditKind, {
  name: 'AuditKind',
  description: 'What kind of action an audit log row records (the catalogue of modules/audit/audit-catalogue.ts).',
  valuesConfig: {
    LOGIN: { description: 'Logging in and access (Inloggen).' },
    PERSONAL_DATA_READ: { description: 'Personal data read (Persoonsgegevens bekeken).' },
    CHANGE: { description: 'Data about residents changed (Gewijzigd).' },
    MONEY: { description: 'Payments, payouts and the journal (Geld).' },
    SETTINGS: { description: 'Settings, roles, keys and certificates (Instellingen).' },
    ADMINISTRATION: { description: 'Accounts, providers, the offer and content (Beheer).' },
  },
});

@ObjectType({ description: 'A kind of audit log action with its Dutch name, for filters.' })
export class AuditKindInfo {
  @Field(() => AuditKind, { description: 'The kind.' })
  kind!: AuditKind;

  @Field(() => String, { description: 'Its Dutch name, e.g. "Persoonsgegevens bekeken".' })
  name!: string;
}

export const AUDIT_KIND_INFOS: AuditKindInfo[] = (Object.keys(AUDIT_KIND_NAMES) as AuditKind[]).map((kind) => ({
  kind,
  name: AUDIT_KIND_NAMES[kind],
}));

@ObjectType({ description: 'One row of the audit log: who did or read what, when. Details hold ids, never values.' })
export class AuditLogEntry {
  @Field(() => ID, { description: 'The row’s id.' })
  id!: string;

  @Field(() => Date, { description: 'When it happened.' })
  at!: Date;

  @Field(() => String, { description: 'STAFF, PROVIDER, CUSTOMER, API_CLIENT, SYSTEM or ANONYMOUS.' })
  actorKind!: string;

  @Field(() => ID, {
    description: 'The id of who did it; null for the system or an anonymous visitor.',
    nullable: true,
  })
  actorId!: string | null;

  @Field(() => String, { nullable: true, description: 'The staff member’s or provider user’s name, or the job.' })
  actorName!: string | null;

  @Field(() => String, { description: 'What happened, as a code of the catalogue, e.g. "person.contact_updated".' })
  action!: string;

  @Field(() => String, { description: 'What happened, in Dutch, e.g. "Persoonsgegevens bekeken".' })
  actionName!: string;

  @Field(() => AuditKind, { description: 'The kind of action.' })
  kind!: AuditKind;

  @Field(() => String, { description: 'The kind of action in Dutch, e.g. "Gewijzigd".' })
  kindName!: string;

  @Field(() => String, {
    description:
      'The processing activity (verwerkingsactiviteit) it belongs to, in Dutch (LDV processing_activity_id).',
  })
  processingActivity!: string;

  @Field(() => String, { description: 'The purpose of that processing activity, in Dutch.' })
  purpose!: string;

  @Field(() => String, { description: 'The legal basis (grondslag) of that processing activity, in Dutch.' })
  legalBasis!: string;

  @Field(() => String, { nullable: true, description: 'A reason the actor stated (an operator’s visit), if any.' })
  reason!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The organisation that acted: the provider of a provider user, else the municipality of the row.',
  })
  organisation!: string | null;

  @Field(() => [String], { description: 'The fields read (`Type.field`), never their values; empty for changes.' })
  fields!: string[];

  @Field(() => [String], {
    description: 'The kinds of personal data read, in Dutch words ("naam", "contactgegevens").',
  })
  dataKinds!: string[];

  @Field(() => String, {
    nullable: true,
    description: 'The subject for people: a person’s name and client number, an order number, a settings title.',
  })
  subjectLabel!: string | null;

  @Field(() => String, { nullable: true, description: 'The client number of the person it is about, for a link.' })
  subjectPersonNumber!: string | null;

  @Field(() => ID, { nullable: true, description: 'The order it is about, for a link.' })
  subjectOrderId!: string | null;

  @Field(() => ID, {
    nullable: true,
    description:
      'The household it is about, for a link: when it is about a household itself, not a person or order in it.',
  })
  subjectHouseholdId!: string | null;

  @Field(() => String, { description: 'The kind of object it is about, e.g. "Person".', nullable: true })
  subjectType!: string | null;

  @Field(() => String, { description: 'The id of the object it is about.', nullable: true })
  subjectId!: string | null;

  @Field(() => String, { description: 'The details as JSON (ids and codes).' })
  details!: string;

  @Field(() => String, {
    description: 'The id of the HTTP request it happened in, to find it in the server logs.',
    nullable: true,
  })
  requestId!: string | null;
}

@ObjectType({
  description:
    'A page of audit log rows, newest first (keyset paging: pass `pageInfo.endCursor` as `after` for the next page).',
})
export class AuditLogConnection extends Connection(AuditLogEntry, 'AuditLogEntry') {}

@ObjectType({
  description:
    'One processing of a resident’s data as the resident reads it (/account/gegevens): what, when, by which ' +
    'organisation and why; never a staff member’s name.',
})
export class DataProcessingEntry {
  @Field(() => ID, { description: 'The row’s id.' })
  id!: string;

  @Field(() => Date, { description: 'When it happened.' })
  at!: Date;

  @Field(() => String, { description: 'What happened, in Dutch.' })
  actionName!: string;

  @Field(() => String, { nullable: true, description: 'The organisation: the municipality or the provider.' })
  organisation!: string | null;

  @Field(() => String, { description: 'Why: the reason stated, else the purpose of the processing activity.' })
  reason!: string;

  @Field(() => String, { description: 'The processing activity, in Dutch.' })
  processingActivity!: string;

  @Field(() => [String], { description: 'The kinds of data read, in Dutch words.' })
  dataKinds!: string[];
}

@ObjectType({ description: 'A page of a resident’s own data processing overview, newest first.' })
export class DataProcessingConnection extends Connection(DataProcessingEntry, 'DataProcessingEntry') {}

@InputType({ description: 'Filters of the audit log; all optional, combined with "and".' })
export class AuditLogFilter {
  @Field(() => AuditKind, { nullable: true, description: 'The kind of action.' })
  kind?: AuditKind | null;

  @Field(() => String, {
    nullable: true,
    description:
      'A person’s client number (or id), or a household’s client number: rows about them or their household, or by them.',
  })
  person?: string | null;

  @Field(() => String, { nullable: true, description: 'Part of the actor’s name or e-mail address, an id, or a job.' })
  actor?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The action or its beginning, e.g. "person." or "import.applied".',
  })
  action?: string | null;

  @Field(() => String, { nullable: true, description: 'First day (YYYY-MM-DD), included.' })
  from?: string | null;

  @Field(() => String, { nullable: true, description: 'Last day (YYYY-MM-DD), included.' })
  until?: string | null;
}
