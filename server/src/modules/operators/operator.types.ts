import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { GraphQLString } from 'graphql';
import { Payload } from '../../graphql/payload.js';

@ObjectType({ description: 'An operator acting in one municipality’s admin area: where, why and until when.' })
export class OperatorAct {
  @Field(() => ID, { description: 'The municipality the operator acts in.' })
  municipalityId!: string;

  @Field(() => String, { description: 'The name of that municipality.' })
  municipalityName!: string;

  @Field(() => String, { description: 'The reason the operator stated; every audit row of the acting carries it.' })
  reason!: string;

  @Field(() => Date, { description: 'When the acting ends by itself.' })
  until!: Date;
}

@ObjectType({ description: 'The operator of Lightbase logged in to the console in this browser.' })
export class OperatorInfo {
  @Field(() => ID, { description: 'The operator’s id (the actor id of their audit rows).' })
  id!: string;

  @Field(() => String, { description: 'The operator’s e-mail address.' })
  email!: string;

  @Field(() => String, { nullable: true, description: 'The operator’s name, when known.' })
  name!: string | null;

  @Field(() => Date, { description: 'When this console session ends.' })
  sessionExpiresAt!: Date;

  @Field(() => OperatorAct, { nullable: true, description: 'The municipality the operator acts in now, if any.' })
  acting!: OperatorAct | null;
}

@ObjectType({ description: 'One municipality (tenant) with its figures, for the operator console.' })
export class OperatorMunicipality {
  @Field(() => ID, { description: 'The municipality’s id.' })
  id!: string;

  @Field(() => String, { description: 'The municipality’s name.' })
  name!: string;

  @Field(() => String, { description: 'The municipality’s code (slug), unique on the platform.' })
  slug!: string;

  @Field(() => Int, { description: 'Residents (persons) registered in the municipality.' })
  persons!: number;

  @Field(() => Int, { description: 'Assignments that are active and valid today.' })
  activeAssignments!: number;

  @Field(() => Int, { description: 'Providers approved for the municipality.' })
  providers!: number;

  @Field(() => Int, { description: 'Orders placed this month (not cancelled).' })
  ordersThisMonth!: number;

  @Field(() => Float, { description: 'Budget of the active assignments valid today, in cents.' })
  budgetGrantedCents!: number;

  @Field(() => Float, { description: 'Budget spent by the orders placed this month (not cancelled), in cents.' })
  budgetSpentCents!: number;
}

@ObjectType({ description: 'Jobs in the queue by state.' })
export class OperatorJobCounts {
  @Field(() => Int, { description: 'Jobs a worker runs now.' })
  running!: number;

  @Field(() => Int, { description: 'Jobs that are due and not started yet.' })
  waiting!: number;

  @Field(() => Int, { description: 'Jobs planned for later.' })
  scheduled!: number;

  @Field(() => Int, { description: 'Jobs that failed and will be tried again.' })
  retrying!: number;

  @Field(() => Int, { description: 'Jobs that failed and will not be tried again.' })
  failed!: number;
}

@ObjectType({ description: 'The health of the platform, for the operator console.' })
export class PlatformHealth {
  @Field(() => OperatorJobCounts, { description: 'The job queue (graphile-worker) by state.' })
  jobs!: OperatorJobCounts;

  @Field(() => Int, { description: 'Mails that could not be delivered after every attempt.' })
  failedMails!: number;

  @Field(() => Int, { description: 'Refunds to residents that stopped being retried.' })
  stoppedRefunds!: number;

  @Field(() => Float, { description: 'The size of the database, in bytes.' })
  databaseSizeBytes!: number;

  @Field(() => Date, {
    nullable: true,
    description: 'When the first DigiD certificate expires; null while no certificates are configured.',
  })
  digidCertificateExpiresAt!: Date | null;
}

@ObjectType({ description: 'What the operator console shows: every municipality and the platform’s health.' })
export class OperatorConsole {
  @Field(() => [OperatorMunicipality], { description: 'Every municipality, by name.' })
  municipalities!: OperatorMunicipality[];

  @Field(() => PlatformHealth, { description: 'The health of the platform.' })
  health!: PlatformHealth;
}

@ObjectType({ description: 'A municipality made in the operator console.' })
export class CreatedMunicipality {
  @Field(() => ID, { description: 'The new municipality’s id.' })
  id!: string;

  @Field(() => String, { description: 'Its name.' })
  name!: string;

  @Field(() => String, { description: 'Its code (slug).' })
  slug!: string;
}

@InputType({ description: 'A new municipality and the contact who becomes its first Beheerder.' })
export class CreateMunicipalityInput {
  @Field(() => String, { description: 'The municipality’s name, e.g. "Gemeente Voorbeeld".' })
  name!: string;

  @Field(() => String, { description: 'Its code: lower-case letters, digits and hyphens, unique.' })
  slug!: string;

  @Field(() => String, { description: 'The name of the contact, invited as the first Beheerder.' })
  contactName!: string;

  @Field(() => String, { description: 'The contact’s e-mail address; the invitation is sent there.' })
  contactEmail!: string;
}

@InputType({ description: 'Acting in a municipality’s admin area: where, why, and for how long.' })
export class StartOperatorActInput {
  @Field(() => ID, { description: 'The municipality to act in.' })
  municipalityId!: string;

  @Field(() => String, { description: 'Why (at least 10 characters); shown in the municipality’s audit log.' })
  reason!: string;

  @Field(() => Int, { description: 'For how long, in minutes (15 to 120).' })
  minutes!: number;
}

@ObjectType({ description: 'The answer to a log-in link request: the same whether or not the address is known.' })
export class OperatorLinkPayload extends Payload<string, 'message'>(
  GraphQLString,
  'message',
  'The answer to show: the same whether or not the address is known.',
) {}

@ObjectType({ description: 'The result of an operator log-in or of starting or stopping acting.' })
export class OperatorPayload extends Payload(OperatorInfo, 'operator', 'The operator, when it worked.') {}

@ObjectType({ description: 'The result of creating a municipality.' })
export class CreateMunicipalityPayload extends Payload(
  CreatedMunicipality,
  'municipality',
  'The new municipality, when it worked.',
) {}
