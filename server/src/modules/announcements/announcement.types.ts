import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { GraphQLID } from 'graphql';
import { Payload } from '../../graphql/payload.js';

export enum AnnouncementSeverity {
  INFO = 'INFO',
  WARNING = 'WARNING',
  OUTAGE = 'OUTAGE',
}
registerEnumType(AnnouncementSeverity, {
  description: 'How prominent an announcement is shown on the site.',
  name: 'AnnouncementSeverity',
  valuesConfig: {
    INFO: { description: 'Information (informatie): shown in a neutral style.' },
    WARNING: { description: 'A warning (waarschuwing): shown prominently.' },
    OUTAGE: { description: 'An outage (storing): shown most prominently, e.g. when ordering does not work.' },
  },
});

export enum AnnouncementState {
  SCHEDULED = 'SCHEDULED',
  ACTIVE = 'ACTIVE',
  ENDED = 'ENDED',
}
registerEnumType(AnnouncementState, {
  description: 'Where an announcement is in its period: scheduled, active or ended.',
  valuesConfig: {
    ACTIVE: { description: 'Shown now.' },
    ENDED: { description: 'Its period has ended; no longer shown.' },
    SCHEDULED: { description: 'Its period has not started yet.' },
  },
  name: 'AnnouncementState',
});

@ObjectType('Announcement', { description: 'A public announcement (melding), active between its start and end.' })
export class AnnouncementView {
  @Field(() => ID, { description: 'The announcement’s id.' })
  id!: string;

  @Field(() => String, { description: 'The announcement’s title (Dutch).' })
  title!: string;

  @Field(() => String, { description: 'Markdown as written.' })
  body!: string;

  @Field(() => AnnouncementSeverity, { description: 'How prominent it is shown.' })
  severity!: AnnouncementSeverity;

  @Field(() => Date, { description: 'When the announcement starts being shown.' })
  startsAt!: Date;

  @Field(() => Date, {
    description: 'When the announcement stops being shown; null: until it is removed.',
    nullable: true,
  })
  endsAt!: Date | null;

  @Field(() => ID, { nullable: true, description: 'null: for every municipality.' })
  municipalityId!: string | null;

  @Field(() => String, {
    description: 'The municipality it is shown for; null: shown on the whole platform.',
    nullable: true,
  })
  municipalityName!: string | null;

  @Field(() => AnnouncementState, { description: 'On the application clock.' })
  state!: AnnouncementState;

  @Field(() => Date, { description: 'When it was last changed.' })
  updatedAt!: Date;

  @Field(() => Boolean, {
    description:
      'Whether the viewer may change or delete it: false for a platform-wide announcement shown to a scoped editor, and in public.',
  })
  editable!: boolean;
}

@InputType({ description: 'An announcement to create or change: text, severity, period and where it is shown.' })
export class AnnouncementInput {
  @Field(() => String, { description: 'The title (Dutch, short).' })
  title!: string;

  @Field(() => String, { description: 'Markdown; rendered with the product description’s safe renderer.' })
  body!: string;

  @Field(() => AnnouncementSeverity, { description: 'How prominent it is shown.' })
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

@ObjectType({ description: 'The result of saving an announcement.' })
export class AnnouncementPayload extends Payload(AnnouncementView, 'announcement') {}

@ObjectType({ description: 'The result of deleting an announcement.' })
export class DeleteAnnouncementPayload extends Payload<string, 'deletedId'>(GraphQLID, 'deletedId') {}
