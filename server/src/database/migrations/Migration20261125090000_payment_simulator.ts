import { Migration } from '@mikro-orm/migrations';

/**
 * The payment simulator's own records (development and tests only; in production the PSP is Mollie and these tables
 * stay empty). They stand for what a PSP keeps on its side, so they are deliberately separate from `payment` and
 * `payment_refund` (no foreign keys to them): reconciliation compares the two, and the simulator can be made to differ.
 * Kept in the database so they survive a restart of the server and several instances share them.
 */
export class Migration20261125090000_payment_simulator extends Migration {
  override up(): void {
    this.addSql(`
      create table payment_simulator_payment (
        external_id text primary key,
        payment_id text unique,
        amount_cents integer not null,
        description text not null,
        status text not null check (status in ('OPEN','PAID','FAILED','CANCELED','EXPIRED')),
        redirect_url text not null,
        webhook_url text not null,
        created_at timestamptz not null
      );`);
    this.addSql(`create index payment_simulator_payment_created_at_idx on payment_simulator_payment (created_at);`);
    this.addSql(`
      create table payment_simulator_refund (
        refund_id text primary key,
        external_id text not null references payment_simulator_payment(external_id) on delete cascade,
        amount_cents integer not null check (amount_cents > 0),
        idempotency_key text not null,
        status text not null check (status in ('REFUNDED','FAILED')),
        created_at timestamptz not null,
        unique (external_id, idempotency_key)
      );`);
    this.addSql(`create index payment_simulator_refund_created_at_idx on payment_simulator_refund (created_at);`);
  }

  override down(): void {
    this.addSql(`drop table payment_simulator_refund;`);
    this.addSql(`drop table payment_simulator_payment;`);
  }
}
