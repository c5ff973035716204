import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Payload } from '../../graphql/payload.js';
import type { SettingsSectionKey } from './sections/index.js';

/** The settings sections as a GraphQL enum: the keys of sections/index.ts, upper-cased. */
export enum SettingsSectionEnum {
  GENERAL = 'GENERAL',
  COMMUNICATION = 'COMMUNICATION',
  PAYMENTS = 'PAYMENTS',
  ADVANCED = 'ADVANCED',
  REMINDERS = 'REMINDERS',
  ANALYTICS = 'ANALYTICS',
  MAINTENANCE = 'MAINTENANCE',
  IP = 'IP',
  RETENTION = 'RETENTION',
  SECURITY = 'SECURITY',
  DIGID = 'DIGID',
  CARD = 'CARD',
  WEBHOOKS = 'WEBHOOKS',
  APPLICATIONS = 'APPLICATIONS',
}

export const sectionKeyOf = (section: SettingsSectionEnum): SettingsSectionKey =>
  section.toLowerCase() as SettingsSectionKey;
export const sectionEnumOf = (key: SettingsSectionKey): SettingsSectionEnum => key.toUpperCase() as SettingsSectionEnum;
registerEnumType(SettingsSectionEnum, {
  name: 'SettingsSectionKey',
  description: 'A settings section: one settings page (instellingen/…).',
  valuesConfig: {
    GENERAL: { description: 'Algemeen: the platform name and the municipalities’ contact details.' },
    COMMUNICATION: { description: 'Communicatie: formal or informal wording, the daily mass-send limit.' },
    PAYMENTS: { description: 'Betalingen: payment expiry, payout delay.' },
    ADVANCED: { description: 'Geavanceerd: session lifetime and idle time-out.' },
    REMINDERS: { description: 'Herinneringen: days before an assignment expires that residents are reminded.' },
    ANALYTICS: { description: 'Analytics: a cookieless statistics tool on the public pages (off by default).' },
    MAINTENANCE: { description: 'Onderhoudsmodus: on now or scheduled, with a message.' },
    IP: { description: 'IP-adressen: the allow-list for the admin area and the admin part of the API.' },
    RETENTION: {
      description:
        'Bewaartermijnen (AVG): how long the audit log, mail log, sessions and the remains of erased persons are kept.',
    },
    SECURITY: { description: 'Beveiliging (on beheer/accounts): whether two-factor log-in is required for all staff.' },
    DIGID: { description: 'DigiD: the assurance level asked for at log-in (the certificates have their own store).' },
    CARD: {
      description:
        'Digitale pas: how long the QR code on the resident’s digital card works offline, and the card’s colour, per municipality.',
    },
    WEBHOOKS: {
      description:
        'Webhooks (on beheer/api): failures before an endpoint is switched off, time-out, delivery log days.',
    },
    APPLICATIONS: {
      description:
        'Aanvragen: the amount above which a second person confirms a decision, how long proof is kept, the social minimum.',
    },
  },
});

@ObjectType({
  description:
    'One settings section with its current value. Its fields are described per section in the settings module.',
})
export class SettingsSection {
  @Field(() => SettingsSectionEnum, { description: 'Which section.' })
  section!: SettingsSectionEnum;

  @Field(() => String, { description: 'Dutch title of the settings page.' })
  title!: string;

  @Field(() => Int, {
    description:
      'Goes up with every change; send it back as expectedVersion to detect a concurrent edit. 0: never changed.',
  })
  version!: number;

  @Field(() => GraphQLJSONObject, { description: 'The values in force: the defaults with what was changed on top.' })
  value!: Record<string, unknown>;

  @Field(() => GraphQLJSONObject, { description: 'The defaults (a field patched to null returns to its default).' })
  defaults!: Record<string, unknown>;

  @Field(() => Date, { description: 'When it was last changed; null: never (defaults).', nullable: true })
  updatedAt!: Date | null;
}

@InputType({ description: 'A settings section and its new values.' })
export class UpdateSettingsSectionInput {
  @Field(() => SettingsSectionEnum, { description: 'Which section.' })
  section!: SettingsSectionEnum;

  @Field(() => GraphQLJSONObject, {
    description: 'Only what changes; nested objects merge; null returns a field to its default.',
  })
  patch!: Record<string, unknown>;

  @Field(() => Int, {
    nullable: true,
    description: 'The version the form was loaded with; a different current version is refused (STALE).',
  })
  expectedVersion?: number | null;
}

@ObjectType({ description: 'The result of a settings change.' })
export class UpdateSettingsSectionPayload extends Payload(SettingsSection, 'settings') {}

@ObjectType({ description: 'A municipality’s public contact details (instellingen/algemeen).' })
export class MunicipalityContact {
  @Field(() => ID, { description: 'The municipality’s id.' })
  municipalityId!: string;

  @Field(() => String, { description: 'The municipality’s name.' })
  name!: string;

  @Field(() => String, { description: 'The municipality’s phone number; null when not set.', nullable: true })
  phone!: string | null;

  @Field(() => String, {
    description: 'The municipality’s e-mail address for residents; null when not set.',
    nullable: true,
  })
  email!: string | null;

  @Field(() => String, { nullable: true, description: 'https://…' })
  website!: string | null;

  @Field(() => String, { description: 'The visiting address; null when not set.', nullable: true })
  visitingAddress!: string | null;
}

@ObjectType({ description: 'What the public site shows of the settings.' })
export class PublicSettings {
  @Field(() => String, { description: 'The platform’s name as shown on the site.' })
  platformName!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'The primary colour (#rrggbb, ≥ 4.5:1 with white) for the design token --gw-color-primary; null: built-in.',
  })
  primaryColor!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The platform logo for the public header (a WebP under /uploads/); null: the name as a text mark.',
  })
  logoUrl!: string | null;

  @Field(() => Int, { nullable: true, description: 'The logo’s width in pixels (twice its size in the header).' })
  logoWidth!: number | null;

  @Field(() => Int, { nullable: true, description: 'The logo’s height in pixels (twice its size in the header).' })
  logoHeight!: number | null;

  @Field(() => Int, {
    description:
      'The largest image an upload may be, in whole megabytes (instellingen/geavanceerd): forms check a file against it before sending.',
  })
  uploadMaxMegabytes!: number;

  @Field(() => [MunicipalityContact], { description: 'Every municipality, by name, with the contact details it has.' })
  municipalities!: MunicipalityContact[];
}
