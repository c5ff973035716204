import { Migration } from '@mikro-orm/migrations';

/**
 * Finance (issue 11, payments): keyset indexes for the payments list and its export, and the reconciliation
 * resolutions. A mismatch is identified by its key (kind, PSP id and the values that differ); the unique key makes a
 * mismatch resolvable once, also when two people resolve it at the same moment.
 */
export class Migration20261125010000_payments_admin extends Migration {
  override up(): void {
    this.addSql(`create index payment_created_idx on payment (created_at desc, id desc);`);
    this.addSql(`create index payment_refund_created_idx on payment_refund (created_at desc, id desc);`);
    this.addSql(`
      create table payment_reconciliation (
        id uuid primary key default gen_random_uuid(),
        mismatch_key text not null,
        kind text not null check (kind in ('MISSING_THERE','MISSING_HERE','STATUS_DIFFERS','AMOUNT_DIFFERS')),
        subject text not null check (subject in ('PAYMENT','REFUND')),
        external_id text not null,
        payment_id uuid null references payment (id),
        resolution text not null check (resolution in ('TAKE_OVER','EXPLAINED')),
        note text null,
        resolved_by uuid null,
        resolved_at timestamptz not null,
        constraint payment_reconciliation_key_unique unique (mismatch_key)
      );`);
  }

  override down(): void {
    this.addSql(`drop table if exists payment_reconciliation;`);
    this.addSql(`drop index if exists payment_refund_created_idx;`);
    this.addSql(`drop index if exists payment_created_idx;`);
  }
}
