import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt, Ref } from '@mikro-orm/core';
import { applicationNow } from '../../kernel/clock.js';
import { IdEntity } from '../../platform/entity.js';

export type LedgerAccountKind = 'ARRANGEMENT_FUNDING' | 'ASSIGNMENT' | 'PROVIDER_PAYABLE' | 'PAYMENT_CLEARING' | 'BANK';
export type LedgerTransactionKind =
  | 'GRANT'
  | 'REVOKE'
  | 'SPEND'
  | 'CANCEL'
  | 'REFUND'
  | 'CONTRIBUTION'
  | 'PAYOUT'
  | 'REVERSAL'
  | 'EXPIRY';

/**
 * A ledger account. Its running balance (`balance_cents`) is maintained by the database from the entries (trigger) and
 * guarded by a CHECK for accounts that may not go negative; the application only reads it (LedgerService.balances).
 * A PROVIDER_PAYABLE account keeps its balance in parts (ledger_balance_part: concurrent checkouts at one provider do
 * not queue on one row); the view ledger_account_balance gives every account's balance.
 */
@Entity({ tableName: 'ledger_account' })
export class LedgerAccount extends IdEntity {
  @Property({ type: 'text' })
  kind!: LedgerAccountKind;

  @Property({ type: 'uuid' })
  municipalityId!: string;

  @Property({ type: 'uuid', nullable: true })
  arrangementId?: string | null;

  @Property({ type: 'uuid', nullable: true })
  assignmentId?: string | null;

  @Property({ type: 'uuid', nullable: true })
  providerId?: string | null;

  @Property({ type: 'boolean' })
  allowNegative!: boolean;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();
}

/** One balanced booking: its entries sum to zero (checked by the database at commit). Never changed afterwards. */
@Entity({ tableName: 'ledger_transaction' })
export class LedgerTransaction extends IdEntity {
  @Property({ type: 'text' })
  kind!: LedgerTransactionKind;

  @Property({ type: 'uuid' })
  municipalityId!: string;

  @Property({ type: 'text' })
  description!: string;

  @Property({ type: 'uuid', nullable: true })
  assignmentId?: string | null;

  @Property({ type: 'uuid', nullable: true })
  orderId?: string | null;

  @Property({ type: 'uuid', nullable: true })
  paymentId?: string | null;

  @Property({ type: 'uuid', nullable: true })
  reversesId?: string | null;

  @Property({ type: 'text', nullable: true })
  idempotencyKey?: string | null;

  @Property({ type: 'text' })
  actorKind!: string;

  @Property({ type: 'uuid', nullable: true })
  actorId?: string | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();
}

@Entity({ tableName: 'ledger_entry' })
export class LedgerEntry {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @ManyToOne(() => LedgerTransaction, { ref: true, fieldName: 'transaction_id' })
  transaction!: Ref<LedgerTransaction>;

  @ManyToOne(() => LedgerAccount, { ref: true, fieldName: 'account_id' })
  account!: Ref<LedgerAccount>;

  @Property({ type: 'bigint' })
  amountCents!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();
}
