import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { GraphQLString } from 'graphql';
import { Payload } from '../../graphql/payload.js';
import { PersonalData, PersonalDataKind } from '../../graphql/personal-data.js';

export enum PaymentStatusEnum {
  OPEN = 'OPEN',
  PAID = 'PAID',
  FAILED = 'FAILED',
  CANCELED = 'CANCELED',
  EXPIRED = 'EXPIRED',
}
registerEnumType(PaymentStatusEnum, {
  valuesConfig: {
    CANCELED: { description: 'The resident cancelled the payment.' },
    EXPIRED: { description: 'The payment was not completed in time.' },
    FAILED: { description: 'The payment failed.' },
    OPEN: { description: 'Started, not completed yet.' },
    PAID: { description: 'Paid.' },
  },
  name: 'PaymentStatus',
  description: 'OPEN until the payment service provider reports PAID, FAILED, CANCELED or EXPIRED.',
});

@ObjectType('ContributionPayment', {
  description: 'The own-contribution payment of one checkout, as its customer sees it.',
})
export class ContributionPaymentView {
  @Field(() => ID, { description: 'The payment’s id.' })
  id!: string;

  @Field(() => PaymentStatusEnum, { description: 'Where the payment is.' })
  status!: PaymentStatusEnum;

  @Field(() => Int, { description: 'The amount to pay, in cents.' })
  @PersonalData(PersonalDataKind.FINANCIAL)
  amountCents!: number;

  @Field(() => Int, { description: 'Refunded at the payment service provider so far.' })
  @PersonalData(PersonalDataKind.FINANCIAL)
  refundedCents!: number;

  @Field(() => String, { nullable: true, description: 'Where to pay while the payment is OPEN; null otherwise.' })
  paymentUrl!: string | null;

  /** The checkout it pays for; its orders are a field of modules/orders (payment-orders.resolver.ts). */
  checkoutId!: string;
}

@ObjectType({ description: 'The result of opening a payment page.' })
export class StartContributionPaymentPayload extends Payload<string, 'paymentUrl'>(
  GraphQLString,
  'paymentUrl',
  'Where to pay; null when there is nothing to pay (any more).',
) {}
