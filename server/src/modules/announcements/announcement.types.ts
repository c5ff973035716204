import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { GraphQLID } from 'graphql';
import { Payload } from '../../graphql/payload.js';

export enum AnnouncementSeverity {
  INFO = 'INFO',
  WARNING = 'WARNING',
  OUTAGE = 'OUTAGE',
}
registerEnumType(AnnouncementSeverity, {
  name: 'AnnouncementSeverity',
  valuesConfig: {
    INFO: { description: 'Informatie' },
    WARNING: { description: 'Waarschuwing' },
    OUTAGE: { description: 'Storing' },
  },
});

export enum AnnouncementState {
  SCHEDULED = 'SCHEDULED',
  ACTIVE = 'ACTIVE',
  ENDED = 'ENDED',
}
registerEnumType(AnnouncementState, { name: 'AnnouncementState' });

@ObjectType('Announcement', { description: 'A public announcement (melding), active between its start and end.' })
export class AnnouncementView {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  title!: string;

  @Field(() => String, { description: 'Markdown as written.' })
  body!: string;

  @Field(() => AnnouncementSeverity)
  severity!: AnnouncementSeverity;

  @Field(() => Date)
  startsAt!: Date;

  @Field(() => Date, { nullable: true })
  endsAt!: Date | null;

  @Field(() => ID, { nullable: true, description: 'null: for every municipality.' })
  municipalityId!: string | null;

  @Field(() => String, { nullable: true })
  municipalityName!: string | null;

  @Field(() => AnnouncementState, { description: 'On the application clock.' })
  state!: AnnouncementState;

  @Field(() => Date)
  updatedAt!: Date;
}

@InputType()
export class AnnouncementInput {
  @Field(() => String)
  title!: string;

  @Field(() => String, { description: 'Markdown; rendered with the product description’s safe renderer.' })
  body!: string;

  @Field(() => AnnouncementSeverity)
  severity!: AnnouncementSeverity;

  @Field(() => Date, { nullable: true, description: 'Omitted: from now.' })
  startsAt?: Date | null;

  @Field(() => Date, { nullable: true, description: 'Omitted: until it is deleted.' })
  endsAt?: Date | null;

  @Field(() => ID, {
    nullable: true,
    description: 'Omitted: for every municipality (staff of every municipality only).',
  })
  municipalityId?: string | null;
}

@ObjectType()
export class AnnouncementPayload extends Payload(AnnouncementView, 'announcement') {}

@ObjectType()
export class DeleteAnnouncementPayload extends Payload<string, 'deletedId'>(GraphQLID, 'deletedId') {}
