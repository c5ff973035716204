import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Payload } from '../../graphql/payload.js';
import { PersonalData, PersonalDataKind } from '../../graphql/personal-data.js';

@ObjectType({ description: 'One of last period’s holders in a bulk grant preview: what they would get, or why not.' })
export class RegrantPreviewRow {
  @Field(() => ID, { description: 'Last period’s assignment this row continues.' })
  id!: string;

  @Field(() => ID)
  clientGroupId!: string;

  @Field(() => String)
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
  @Field(() => ID)
  arrangementId!: string;

  @Field(() => ID)
  sourceArrangementId!: string;

  @Field(() => String)
  sourceArrangementName!: string;

  @Field(() => String)
  validFrom!: string;

  @Field(() => String)
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

  @Field(() => [RegrantPreviewRow])
  rows!: RegrantPreviewRow[];
}

export enum RegrantRunStatus {
  QUEUED = 'QUEUED',
  RUNNING = 'RUNNING',
  DONE = 'DONE',
}
registerEnumType(RegrantRunStatus, { name: 'RegrantRunStatus' });

@ObjectType({ description: 'A bulk grant to last period’s holders, run as a background job.' })
export class RegrantRun {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  arrangementId!: string;

  @Field(() => RegrantRunStatus)
  status!: RegrantRunStatus;

  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  granted!: number;

  @Field(() => Int, { description: 'Refused by a rule, or granted already by an earlier run.' })
  skipped!: number;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
  finishedAt!: Date | null;
}

@ObjectType({ description: 'The result of starting a bulk grant.' })
export class RegrantRunPayload extends Payload(RegrantRun, 'run') {}
