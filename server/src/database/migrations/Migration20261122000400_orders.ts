import { Migration } from '@mikro-orm/migrations';

/**
 * Carts, checkouts, orders (one per provider per checkout), how the budget paid for each order, the order timeline,
 * and own-contribution payments. Money columns are integer cents with CHECKs that tie the parts together.
 */
export class Migration20261122000400_orders extends Migration {
  override up(): void {
    this.addSql(`
      create table cart_line (
        id uuid primary key default gen_random_uuid(),
        person_id uuid not null references person(id) on delete cascade,
        product_id uuid not null references product(id) on delete cascade,
        quantity integer not null check (quantity between 1 and 99),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (person_id, product_id)
      );`);

    this.addSql(`
      create table checkout (
        id uuid primary key default gen_random_uuid(),
        client_group_id uuid not null references client_group(id),
        person_id uuid references person(id),
        municipality_id uuid not null references municipality(id),
        idempotency_key text not null unique,
        total_cents integer not null check (total_cents > 0),
        budget_cents integer not null check (budget_cents >= 0),
        contribution_cents integer not null check (contribution_cents >= 0),
        created_at timestamptz not null default now(),
        check (total_cents = budget_cents + contribution_cents)
      );`);

    this.addSql(`create sequence order_number_seq start 100001;`);
    this.addSql(`
      create table customer_order (
        id uuid primary key default gen_random_uuid(),
        number text not null unique default ('B' || nextval('order_number_seq')::text),
        checkout_id uuid not null references checkout(id),
        client_group_id uuid not null references client_group(id),
        person_id uuid references person(id),
        provider_id uuid not null references provider(id),
        municipality_id uuid not null references municipality(id),
        status text not null check (status in ('AWAITING_PAYMENT','PLACED','ACCEPTED','DELIVERED','CANCELLED')),
        total_cents integer not null check (total_cents > 0),
        budget_cents integer not null check (budget_cents >= 0),
        contribution_cents integer not null check (contribution_cents >= 0),
        pickup_code text not null unique check (pickup_code ~ '^[A-Z0-9]{8}$'),
        cancel_reason text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        check (total_cents = budget_cents + contribution_cents)
      );`);
    this.addSql(`create index customer_order_client_group_idx on customer_order (client_group_id, created_at desc);`);
    this.addSql(`create index customer_order_provider_idx on customer_order (provider_id, status, created_at desc);`);
    this.addSql(`create index customer_order_checkout_idx on customer_order (checkout_id);`);
    this.addSql(`create index customer_order_municipality_idx on customer_order (municipality_id, created_at desc);`);

    this.addSql(`
      create table order_line (
        id uuid primary key default gen_random_uuid(),
        order_id uuid not null references customer_order(id),
        product_id uuid not null references product(id),
        title text not null,
        unit_price_cents integer not null check (unit_price_cents between 1 and 1000000),
        quantity integer not null check (quantity between 1 and 99),
        total_cents integer not null,
        check (total_cents = unit_price_cents * quantity)
      );`);
    this.addSql(`create index order_line_order_idx on order_line (order_id);`);

    this.addSql(`
      create table order_allocation (
        order_id uuid not null references customer_order(id),
        assignment_id uuid not null references assignment(id),
        amount_cents integer not null check (amount_cents > 0),
        primary key (order_id, assignment_id)
      );`);

    this.addSql(`
      create table order_event (
        id bigint generated always as identity primary key,
        order_id uuid not null references customer_order(id),
        from_status text,
        to_status text not null,
        actor_kind text not null,
        actor_id uuid,
        reason text,
        at timestamptz not null default now()
      );`);
    this.addSql(`create index order_event_order_idx on order_event (order_id, id);`);

    this.addSql(`
      create table payment (
        id uuid primary key default gen_random_uuid(),
        checkout_id uuid not null unique references checkout(id),
        municipality_id uuid not null references municipality(id),
        provider text not null check (provider in ('simulator','mollie')),
        external_id text unique,
        amount_cents integer not null check (amount_cents > 0),
        status text not null check (status in ('OPEN','PAID','FAILED','CANCELED','EXPIRED')),
        refunded_cents integer not null default 0 check (refunded_cents >= 0 and refunded_cents <= amount_cents),
        checkout_url text,
        paid_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table payment_event (
        id bigint generated always as identity primary key,
        payment_id uuid not null references payment(id),
        status text not null,
        source text not null,
        at timestamptz not null default now()
      );`);
  }
}
