import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Payload } from '../../graphql/payload.js';
import { PersonalData, PersonalDataKind } from '../../graphql/personal-data.js';

export enum AssignmentStatus {
  ACTIVE = 'ACTIVE',
  REVOKED = 'REVOKED',
  EXPIRED = 'EXPIRED',
  /** Granted, but its validity has not started yet. */
  UPCOMING = 'UPCOMING',
}
registerEnumType(AssignmentStatus, { name: 'AssignmentStatus' });

export enum LedgerMovementKind {
  GRANT = 'GRANT',
  REVOKE = 'REVOKE',
  SPEND = 'SPEND',
  CANCEL = 'CANCEL',
  REFUND = 'REFUND',
  CONTRIBUTION = 'CONTRIBUTION',
  PAYOUT = 'PAYOUT',
  REVERSAL = 'REVERSAL',
  /** The remaining budget at the end of the assignment's period (vervallen tegoed). */
  EXPIRY = 'EXPIRY',
}
registerEnumType(LedgerMovementKind, { name: 'LedgerMovementKind' });

@ObjectType({ description: 'One booking on an assignment’s budget, newest first in lists.' })
export class AssignmentMovement {
  @Field(() => ID)
  id!: string;

  @Field(() => Date)
  at!: Date;

  @Field(() => LedgerMovementKind)
  kind!: LedgerMovementKind;

  @Field(() => String)
  description!: string;

  @Field(() => Int, { description: 'Cents; positive adds to the budget, negative takes from it.' })
  amountCents!: number;

  @Field(() => ID, { nullable: true })
  orderId!: string | null;
}

@ObjectType('Assignment', { description: 'An arrangement granted to a client group (toewijzing), with its budget.' })
export class AssignmentView {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  clientGroupId!: string;

  @Field(() => ID)
  arrangementId!: string;

  @Field(() => String)
  arrangementName!: string;

  @Field(() => ID, { nullable: true, description: 'The member it is for, when it is for one member only.' })
  beneficiaryId!: string | null;

  @Field(() => String, { nullable: true })
  @PersonalData(PersonalDataKind.NAME)
  beneficiaryName!: string | null;

  @Field(() => Int, { description: 'Granted, in cents.' })
  @PersonalData(PersonalDataKind.FINANCIAL)
  amountCents!: number;

  @Field(() => Int, { description: 'Left to spend, in cents (from the ledger).' })
  @PersonalData(PersonalDataKind.FINANCIAL)
  balanceCents!: number;

  @Field(() => String, { description: 'First valid day (YYYY-MM-DD).' })
  validFrom!: string;

  @Field(() => String, { description: 'Last valid day (YYYY-MM-DD).' })
  validUntil!: string;

  @Field(() => AssignmentStatus)
  status!: AssignmentStatus;

  @Field(() => String, { nullable: true })
  @PersonalData(PersonalDataKind.FREE_TEXT)
  revokedReason!: string | null;

  @Field(() => String, { nullable: true, description: 'Why it was granted outside the arrangement’s age range.' })
  @PersonalData(PersonalDataKind.FREE_TEXT)
  ageExceptionReason!: string | null;

  @Field(() => Date)
  createdAt!: Date;
}

@InputType({ description: 'Grant an arrangement to a client group. Amount and validity default to the arrangement’s.' })
export class GrantAssignmentInput {
  @Field(() => ID)
  clientGroupId!: string;

  @Field(() => ID)
  arrangementId!: string;

  @Field(() => ID, { nullable: true })
  beneficiaryId?: string | null;

  @Field(() => Int, { nullable: true, description: 'Cents; a positive whole number.' })
  amountCents?: number | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' })
  validFrom?: string | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' })
  validUntil?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Required when the beneficiary is outside the arrangement’s age range (or the arrangement has one and the grant is for the whole household): why it is granted anyway.',
  })
  ageExceptionReason?: string | null;
}

@ObjectType({ description: 'The result of granting or revoking an assignment.' })
export class AssignmentPayload extends Payload(AssignmentView, 'assignment') {}
