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
  name: 'PaymentMismatchResolution',
  description:
    'TAKE_OVER: take over the PSP’s status (books what it means, once); EXPLAINED: marked explained with a note.',
});

@ObjectType('PaymentMismatch', { description: 'One difference between our payments or refunds and the PSP’s.' })
export class PaymentMismatchView {
  @Field(() => String, { description: 'Identifies this difference (with its values); pass it to resolve it.' })
  key!: string;

  @Field(() => PaymentMismatchKind)
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

  @Field(() => Int, { nullable: true })
  ourAmountCents!: number | null;

  @Field(() => Int, { nullable: true })
  theirAmountCents!: number | null;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Boolean, {
    description: 'Whether "take over the provider’s status" applies: our payment is still open, the PSP’s is final.',
  })
  canTakeOver!: boolean;

  @Field(() => PaymentMismatchResolution, { nullable: true, description: 'Null while unresolved.' })
  resolution!: PaymentMismatchResolution | null;

  @Field(() => String, { nullable: true })
  note!: string | null;

  @Field(() => Date, { nullable: true })
  resolvedAt!: Date | null;
}

@ObjectType('PaymentReconciliationSide', { description: 'The count and sum of one side of the reconciliation.' })
export class ReconciliationSide {
  @Field(() => Int)
  payments!: number;

  @Field(() => Int)
  paymentsCents!: number;

  @Field(() => Int)
  refunds!: number;

  @Field(() => Int)
  refundsCents!: number;
}

@ObjectType('StoppedRefund', { description: 'A refund that stopped retrying at the PSP: it can be retried.' })
export class StoppedRefundView {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  paymentId!: string;

  @Field(() => Int)
  amountCents!: number;

  @Field(() => Int)
  attempts!: number;

  @Field(() => String, { nullable: true, description: 'The last error of the PSP (technical).' })
  lastError!: string | null;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType('PaymentReconciliation', {
  description: 'Our payments and refunds of a period side by side with the payment service provider’s.',
})
export class PaymentReconciliationView {
  @Field(() => String)
  from!: string;

  @Field(() => String)
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

@InputType()
export class ResolvePaymentMismatchInput {
  @Field(() => String, { description: 'The period the mismatch was found in (YYYY-MM-DD).' })
  from!: string;

  @Field(() => String)
  to!: string;

  @Field(() => String)
  key!: string;

  @Field(() => PaymentMismatchResolution)
  resolution!: PaymentMismatchResolution;

  @Field(() => String, { nullable: true, description: 'Required with EXPLAINED: why the difference is fine.' })
  note?: string | null;
}

@ObjectType()
export class ResolvePaymentMismatchPayload extends Payload(PaymentMismatchView, 'mismatch') {}

@ObjectType()
export class RetryPaymentRefundPayload extends Payload(StoppedRefundView, 'refund') {}
