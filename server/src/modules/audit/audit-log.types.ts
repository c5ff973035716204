import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/pagination.js';

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

  @Field(() => String, { description: 'What happened, as a dotted code, e.g. "person.updated" or "person_data.read".' })
  action!: string;

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

@InputType({ description: 'Filters of the audit log; all optional, combined with "and".' })
export class AuditLogFilter {
  @Field(() => String, { nullable: true, description: 'A person’s client number (or id): rows about or by them.' })
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
