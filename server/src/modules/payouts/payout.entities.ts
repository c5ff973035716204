import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { applicationNow } from '../../kernel/clock.js';
import { IdEntity } from '../../platform/entity.js';

export type PayoutBatchStatus = 'DRAFT' | 'EXPORTED' | 'PAID' | 'CANCELLED' | 'NOT_EXECUTED';

/**
 * A payout batch of one municipality: the delivered orders older than the payout delay, one credit transfer per
 * provider. DRAFT → EXPORTED (the SEPA file was downloaded) → PAID (booked in the ledger); a draft can be CANCELLED,
 * an exported batch only marked NOT_EXECUTED by the bank (reason, and a second person's confirmation). Both release
 * the batch's orders. The service writes it with SQL (payout.queries.ts); the entity maps the table.
 */
@Entity({ tableName: 'payout_batch' })
export class PayoutBatch extends IdEntity {
  /** Human-readable, e.g. U1001 (from payout_reference_seq). */
  @Property({ type: 'text' })
  reference!: string & Opt;

  @Property({ type: 'uuid' })
  municipalityId!: string;

  @Property({ type: 'text' })
  status!: PayoutBatchStatus & Opt;

  /** Orders delivered before this moment (now minus the payout delay) were gathered. */
  @Property({ type: 'timestamptz' })
  deliveredBefore!: Date;

  @Property({ type: 'bigint' })
  totalCents!: string;

  @Property({ type: 'integer' })
  orderCount!: number;

  @Property({ type: 'uuid', nullable: true })
  createdBy?: string | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();

  @Property({ type: 'timestamptz', nullable: true })
  exportedAt?: Date | null;

  @Property({ type: 'uuid', nullable: true })
  exportedBy?: string | null;

  @Property({ type: 'text', nullable: true })
  sepaVersion?: string | null;

  @Property({ type: 'text', nullable: true })
  exportMessageId?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  paidAt?: Date | null;

  @Property({ type: 'uuid', nullable: true })
  paidBy?: string | null;

  @Property({ type: 'uuid', nullable: true })
  ledgerTransactionId?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  cancelledAt?: Date | null;

  @Property({ type: 'uuid', nullable: true })
  cancelledBy?: string | null;

  @Property({ type: 'text', nullable: true })
  notExecutedReason?: string | null;

  @Property({ type: 'uuid', nullable: true })
  notExecutedRequestedBy?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  notExecutedRequestedAt?: Date | null;

  @Property({ type: 'uuid', nullable: true })
  notExecutedConfirmedBy?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  notExecutedAt?: Date | null;
}

/** One credit transfer of a batch: what one provider gets, with its remittance information (at most 140 characters). */
@Entity({ tableName: 'payout_line' })
export class PayoutLine extends IdEntity {
  @Property({ type: 'uuid' })
  batchId!: string;

  @Property({ type: 'uuid' })
  providerId!: string;

  /** The batch's reference and the line's number, e.g. U1001-003: the end-to-end id of the transfer. */
  @Property({ type: 'text' })
  reference!: string;

  @Property({ type: 'bigint' })
  amountCents!: string;

  @Property({ type: 'integer' })
  orderCount!: number;

  @Property({ type: 'text' })
  remittanceInfo!: string;

  /** The creditor as written into the SEPA file (set at export). */
  @Property({ type: 'text', nullable: true })
  creditorName?: string | null;

  @Property({ type: 'text', nullable: true })
  creditorIban?: string | null;
}

/** An order paid by a line. Unique per order among rows not released (database index payout_order_once). */
@Entity({ tableName: 'payout_order' })
export class PayoutOrder {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Property({ type: 'uuid' })
  batchId!: string;

  @Property({ type: 'uuid' })
  lineId!: string;

  @Property({ type: 'uuid' })
  orderId!: string;

  @Property({ type: 'bigint' })
  amountCents!: string;

  @Property({ type: 'boolean' })
  released: boolean & Opt = false;
}
