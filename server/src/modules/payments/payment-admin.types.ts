import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { GraphQLString } from 'graphql';
import { Connection, type ConnectionOf } from '../../graphql/pagination.js';
import { Payload } from '../../graphql/payload.js';

export enum PaymentRecordKind {
  PAYMENT = 'PAYMENT',
  REFUND = 'REFUND',
}
registerEnumType(PaymentRecordKind, {
  valuesConfig: {
    PAYMENT: { description: 'An own-contribution payment by a resident.' },
    REFUND: { description: 'A refund of an own contribution.' },
  },
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
  valuesConfig: {
    CANCELED: { description: 'The resident cancelled the payment.' },
    EXPIRED: { description: 'The payment was not completed in time.' },
    FAILED: { description: 'The payment or refund failed.' },
    OPEN: { description: 'Started, not completed yet.' },
    PAID: { description: 'Paid.' },
    REFUNDED: { description: 'The refund was paid.' },
    REFUND_PENDING: { description: 'The refund is on its way (retried when it fails).' },
  },
  name: 'PaymentRecordStatus',
  description: 'OPEN … EXPIRED: a payment; REFUND_PENDING and REFUNDED: a refund.',
});

export enum PaymentServiceProviderEnum {
  MOLLIE = 'MOLLIE',
  SIMULATOR = 'SIMULATOR',
}
registerEnumType(PaymentServiceProviderEnum, {
  valuesConfig: {
    MOLLIE: { description: 'Mollie.' },
    SIMULATOR: { description: 'The built-in simulator, for test and demo environments.' },
  },
  name: 'PaymentServiceProvider',
  description: 'The payment service provider (PSP): Mollie, or the local simulator (never in production).',
});

@ObjectType('PaymentRecord', { description: 'One own-contribution payment or refund (the finance payments list).' })
export class PaymentRecordView {
  @Field(() => ID, { description: 'The record’s id.' })
  id!: string;

  @Field(() => PaymentRecordKind, { description: 'A payment or a refund.' })
  kind!: PaymentRecordKind;

  @Field(() => ID, { description: 'The payment (for a refund: the payment it refunds).' })
  paymentId!: string;

  @Field(() => ID, { description: 'The id of the municipality.' })
  municipalityId!: string;

  @Field(() => String, { description: 'The municipality.' })
  municipalityName!: string;

  @Field(() => PaymentServiceProviderEnum, { description: 'The payment service provider that handles it.' })
  provider!: PaymentServiceProviderEnum;

  @Field(() => String, { nullable: true, description: 'The id at the PSP (tr_…, re_…); null when not (yet) there.' })
  externalId!: string | null;

  @Field(() => Int, { description: 'Cents; a refund is positive too (see kind).' })
  amountCents!: number;

  @Field(() => PaymentRecordStatus, { description: 'Where it is.' })
  status!: PaymentRecordStatus;

  @Field(() => Date, { description: 'When it was created.' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When it was paid or refunded.' })
  settledAt!: Date | null;
}

@ObjectType({
  description:
    'A page of payments and refunds (keyset paging: pass `pageInfo.endCursor` as `after` for the next page).',
})
export class PaymentRecordConnection extends Connection(PaymentRecordView, 'PaymentRecord') {}
export type PaymentRecordPage = ConnectionOf<PaymentRecordView>;

@InputType({ description: 'Filters for the finance payments list and its export; all optional, combined with AND.' })
export class PaymentRecordFilter {
  @Field(() => PaymentRecordKind, { description: 'Only payments or only refunds.', nullable: true })
  kind?: PaymentRecordKind | null;

  @Field(() => PaymentRecordStatus, { description: 'Only in this status.', nullable: true })
  status?: PaymentRecordStatus | null;

  @Field(() => String, { nullable: true, description: 'Created on or after this date (YYYY-MM-DD, Dutch time).' })
  from?: string | null;

  @Field(() => String, { nullable: true, description: 'Created on or before this date (YYYY-MM-DD, Dutch time).' })
  to?: string | null;

  @Field(() => ID, { description: 'Only of this municipality.', nullable: true })
  municipalityId?: string | null;

  @Field(() => PaymentServiceProviderEnum, { description: 'Only of this payment service provider.', nullable: true })
  provider?: PaymentServiceProviderEnum | null;

  @Field(() => Int, { nullable: true, description: 'At least this many cents.' })
  minCents?: number | null;

  @Field(() => Int, { nullable: true, description: 'At most this many cents.' })
  maxCents?: number | null;
}

@ObjectType({ description: 'Totals over every payment and refund matching a filter (all pages).' })
export class PaymentRecordTotals {
  @Field(() => Int, { description: 'The number of matching payments.' })
  payments!: number;

  @Field(() => Int, { description: 'The sum of the matching payments, whatever their status.' })
  paymentsCents!: number;

  @Field(() => Int, { description: 'The sum of the matching payments that are PAID.' })
  paidCents!: number;

  @Field(() => Int, { description: 'The number of matching refunds.' })
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

@InputType({ description: 'The payment service provider to use.' })
export class SetPaymentProviderInput {
  @Field(() => PaymentServiceProviderEnum, { description: 'The payment service provider.' })
  provider!: PaymentServiceProviderEnum;

  @Field(() => String, { nullable: true, description: 'A new Mollie API key; empty keeps the stored one.' })
  apiKey?: string | null;

  @Field(() => Int, { nullable: true, description: 'The payments settings version the form was loaded with.' })
  expectedVersion?: number | null;
}

@ObjectType({ description: 'The result of choosing the payment service provider.' })
export class SetPaymentProviderPayload extends Payload(PaymentProviderSettingsView, 'settings') {}

@ObjectType({ description: 'The result of testing the connection with the payment service provider.' })
export class TestPaymentProviderPayload extends Payload<string, 'message'>(
  GraphQLString,
  'message',
  'A Dutch sentence saying the connection works.',
) {}
