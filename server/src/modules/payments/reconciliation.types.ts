import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Payload } from '../../graphql/payload.js';
import { PaymentRecordKind } from './payment-admin.types.js';

export enum PaymentMismatchKind {
  MISSING_THERE = 'MISSING_THERE',
  MISSING_HERE = 'MISSING_HERE',
  STATUS_DIFFERS = 'STATUS_DIFFERS',
  AMOUNT_DIFFERS = 'AMOUNT_DIFFERS',
}
registerEnumType(PaymentMismatchKind, {
  valuesConfig: {
    AMOUNT_DIFFERS: { description: 'Both have it, with different amounts.' },
    MISSING_HERE: { description: 'The payment service provider has it; we do not.' },
    MISSING_THERE: { description: 'We have it; the payment service provider does not.' },
    STATUS_DIFFERS: { description: 'Both have it, with different statuses.' },
  },
  name: 'PaymentMismatchKind',
  description:
    'MISSING_THERE: we have it, the payment service provider not; MISSING_HERE: the PSP has it, we not; ' +
    'STATUS_DIFFERS, AMOUNT_DIFFERS: both have it, with another status or amount.',
});

export enum PaymentMismatchResolution {
  TAKE_OVER = 'TAKE_OVER',
  EXPLAINED = 'EXPLAINED',
}
registerEnumType(PaymentMismatchResolution, {
  valuesConfig: {
    EXPLAINED: { description: 'Explained with a note; nothing changes.' },
    TAKE_OVER: { description: 'Take over the payment service provider’s status.' },
  },
  name: 'PaymentMismatchResolution',
  description:
    'TAKE_OVER: take over the PSP’s status (books what it means, once); EXPLAINED: marked explained with a note.',
});

@ObjectType('PaymentMismatch', { description: 'One difference between our payments or refunds and the PSP’s.' })
export class PaymentMismatchView {
  @Field(() => String, { description: 'Identifies this difference (with its values); pass it to resolve it.' })
  key!: string;

  @Field(() => PaymentMismatchKind, { description: 'What differs.' })
  kind!: PaymentMismatchKind;

  @Field(() => PaymentRecordKind, { description: 'A payment or a refund.' })
  subject!: PaymentRecordKind;

  @Field(() => String, { description: 'The PSP’s id (tr_…, re_…).' })
  externalId!: string;

  @Field(() => ID, { nullable: true, description: 'Our payment (for a refund: the payment it refunds); null if none.' })
  paymentId!: string | null;

  @Field(() => String, { nullable: true, description: 'Our status; null when we do not have it.' })
  ourStatus!: string | null;

  @Field(() => String, { nullable: true, description: 'The PSP’s status; null when the PSP does not have it.' })
  theirStatus!: string | null;

  @Field(() => Int, { description: 'Our amount, in cents; null when we have no record.', nullable: true })
  ourAmountCents!: number | null;

  @Field(() => Int, {
    description: 'The payment service provider’s amount, in cents; null when it has no record.',
    nullable: true,
  })
  theirAmountCents!: number | null;

  @Field(() => Date, { description: 'When the difference was found.' })
  createdAt!: Date;

  @Field(() => Boolean, {
    description: 'Whether "take over the provider’s status" applies: our payment is still open, the PSP’s is final.',
  })
  canTakeOver!: boolean;

  @Field(() => PaymentMismatchResolution, { nullable: true, description: 'Null while unresolved.' })
  resolution!: PaymentMismatchResolution | null;

  @Field(() => String, { description: 'The explanation given when it was resolved.', nullable: true })
  note!: string | null;

  @Field(() => Date, { description: 'When it was resolved; null while open.', nullable: true })
  resolvedAt!: Date | null;
}

@ObjectType('PaymentReconciliationSide', { description: 'The count and sum of one side of the reconciliation.' })
export class ReconciliationSide {
  @Field(() => Int, { description: 'The number of payments.' })
  payments!: number;

  @Field(() => Int, { description: 'The payments’ total, in cents.' })
  paymentsCents!: number;

  @Field(() => Int, { description: 'The number of refunds.' })
  refunds!: number;

  @Field(() => Int, { description: 'The refunds’ total, in cents.' })
  refundsCents!: number;
}

@ObjectType('StoppedRefund', { description: 'A refund that stopped retrying at the PSP: it can be retried.' })
export class StoppedRefundView {
  @Field(() => ID, { description: 'The refund’s id.' })
  id!: string;

  @Field(() => ID, { description: 'The id of the payment refunded.' })
  paymentId!: string;

  @Field(() => Int, { description: 'The amount to refund, in cents.' })
  amountCents!: number;

  @Field(() => Int, { description: 'How often it was tried.' })
  attempts!: number;

  @Field(() => String, { nullable: true, description: 'The last error of the PSP (technical).' })
  lastError!: string | null;

  @Field(() => Date, { description: 'When the refund was created.' })
  createdAt!: Date;
}

@ObjectType('PaymentReconciliation', {
  description: 'Our payments and refunds of a period side by side with the payment service provider’s.',
})
export class PaymentReconciliationView {
  @Field(() => String, { description: 'The first day of the period, YYYY-MM-DD.' })
  from!: string;

  @Field(() => String, { description: 'The last day of the period, YYYY-MM-DD.' })
  to!: string;

  @Field(() => String, { description: 'Mollie or Simulator.' })
  providerName!: string;

  @Field(() => ReconciliationSide, { description: 'Ours (within your municipality scope).' })
  ours!: ReconciliationSide;

  @Field(() => ReconciliationSide, { nullable: true, description: 'The PSP’s; null when it could not be reached.' })
  theirs!: ReconciliationSide | null;

  @Field(() => String, { nullable: true, description: 'Why the PSP could not be asked (Dutch); null when it could.' })
  providerError!: string | null;

  @Field(() => [PaymentMismatchView], { description: 'Unresolved first, then resolved; oldest first.' })
  mismatches!: PaymentMismatchView[];

  @Field(() => [StoppedRefundView], { description: 'Refunds that stopped retrying (any period).' })
  stoppedRefunds!: StoppedRefundView[];
}

@InputType({ description: 'How to resolve one reconciliation difference.' })
export class ResolvePaymentMismatchInput {
  @Field(() => String, { description: 'The period the mismatch was found in (YYYY-MM-DD).' })
  from!: string;

  @Field(() => String, { description: 'The last day of the period the mismatch was found in (YYYY-MM-DD).' })
  to!: string;

  @Field(() => String, { description: 'The difference’s `key` (from `paymentReconciliation`).' })
  key!: string;

  @Field(() => PaymentMismatchResolution, { description: 'How to resolve it.' })
  resolution!: PaymentMismatchResolution;

  @Field(() => String, { nullable: true, description: 'Required with EXPLAINED: why the difference is fine.' })
  note?: string | null;
}

@ObjectType({ description: 'The result of resolving a reconciliation difference.' })
export class ResolvePaymentMismatchPayload extends Payload(PaymentMismatchView, 'mismatch') {}

@ObjectType({ description: 'The result of retrying a refund.' })
export class RetryPaymentRefundPayload extends Payload(StoppedRefundView, 'refund') {}
