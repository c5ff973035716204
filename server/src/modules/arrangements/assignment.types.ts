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
registerEnumType(AssignmentStatus, {
  description: 'Whether an assignment’s budget can be spent now.',
  valuesConfig: {
    ACTIVE: { description: 'Within its validity: the budget can be spent.' },
    EXPIRED: { description: 'Its validity has ended; what was left expired.' },
    REVOKED: { description: 'Revoked by staff; what was left went back to the arrangement.' },
    UPCOMING: { description: 'Its validity has not started yet.' },
  },
  name: 'AssignmentStatus',
});

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
registerEnumType(LedgerMovementKind, {
  description: 'The kind of a booking on an assignment’s budget.',
  valuesConfig: {
    CANCEL: { description: 'An order was cancelled: its budget part comes back.' },
    CONTRIBUTION: { description: 'An own contribution the resident paid for an order.' },
    EXPIRY: { description: 'The budget left at the end of the assignment’s period expired (vervallen tegoed).' },
    GRANT: { description: 'Budget granted to the household.' },
    PAYOUT: { description: 'The order was paid out to the provider.' },
    REFUND: { description: 'An own contribution was refunded.' },
    REVERSAL: { description: 'A booking was reversed (e.g. a payout the bank did not execute).' },
    REVOKE: { description: 'The assignment was revoked: what was left goes back to the arrangement.' },
    SPEND: { description: 'Budget spent on an order.' },
  },
  name: 'LedgerMovementKind',
});

@ObjectType({ description: 'One booking on an assignment’s budget, newest first in lists.' })
export class AssignmentMovement {
  @Field(() => ID, { description: 'The booking’s id.' })
  id!: string;

  @Field(() => Date, { description: 'When it was booked.' })
  at!: Date;

  @Field(() => LedgerMovementKind, { description: 'The kind of booking.' })
  kind!: LedgerMovementKind;

  @Field(() => String, { description: 'What the booking is (Dutch).' })
  description!: string;

  @Field(() => Int, { description: 'Cents; positive adds to the budget, negative takes from it.' })
  amountCents!: number;

  @Field(() => ID, {
    description: 'The order it belongs to, for spending, refunds and cancellations; null otherwise.',
    nullable: true,
  })
  orderId!: string | null;
}

@ObjectType('Assignment', { description: 'An arrangement granted to a client group (toewijzing), with its budget.' })
export class AssignmentView {
  @Field(() => ID, { description: 'The assignment’s id.' })
  id!: string;

  @Field(() => ID, { description: 'The id of the household (client group) it is granted to.' })
  clientGroupId!: string;

  @Field(() => ID, { description: 'The id of the granted arrangement.' })
  arrangementId!: string;

  @Field(() => String, { description: 'The name of the granted arrangement.' })
  arrangementName!: string;

  @Field(() => ID, { nullable: true, description: 'The member it is for, when it is for one member only.' })
  beneficiaryId!: string | null;

  @Field(() => String, {
    description: 'The household member it is granted to; null: the whole household.',
    nullable: true,
  })
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

  @Field(() => AssignmentStatus, { description: 'Whether the budget can be spent now.' })
  status!: AssignmentStatus;

  @Field(() => String, { description: 'Why it was revoked; null when it was not.', nullable: true })
  @PersonalData(PersonalDataKind.FREE_TEXT)
  revokedReason!: string | null;

  @Field(() => String, { nullable: true, description: 'Why it was granted outside the arrangement’s age range.' })
  @PersonalData(PersonalDataKind.FREE_TEXT)
  ageExceptionReason!: string | null;

  @Field(() => Date, { description: 'When it was granted.' })
  createdAt!: Date;
}

@InputType({ description: 'Grant an arrangement to a client group. Amount and validity default to the arrangement’s.' })
export class GrantAssignmentInput {
  @Field(() => ID, { description: 'The id of the household (client group).' })
  clientGroupId!: string;

  @Field(() => ID, { description: 'The id of the arrangement to grant.' })
  arrangementId!: string;

  @Field(() => ID, {
    description: 'The id of the household member it is for; null: the whole household.',
    nullable: true,
  })
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
