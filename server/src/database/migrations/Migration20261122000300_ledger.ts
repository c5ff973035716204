import { Migration } from '@mikro-orm/migrations';

/**
 * Assignments and the double-entry ledger: the only source of truth for money.
 *
 * Guarantees held by the database itself, whatever the application code does:
 * - every ledger transaction's entries sum to zero (deferred constraint trigger, checked at commit);
 * - ledger rows are never updated or deleted (corrections are reversal transactions);
 * - an account that may not go negative (an assignment's budget) never does: each entry updates the account's
 *   running balance under the row lock, and a CHECK constraint refuses a negative result, failing the whole
 *   database transaction. Concurrent spends on one budget therefore serialise on that row.
 */
export class Migration20261122000300_ledger extends Migration {
  override up(): void {
    this.addSql(`
      create table assignment (
        id uuid primary key default gen_random_uuid(),
        client_group_id uuid not null references client_group(id),
        arrangement_id uuid not null references arrangement(id),
        beneficiary_id uuid references person(id),
        amount_cents integer not null check (amount_cents > 0 and amount_cents <= 10000000),
        valid_from date not null,
        valid_until date not null,
        status text not null default 'ACTIVE' check (status in ('ACTIVE','REVOKED')),
        revoked_at timestamptz,
        revoked_reason text,
        created_by uuid,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        check (valid_until >= valid_from),
        check ((status = 'REVOKED') = (revoked_at is not null))
      );`);
    this.addSql(`create index assignment_client_group_idx on assignment (client_group_id, valid_until);`);
    this.addSql(`create index assignment_arrangement_idx on assignment (arrangement_id);`);

    this.addSql(`
      create table ledger_account (
        id uuid primary key default gen_random_uuid(),
        kind text not null check (kind in ('ARRANGEMENT_FUNDING','ASSIGNMENT','PROVIDER_PAYABLE','PAYMENT_CLEARING')),
        municipality_id uuid not null references municipality(id),
        arrangement_id uuid references arrangement(id),
        assignment_id uuid unique references assignment(id),
        provider_id uuid references provider(id),
        allow_negative boolean not null,
        balance_cents bigint not null default 0,
        created_at timestamptz not null default now(),
        constraint ledger_account_no_negative_budget check (allow_negative or balance_cents >= 0),
        check ((kind = 'ASSIGNMENT') = (assignment_id is not null)),
        check (kind <> 'ASSIGNMENT' or not allow_negative),
        check (kind <> 'ARRANGEMENT_FUNDING' or arrangement_id is not null),
        check (kind <> 'PROVIDER_PAYABLE' or provider_id is not null)
      );`);
    this.addSql(
      `create unique index ledger_account_funding_unique on ledger_account (arrangement_id) where kind = 'ARRANGEMENT_FUNDING';`,
    );
    this.addSql(
      `create unique index ledger_account_payable_unique on ledger_account (municipality_id, provider_id) where kind = 'PROVIDER_PAYABLE';`,
    );
    this.addSql(
      `create unique index ledger_account_clearing_unique on ledger_account (municipality_id) where kind = 'PAYMENT_CLEARING';`,
    );

    this.addSql(`
      create table ledger_transaction (
        id uuid primary key default gen_random_uuid(),
        kind text not null check (kind in ('GRANT','REVOKE','SPEND','CANCEL','REFUND','CONTRIBUTION','PAYOUT','REVERSAL')),
        municipality_id uuid not null references municipality(id),
        description text not null,
        assignment_id uuid references assignment(id),
        order_id uuid,
        payment_id uuid,
        reverses_id uuid unique references ledger_transaction(id),
        idempotency_key text unique,
        actor_kind text not null,
        actor_id uuid,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index ledger_transaction_assignment_idx on ledger_transaction (assignment_id, created_at);`);
    this.addSql(`create index ledger_transaction_order_idx on ledger_transaction (order_id);`);

    this.addSql(`
      create table ledger_entry (
        id bigint generated always as identity primary key,
        transaction_id uuid not null references ledger_transaction(id),
        account_id uuid not null references ledger_account(id),
        amount_cents bigint not null check (amount_cents <> 0),
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index ledger_entry_transaction_idx on ledger_entry (transaction_id);`);
    this.addSql(`create index ledger_entry_account_idx on ledger_entry (account_id, id);`);

    // Each entry moves its account's running balance (taking the row lock); the CHECK above refuses a negative budget.
    this.addSql(`
      create function ledger_entry_apply() returns trigger language plpgsql as $$
      begin
        update ledger_account set balance_cents = balance_cents + new.amount_cents where id = new.account_id;
        return new;
      end $$;`);
    this.addSql(
      `create trigger ledger_entry_apply after insert on ledger_entry for each row execute function ledger_entry_apply();`,
    );

    // At commit: the transaction's entries sum to zero, and it has entries at all.
    this.addSql(`
      create function ledger_transaction_check_balanced() returns trigger language plpgsql as $$
      declare
        tx uuid;
        total bigint;
        n integer;
      begin
        if tg_table_name = 'ledger_entry' then tx := new.transaction_id; else tx := new.id; end if;
        select coalesce(sum(amount_cents), 0), count(*) into total, n from ledger_entry where transaction_id = tx;
        if n < 2 or total <> 0 then
          raise exception 'ledger transaction % is not balanced (% entries, sum %)', tx, n, total
            using errcode = 'check_violation';
        end if;
        return null;
      end $$;`);
    this.addSql(`
      create constraint trigger ledger_entry_balanced after insert on ledger_entry
        deferrable initially deferred for each row execute function ledger_transaction_check_balanced();`);
    this.addSql(`
      create constraint trigger ledger_transaction_balanced after insert on ledger_transaction
        deferrable initially deferred for each row execute function ledger_transaction_check_balanced();`);

    // Append-only: corrections are reversals, never edits.
    this.addSql(`
      create function ledger_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'the ledger is append-only: % on % is not allowed', tg_op, tg_table_name
          using errcode = 'insufficient_privilege';
      end $$;`);
    this.addSql(
      `create trigger ledger_entry_append_only before update or delete on ledger_entry for each row execute function ledger_append_only();`,
    );
    this.addSql(
      `create trigger ledger_transaction_append_only before update or delete on ledger_transaction for each row execute function ledger_append_only();`,
    );
    this.addSql(
      `create trigger ledger_entry_no_truncate before truncate on ledger_entry for each statement execute function ledger_append_only();`,
    );
    this.addSql(
      `create trigger ledger_transaction_no_truncate before truncate on ledger_transaction for each statement execute function ledger_append_only();`,
    );
    // The running balance may only change through entries.
    this.addSql(`
      create function ledger_account_guard() returns trigger language plpgsql as $$
      begin
        if new.balance_cents <> old.balance_cents and pg_trigger_depth() < 2 then
          raise exception 'a ledger balance changes only through ledger entries' using errcode = 'insufficient_privilege';
        end if;
        return new;
      end $$;`);
    this.addSql(
      `create trigger ledger_account_guard before update on ledger_account for each row execute function ledger_account_guard();`,
    );
  }
}
