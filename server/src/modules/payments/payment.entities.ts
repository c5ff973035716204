import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { applicationNow } from '../../kernel/clock.js';
import { IdEntity, TimestampedEntity } from '../../platform/entity.js';

export type PaymentStatus = 'OPEN' | 'PAID' | 'FAILED' | 'CANCELED' | 'EXPIRED';

/** The own contribution of one checkout, paid through the payment service provider. */
@Entity({ tableName: 'payment' })
export class Payment extends TimestampedEntity {
  @Property({ type: 'uuid' })
  checkoutId!: string;

  @Property({ type: 'uuid' })
  municipalityId!: string;

  @Property({ type: 'text' })
  provider!: 'simulator' | 'mollie';

  /** The PSP's id (Mollie: tr_…). */
  @Property({ type: 'text', nullable: true })
  externalId?: string | null;

  @Property({ type: 'integer' })
  amountCents!: number;

  @Property({ type: 'text' })
  status: PaymentStatus & Opt = 'OPEN';

  @Property({ type: 'integer' })
  refundedCents: number & Opt = 0;

  @Property({ type: 'text', nullable: true })
  checkoutUrl?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  paidAt?: Date | null;
}

@Entity({ tableName: 'payment_event' })
export class PaymentEvent {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Property({ type: 'uuid' })
  paymentId!: string;

  @Property({ type: 'text' })
  status!: string;

  @Property({ type: 'text' })
  source!: string;

  @Property({ type: 'timestamptz' })
  at: Date & Opt = applicationNow();
}

export type RefundStatus = 'PENDING' | 'REFUNDED';

/**
 * A refund to make (PENDING) or made (REFUNDED) at the PSP: one per REFUND booking in the ledger, or one per payment for
 * money that arrived for orders already cancelled (`ledgerTransactionId` null).
 */
@Entity({ tableName: 'payment_refund' })
export class PaymentRefund extends IdEntity {
  @Property({ type: 'uuid' })
  paymentId!: string;

  @Property({ type: 'uuid', nullable: true })
  orderId?: string | null;

  @Property({ type: 'uuid', nullable: true })
  ledgerTransactionId?: string | null;

  @Property({ type: 'integer' })
  amountCents!: number;

  @Property({ type: 'text' })
  status: RefundStatus & Opt = 'PENDING';

  /** The PSP's refund id (Mollie: re_…). */
  @Property({ type: 'text', nullable: true })
  externalId?: string | null;

  @Property({ type: 'integer' })
  attempts: number & Opt = 0;

  @Property({ type: 'text', nullable: true })
  lastError?: string | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();

  @Property({ type: 'timestamptz', nullable: true })
  refundedAt?: Date | null;
}
