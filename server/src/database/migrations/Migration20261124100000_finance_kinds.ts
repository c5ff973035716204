import { Migration } from '@mikro-orm/migrations';

/**
 * Finance (issue 11): a BANK account per municipality (where payouts to providers leave from), and the EXPIRY booking
 * (an assignment's remaining budget at the end of its period, back to its arrangement's funding).
 */
export class Migration20261124100000_finance_kinds extends Migration {
  override up(): void {
    this.addSql(`alter table ledger_account drop constraint if exists ledger_account_kind_check;`);
    this.addSql(
      `alter table ledger_account add constraint ledger_account_kind_check
         check (kind in ('ARRANGEMENT_FUNDING','ASSIGNMENT','PROVIDER_PAYABLE','PAYMENT_CLEARING','BANK'));`,
    );
    this.addSql(
      `create unique index ledger_account_bank_unique on ledger_account (municipality_id) where kind = 'BANK';`,
    );
    this.addSql(`alter table ledger_transaction drop constraint if exists ledger_transaction_kind_check;`);
    this.addSql(
      `alter table ledger_transaction add constraint ledger_transaction_kind_check
         check (kind in ('GRANT','REVOKE','SPEND','CANCEL','REFUND','CONTRIBUTION','PAYOUT','REVERSAL','EXPIRY'));`,
    );
  }

  override down(): void {
    this.addSql(`alter table ledger_transaction drop constraint if exists ledger_transaction_kind_check;`);
    this.addSql(
      `alter table ledger_transaction add constraint ledger_transaction_kind_check
         check (kind in ('GRANT','REVOKE','SPEND','CANCEL','REFUND','CONTRIBUTION','PAYOUT','REVERSAL'));`,
    );
    this.addSql(`drop index if exists ledger_account_bank_unique;`);
    this.addSql(`alter table ledger_account drop constraint if exists ledger_account_kind_check;`);
    this.addSql(
      `alter table ledger_account add constraint ledger_account_kind_check
         check (kind in ('ARRANGEMENT_FUNDING','ASSIGNMENT','PROVIDER_PAYABLE','PAYMENT_CLEARING'));`,
    );
  }
}
