import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { GraphQLString } from 'graphql';
import { Connection, type ConnectionOf } from '../../graphql/pagination.js';
import { Payload } from '../../graphql/payload.js';

export enum PaymentRecordKind {
  PAYMENT = 'PAYMENT',
  REFUND = 'REFUND',
}
registerEnumType(PaymentRecordKind, {
  name: 'PaymentRecordKind',
  description: 'An own-contribution payment, or a refund of (part of) one.',
});

/** A payment's status, or a refund's (REFUND_PENDING: still to be sent to the PSP, or retrying; REFUNDED: done). */
export enum PaymentRecordStatus {
  OPEN = 'OPEN',
  PAID = 'PAID',
  FAILED = 'FAILED',
  CANCELED = 'CANCELED',
  EXPIRED = 'EXPIRED',
  REFUND_PENDING = 'REFUND_PENDING',
  REFUNDED = 'REFUNDED',
}
registerEnumType(PaymentRecordStatus, {
  name: 'PaymentRecordStatus',
  description: 'OPEN … EXPIRED: a payment; REFUND_PENDING and REFUNDED: a refund.',
});

export enum PaymentServiceProviderEnum {
  MOLLIE = 'MOLLIE',
  SIMULATOR = 'SIMULATOR',
}
registerEnumType(PaymentServiceProviderEnum, {
  name: 'PaymentServiceProvider',
  description: 'The payment service provider (PSP): Mollie, or the local simulator (never in production).',
});

@ObjectType('PaymentRecord', { description: 'One own-contribution payment or refund (the finance payments list).' })
export class PaymentRecordView {
  @Field(() => ID)
  id!: string;

  @Field(() => PaymentRecordKind)
  kind!: PaymentRecordKind;

  @Field(() => ID, { description: 'The payment (for a refund: the payment it refunds).' })
  paymentId!: string;

  @Field(() => ID)
  municipalityId!: string;

  @Field(() => String)
  municipalityName!: string;

  @Field(() => PaymentServiceProviderEnum)
  provider!: PaymentServiceProviderEnum;

  @Field(() => String, { nullable: true, description: 'The id at the PSP (tr_…, re_…); null when not (yet) there.' })
  externalId!: string | null;

  @Field(() => Int, { description: 'Cents; a refund is positive too (see kind).' })
  amountCents!: number;

  @Field(() => PaymentRecordStatus)
  status!: PaymentRecordStatus;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When it was paid or refunded.' })
  settledAt!: Date | null;
}

@ObjectType()
export class PaymentRecordConnection extends Connection(PaymentRecordView, 'PaymentRecord') {}
export type PaymentRecordPage = ConnectionOf<PaymentRecordView>;

@InputType({ description: 'Filters for the finance payments list and its export; all optional, combined with AND.' })
export class PaymentRecordFilter {
  @Field(() => PaymentRecordKind, { nullable: true })
  kind?: PaymentRecordKind | null;

  @Field(() => PaymentRecordStatus, { nullable: true })
  status?: PaymentRecordStatus | null;

  @Field(() => String, { nullable: true, description: 'Created on or after this date (YYYY-MM-DD, Dutch time).' })
  from?: string | null;

  @Field(() => String, { nullable: true, description: 'Created on or before this date (YYYY-MM-DD, Dutch time).' })
  to?: string | null;

  @Field(() => ID, { nullable: true })
  municipalityId?: string | null;

  @Field(() => PaymentServiceProviderEnum, { nullable: true })
  provider?: PaymentServiceProviderEnum | null;

  @Field(() => Int, { nullable: true, description: 'At least this many cents.' })
  minCents?: number | null;

  @Field(() => Int, { nullable: true, description: 'At most this many cents.' })
  maxCents?: number | null;
}

@ObjectType({ description: 'Totals over every payment and refund matching a filter (all pages).' })
export class PaymentRecordTotals {
  @Field(() => Int)
  payments!: number;

  @Field(() => Int, { description: 'The sum of the matching payments, whatever their status.' })
  paymentsCents!: number;

  @Field(() => Int, { description: 'The sum of the matching payments that are PAID.' })
  paidCents!: number;

  @Field(() => Int)
  refunds!: number;

  @Field(() => Int, { description: 'The sum of the matching refunds.' })
  refundsCents!: number;

  @Field(() => Int, { description: 'Paid minus refunded (REFUNDED only).' })
  netCents!: number;
}

@ObjectType('PaymentProviderSettings', { description: 'The payment service provider at instellingen/betalingen.' })
export class PaymentProviderSettingsView {
  @Field(() => PaymentServiceProviderEnum, { description: 'The provider in force.' })
  provider!: PaymentServiceProviderEnum;

  @Field(() => Boolean, { description: 'Chosen here (false: the server’s default, PAYMENT_PROVIDER).' })
  chosen!: boolean;

  @Field(() => String, { nullable: true, description: 'The last four characters of the stored API key.' })
  apiKeyLast4!: string | null;

  @Field(() => Boolean, { description: 'Whether the simulator may be chosen (never in production).' })
  simulatorAllowed!: boolean;
}

@InputType()
export class SetPaymentProviderInput {
  @Field(() => PaymentServiceProviderEnum)
  provider!: PaymentServiceProviderEnum;

  @Field(() => String, { nullable: true, description: 'A new Mollie API key; empty keeps the stored one.' })
  apiKey?: string | null;

  @Field(() => Int, { nullable: true, description: 'The payments settings version the form was loaded with.' })
  expectedVersion?: number | null;
}

@ObjectType()
export class SetPaymentProviderPayload extends Payload(PaymentProviderSettingsView, 'settings') {}

@ObjectType()
export class TestPaymentProviderPayload extends Payload<string, 'message'>(
  GraphQLString,
  'message',
  'A Dutch sentence saying the connection works.',
) {}
