import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Payload } from '../../graphql/payload.js';
import { PersonalData, PersonalDataKind } from '../../graphql/personal-data.js';

@ObjectType({ description: 'One of last period’s holders in a bulk grant preview: what they would get, or why not.' })
export class RegrantPreviewRow {
  @Field(() => ID, { description: 'Last period’s assignment this row continues.' })
  id!: string;

  @Field(() => ID, { description: 'The id of the household.' })
  clientGroupId!: string;

  @Field(() => String, { description: 'The household’s client number.' })
  @PersonalData(PersonalDataKind.CLIENT_NUMBER)
  clientNumber!: string;

  @Field(() => String, { description: 'The household’s name.' })
  @PersonalData(PersonalDataKind.NAME)
  householdName!: string;

  @Field(() => String, { nullable: true, description: 'The member it is for; null: the whole household.' })
  @PersonalData(PersonalDataKind.NAME)
  beneficiaryName!: string | null;

  @Field(() => Int, { nullable: true, description: 'What the grant would be, in cents; null when it is refused.' })
  @PersonalData(PersonalDataKind.FINANCIAL)
  amountCents!: number | null;

  @Field(() => Boolean, { description: 'Passes every granting rule.' })
  grantable!: boolean;

  @Field(() => Boolean, { description: 'Already granted by an earlier bulk grant of this arrangement.' })
  alreadyDone!: boolean;

  @Field(() => String, { nullable: true, description: 'Dutch: why the grant would be refused (the rule’s message).' })
  reason!: string | null;
}

@ObjectType({ description: 'Who would get what when an arrangement is granted again to last period’s holders.' })
export class RegrantPreview {
  @Field(() => ID, { description: 'The id of the (copied) arrangement to grant.' })
  arrangementId!: string;

  @Field(() => ID, { description: 'The id of the previous period’s arrangement.' })
  sourceArrangementId!: string;

  @Field(() => String, { description: 'The previous period’s arrangement.' })
  sourceArrangementName!: string;

  @Field(() => String, { description: 'The first day of the new period, YYYY-MM-DD.' })
  validFrom!: string;

  @Field(() => String, { description: 'The last day of the new period, YYYY-MM-DD.' })
  validUntil!: string;

  @Field(() => Int, { description: 'Last period’s holders (one per household or member).' })
  total!: number;

  @Field(() => Int, { description: 'Holders that would get the grant now.' })
  grantable!: number;

  @Field(() => Int, { description: 'Holders the rules refuse.' })
  refused!: number;

  @Field(() => Int, { description: 'Holders granted already by an earlier bulk grant.' })
  alreadyDone!: number;

  @Field(() => Int, { description: 'The total of the grants that would be made, in cents.' })
  totalAmountCents!: number;

  @Field(() => [RegrantPreviewRow], { description: 'Who would get it, and for how much.' })
  rows!: RegrantPreviewRow[];
}

export enum RegrantRunStatus {
  QUEUED = 'QUEUED',
  RUNNING = 'RUNNING',
  DONE = 'DONE',
}
registerEnumType(RegrantRunStatus, {
  description: 'Where a bulk grant is.',
  valuesConfig: {
    DONE: { description: 'Finished.' },
    QUEUED: { description: 'Waiting to start.' },
    RUNNING: { description: 'Granting in the background.' },
  },
  name: 'RegrantRunStatus',
});

@ObjectType({ description: 'A bulk grant to last period’s holders, run as a background job.' })
export class RegrantRun {
  @Field(() => ID, { description: 'The run’s id.' })
  id!: string;

  @Field(() => ID, { description: 'The id of the arrangement granted.' })
  arrangementId!: string;

  @Field(() => RegrantRunStatus, { description: 'Where the run is.' })
  status!: RegrantRunStatus;

  @Field(() => Int, { description: 'How many households it grants to.' })
  total!: number;

  @Field(() => Int, { description: 'How many households got it so far.' })
  granted!: number;

  @Field(() => Int, { description: 'Refused by a rule, or granted already by an earlier run.' })
  skipped!: number;

  @Field(() => Date, { description: 'When it was started.' })
  createdAt!: Date;

  @Field(() => Date, { description: 'When it finished; null while running.', nullable: true })
  finishedAt!: Date | null;
}

@ObjectType({ description: 'The result of starting a bulk grant.' })
export class RegrantRunPayload extends Payload(RegrantRun, 'run') {}
