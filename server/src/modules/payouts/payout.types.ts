import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection } from '../../graphql/pagination.js';
import { Payload } from '../../graphql/payload.js';
import { HandoverMethod } from '../orders/index.js';

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
    DRAFT: { description: 'A draft (concept): its orders are reserved; it can still be cancelled.' },
    EXPORTED: { description: 'Exported to the bank as a SEPA file; waiting for the bank.' },
    PAID: { description: 'Paid by the bank; booked in the ledger.' },
    CANCELLED: { description: 'Cancelled as a draft; its orders were released.' },
    NOT_EXECUTED: {
      description: 'Not executed by the bank (confirmed by a second staff member); its orders are released.',
    },
  },
});

@ObjectType({ description: 'One order paid out by a payout line, with how it was handed over to the customer.' })
export class PayoutLineOrder {
  @Field(() => ID, { description: 'The order’s id.' })
  orderId!: string;

  @Field(() => String, { description: 'The order number, e.g. B100001.' })
  number!: string;

  @Field(() => Int, { description: 'What the line pays for this order, in cents.' })
  amountCents!: number;

  @Field(() => Date, { nullable: true, description: 'When it was delivered (its last delivery step).' })
  deliveredAt!: Date | null;

  @Field(() => HandoverMethod, {
    description:
      'How it was handed over: at the counter with the card or the pickup code, sent by the provider without either, or unknown (delivered before this was recorded).',
  })
  handoverMethod!: HandoverMethod;
}

@ObjectType({ description: 'One credit transfer of a payout batch: what one provider gets.' })
export class PayoutLine {
  @Field(() => ID, { description: 'The line’s id.' })
  id!: string;

  @Field(() => ID, { description: 'The provider’s id.' })
  providerId!: string;

  @Field(() => String, { description: 'The provider’s name.' })
  providerName!: string;

  @Field(() => String, { description: 'The end-to-end reference of the transfer, e.g. U1001-003.' })
  reference!: string;

  @Field(() => Int, { description: 'In cents: what the ledger owes the provider for these orders.' })
  amountCents!: number;

  @Field(() => Int, { description: 'The number of orders paid to the provider.' })
  orderCount!: number;

  @Field(() => String, { description: 'The remittance information (at most 140 characters).' })
  remittanceInfo!: string;

  /** Resolved by PayoutLineResolver.orders. */
  orders?: PayoutLineOrder[];
}

@ObjectType({ description: 'A payout batch of one municipality: one credit transfer per provider.' })
export class PayoutBatch {
  @Field(() => ID, { description: 'The batch’s id.' })
  id!: string;

  @Field(() => String, { description: 'The batch’s reference, also in the SEPA file.' })
  reference!: string;

  @Field(() => ID, { description: 'The id of the municipality that pays.' })
  municipalityId!: string;

  @Field(() => String, { description: 'The municipality that pays.' })
  municipalityName!: string;

  @Field(() => PayoutBatchStatusEnum, { description: 'Where the batch is.' })
  status!: PayoutBatchStatusEnum;

  @Field(() => Date, { description: 'Orders delivered before this moment were gathered.' })
  deliveredBefore!: Date;

  @Field(() => Int, { description: 'The batch’s total, in cents.' })
  totalCents!: number;

  @Field(() => Int, { description: 'The number of orders paid out.' })
  orderCount!: number;

  @Field(() => Int, { description: 'The number of providers paid.' })
  providerCount!: number;

  @Field(() => Date, { description: 'When the batch was made.' })
  createdAt!: Date;

  @Field(() => String, { description: 'Who made it.', nullable: true })
  createdByName!: string | null;

  @Field(() => Date, { description: 'When the SEPA file was exported; null before.', nullable: true })
  exportedAt!: Date | null;

  @Field(() => String, { description: 'The SEPA (pain.001) version of the exported file.', nullable: true })
  sepaVersion!: string | null;

  @Field(() => Date, { description: 'When the bank paid it; null before.', nullable: true })
  paidAt!: Date | null;

  @Field(() => Date, { description: 'When the draft was cancelled; null otherwise.', nullable: true })
  cancelledAt!: Date | null;

  @Field(() => String, { description: 'What the bank reported when it did not execute the batch.', nullable: true })
  notExecutedReason!: string | null;

  @Field(() => Date, { nullable: true, description: 'Reported as not executed, waiting for a second person.' })
  notExecutedRequestedAt!: Date | null;

  @Field(() => String, { description: 'Who reported the non-execution (a second person confirms it).', nullable: true })
  notExecutedRequestedByName!: string | null;

  @Field(() => Boolean, { description: 'The viewer reported it: another staff member must confirm.' })
  notExecutedRequestedByViewer!: boolean;

  @Field(() => Date, { description: 'When the bank’s non-execution was confirmed; null otherwise.', nullable: true })
  notExecutedAt!: Date | null;

  /** Resolved by PayoutResolver.lines. */
  lines?: PayoutLine[];
}

@ObjectType({
  description: 'A page of payout batches (keyset paging: pass `pageInfo.endCursor` as `after` for the next page).',
})
export class PayoutBatchConnection extends Connection(PayoutBatch, 'PayoutBatch') {}

@ObjectType({ description: 'One provider in the preview of a new batch.' })
export class PayoutPreviewLine {
  @Field(() => ID, { description: 'The provider’s id.' })
  providerId!: string;

  @Field(() => String, { description: 'The provider’s name.' })
  providerName!: string;

  @Field(() => Int, { description: 'The number of orders.' })
  orderCount!: number;

  @Field(() => Int, { description: 'The amount for the provider, in cents.' })
  amountCents!: number;
}

@ObjectType({ description: 'What a new payout batch would gather now.' })
export class PayoutPreview {
  @Field(() => ID, { description: 'The id of the municipality.' })
  municipalityId!: string;

  @Field(() => Date, { description: 'Orders delivered before this moment are gathered (the payout delay).' })
  deliveredBefore!: Date;

  @Field(() => Int, { description: 'How many days after delivery an order is paid out.' })
  payoutDelayDays!: number;

  @Field(() => Int, { description: 'The number of orders.' })
  orderCount!: number;

  @Field(() => Int, { description: 'The total, in cents.' })
  totalCents!: number;

  @Field(() => [PayoutPreviewLine], { description: 'One line per provider.' })
  lines!: PayoutPreviewLine[];
}

@InputType({ description: 'Filters of the payout batches; all optional, combined with "and".' })
export class PayoutBatchFilter {
  @Field(() => ID, { description: 'Only of this municipality.', nullable: true })
  municipalityId?: string | null;

  @Field(() => PayoutBatchStatusEnum, { description: 'Only in this status.', nullable: true })
  status?: PayoutBatchStatusEnum | null;
}

@ObjectType({ description: 'A payout a provider received: one transfer, with its specification as CSV.' })
export class ProviderPayout {
  @Field(() => ID, { description: 'The payout’s id.' })
  id!: string;

  @Field(() => String, { description: 'The reference on the bank statement.' })
  reference!: string;

  @Field(() => String, { description: 'The municipality that paid.' })
  municipalityName!: string;

  @Field(() => Date, { description: 'When it was paid.' })
  paidAt!: Date;

  @Field(() => Int, { description: 'The amount paid, in cents.' })
  amountCents!: number;

  @Field(() => Int, { description: 'The number of orders paid.' })
  orderCount!: number;

  @Field(() => String, { description: 'Where to download the specification (CSV: every order with its amount).' })
  specificationUrl!: string;
}

@ObjectType({
  description:
    'A page of the provider’s payouts (keyset paging: pass `pageInfo.endCursor` as `after` for the next page).',
})
export class ProviderPayoutConnection extends Connection(ProviderPayout, 'ProviderPayout') {}

@ObjectType({ description: 'The result of a change to a payout batch.' })
export class PayoutBatchPayload extends Payload(PayoutBatch, 'batch') {}
