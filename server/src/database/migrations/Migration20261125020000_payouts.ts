import { Migration } from '@mikro-orm/migrations';

/**
 * Payouts to providers (issue 11): a batch per municipality (draft → exported → paid, or cancelled / not executed by
 * the bank), one line (credit transfer) per provider, and the orders each line pays. An order is paid out once: a
 * partial unique index on payout_order (order_id) among the rows that were not released (a cancelled or not-executed
 * batch releases its orders), so two batches made at the same moment cannot both take an order.
 */
export class Migration20261125020000_payouts extends Migration {
  override up(): void {
    this.addSql(`create sequence payout_reference_seq start 1001;`);
    this.addSql(`
      create table payout_batch (
        id uuid primary key default gen_random_uuid(),
        reference text not null unique default ('U' || nextval('payout_reference_seq')::text),
        municipality_id uuid not null references municipality (id),
        status text not null default 'DRAFT'
          check (status in ('DRAFT','EXPORTED','PAID','CANCELLED','NOT_EXECUTED')),
        delivered_before timestamptz not null,
        total_cents bigint not null check (total_cents > 0),
        order_count integer not null,
        created_by uuid null,
        created_at timestamptz not null,
        exported_at timestamptz null,
        exported_by uuid null,
        sepa_version text null,
        export_message_id text null,
        paid_at timestamptz null,
        paid_by uuid null,
        ledger_transaction_id uuid null references ledger_transaction (id),
        cancelled_at timestamptz null,
        cancelled_by uuid null,
        not_executed_reason text null,
        not_executed_requested_by uuid null,
        not_executed_requested_at timestamptz null,
        not_executed_confirmed_by uuid null,
        not_executed_at timestamptz null,
        constraint payout_batch_second_person check (not_executed_confirmed_by is null
          or not_executed_confirmed_by <> not_executed_requested_by)
      );`);
    this.addSql(`create index payout_batch_municipality_idx on payout_batch (municipality_id, created_at desc, id);`);
    this.addSql(`
      create table payout_line (
        id uuid primary key default gen_random_uuid(),
        batch_id uuid not null references payout_batch (id) on delete cascade,
        provider_id uuid not null references provider (id),
        reference text not null unique,
        amount_cents bigint not null check (amount_cents > 0),
        order_count integer not null,
        remittance_info text not null check (length(remittance_info) <= 140),
        creditor_name text null,
        creditor_iban text null,
        unique (batch_id, provider_id)
      );`);
    this.addSql(`create index payout_line_provider_idx on payout_line (provider_id);`);
    this.addSql(`
      create table payout_order (
        id bigserial primary key,
        batch_id uuid not null references payout_batch (id) on delete cascade,
        line_id uuid not null references payout_line (id) on delete cascade,
        order_id uuid not null references customer_order (id),
        amount_cents bigint not null check (amount_cents > 0),
        released boolean not null default false
      );`);
    this.addSql(`create unique index payout_order_once on payout_order (order_id) where not released;`);
    this.addSql(`create index payout_order_line_idx on payout_order (line_id);`);
    this.addSql(`create index payout_order_batch_idx on payout_order (batch_id);`);
    // Gathering looks for delivered orders by the moment of delivery.
    this.addSql(
      `create index if not exists order_event_delivered_idx on order_event (order_id, at) where to_status = 'DELIVERED';`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists order_event_delivered_idx;`);
    this.addSql(`drop table if exists payout_order;`);
    this.addSql(`drop table if exists payout_line;`);
    this.addSql(`drop table if exists payout_batch;`);
    this.addSql(`drop sequence if exists payout_reference_seq;`);
  }
}
