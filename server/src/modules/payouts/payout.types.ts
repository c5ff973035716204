import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection } from '../../graphql/pagination.js';
import { Payload } from '../../graphql/payload.js';

export enum PayoutBatchStatusEnum {
  DRAFT = 'DRAFT',
  EXPORTED = 'EXPORTED',
  PAID = 'PAID',
  CANCELLED = 'CANCELLED',
  NOT_EXECUTED = 'NOT_EXECUTED',
}
registerEnumType(PayoutBatchStatusEnum, {
  name: 'PayoutBatchStatus',
  description: 'DRAFT → EXPORTED → PAID; a draft can be CANCELLED, an exported batch NOT_EXECUTED by the bank.',
  valuesConfig: {
    DRAFT: { description: 'Concept' },
    EXPORTED: { description: 'Geëxporteerd naar de bank' },
    PAID: { description: 'Betaald' },
    CANCELLED: { description: 'Geannuleerd' },
    NOT_EXECUTED: { description: 'Niet uitgevoerd door de bank' },
  },
});

@ObjectType({ description: 'One credit transfer of a payout batch: what one provider gets.' })
export class PayoutLine {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  providerId!: string;

  @Field(() => String)
  providerName!: string;

  @Field(() => String, { description: 'The end-to-end reference of the transfer, e.g. U1001-003.' })
  reference!: string;

  @Field(() => Int, { description: 'In cents: what the ledger owes the provider for these orders.' })
  amountCents!: number;

  @Field(() => Int)
  orderCount!: number;

  @Field(() => String, { description: 'The remittance information (at most 140 characters).' })
  remittanceInfo!: string;
}

@ObjectType({ description: 'A payout batch of one municipality: one credit transfer per provider.' })
export class PayoutBatch {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  reference!: string;

  @Field(() => ID)
  municipalityId!: string;

  @Field(() => String)
  municipalityName!: string;

  @Field(() => PayoutBatchStatusEnum)
  status!: PayoutBatchStatusEnum;

  @Field(() => Date, { description: 'Orders delivered before this moment were gathered.' })
  deliveredBefore!: Date;

  @Field(() => Int)
  totalCents!: number;

  @Field(() => Int)
  orderCount!: number;

  @Field(() => Int)
  providerCount!: number;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => String, { nullable: true })
  createdByName!: string | null;

  @Field(() => Date, { nullable: true })
  exportedAt!: Date | null;

  @Field(() => String, { nullable: true })
  sepaVersion!: string | null;

  @Field(() => Date, { nullable: true })
  paidAt!: Date | null;

  @Field(() => Date, { nullable: true })
  cancelledAt!: Date | null;

  @Field(() => String, { nullable: true })
  notExecutedReason!: string | null;

  @Field(() => Date, { nullable: true, description: 'Reported as not executed, waiting for a second person.' })
  notExecutedRequestedAt!: Date | null;

  @Field(() => String, { nullable: true })
  notExecutedRequestedByName!: string | null;

  @Field(() => Boolean, { description: 'The viewer reported it: another staff member must confirm.' })
  notExecutedRequestedByViewer!: boolean;

  @Field(() => Date, { nullable: true })
  notExecutedAt!: Date | null;

  /** Resolved by PayoutResolver.lines. */
  lines?: PayoutLine[];
}

@ObjectType()
export class PayoutBatchConnection extends Connection(PayoutBatch, 'PayoutBatch') {}

@ObjectType({ description: 'One provider in the preview of a new batch.' })
export class PayoutPreviewLine {
  @Field(() => ID)
  providerId!: string;

  @Field(() => String)
  providerName!: string;

  @Field(() => Int)
  orderCount!: number;

  @Field(() => Int)
  amountCents!: number;
}

@ObjectType({ description: 'What a new payout batch would gather now.' })
export class PayoutPreview {
  @Field(() => ID)
  municipalityId!: string;

  @Field(() => Date)
  deliveredBefore!: Date;

  @Field(() => Int)
  payoutDelayDays!: number;

  @Field(() => Int)
  orderCount!: number;

  @Field(() => Int)
  totalCents!: number;

  @Field(() => [PayoutPreviewLine])
  lines!: PayoutPreviewLine[];
}

@InputType()
export class PayoutBatchFilter {
  @Field(() => ID, { nullable: true })
  municipalityId?: string | null;

  @Field(() => PayoutBatchStatusEnum, { nullable: true })
  status?: PayoutBatchStatusEnum | null;
}

@ObjectType({ description: 'A payout a provider received: one transfer, with its specification as CSV.' })
export class ProviderPayout {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'The reference on the bank statement.' })
  reference!: string;

  @Field(() => String)
  municipalityName!: string;

  @Field(() => Date)
  paidAt!: Date;

  @Field(() => Int)
  amountCents!: number;

  @Field(() => Int)
  orderCount!: number;

  @Field(() => String, { description: 'Where to download the specification (CSV: every order with its amount).' })
  specificationUrl!: string;
}

@ObjectType()
export class ProviderPayoutConnection extends Connection(ProviderPayout, 'ProviderPayout') {}

@ObjectType()
export class PayoutBatchPayload extends Payload(PayoutBatch, 'batch') {}
