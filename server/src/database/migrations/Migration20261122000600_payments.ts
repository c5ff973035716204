import { Migration } from '@mikro-orm/migrations';

/**
 * Payments after the checkout: refunds of own contributions at the PSP, and what the webhook and the expiry sweep need.
 *
 * A refund row is made for every REFUND booking in the ledger that gave a paid own contribution back (one per booking,
 * so a refund is asked once however often it is retried), or for money that came in for orders that were already
 * cancelled (one per payment). It is PENDING until the PSP confirmed it; `payment.refunded_cents` counts the confirmed ones.
 */
export class Migration20261122000600_payments extends Migration {
  override up(): void {
    this.addSql(`
      create table payment_refund (
        id uuid primary key default gen_random_uuid(),
        payment_id uuid not null references payment(id),
        order_id uuid references customer_order(id),
        ledger_transaction_id uuid unique references ledger_transaction(id),
        amount_cents integer not null check (amount_cents > 0),
        status text not null default 'PENDING' check (status in ('PENDING','REFUNDED')),
        external_id text,
        attempts integer not null default 0,
        last_error text,
        created_at timestamptz not null default now(),
        refunded_at timestamptz,
        check ((status = 'REFUNDED') = (refunded_at is not null and external_id is not null))
      );`);
    this.addSql(
      `create unique index payment_refund_unclaimed_unique on payment_refund (payment_id) where ledger_transaction_id is null;`,
    );
    this.addSql(`create index payment_refund_payment_idx on payment_refund (payment_id);`);
    this.addSql(`create index payment_refund_pending_idx on payment_refund (created_at) where status = 'PENDING';`);
    // The expiry sweep looks for open payments by age.
    this.addSql(`create index payment_open_idx on payment (created_at) where status = 'OPEN';`);
    this.addSql(`create index payment_event_payment_idx on payment_event (payment_id, id);`);
    // Finding the refunds still to make: REFUND bookings that point at a payment.
    this.addSql(
      `create index ledger_transaction_refund_idx on ledger_transaction (created_at) where kind = 'REFUND' and payment_id is not null;`,
    );
  }
}
