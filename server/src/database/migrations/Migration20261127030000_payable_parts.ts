import { Migration } from '@mikro-orm/migrations';

/**
 * Checkout without a per-provider lock (issue 15). Every SPEND booking credits its provider's PROVIDER_PAYABLE
 * account; the entry trigger used to add it to that account's one running balance row, which every checkout at a
 * popular provider then had to lock until its commit: all of them queued behind one row.
 *
 * A PROVIDER_PAYABLE account's balance is now kept in parts (`ledger_balance_part`): an entry on it adds to a part
 * that no other open transaction holds (`for update skip locked`), or to a new part when all are held, so concurrent
 * bookings on one provider never wait for each other; the number of parts stays at most the number of bookings that
 * were ever in flight at once. The account's balance is its row's `balance_cents` (0 for these accounts after this
 * migration) plus the sum of its parts: the view `ledger_account_balance` gives it for every account. Nothing is lost
 * for exactness: the ledger entries are unchanged (still the source of truth, balanced per transaction at commit), the
 * parts change only through the entry trigger (guarded like the account row), and a payable account may go negative
 * anyway (allow_negative), so no CHECK needs one row. Budgets (ASSIGNMENT) keep their single row: their CHECK
 * (never below zero) needs it, and each budget is one household's.
 */
export class Migration20261127030000_payable_parts extends Migration {
  override up(): void {
    this.addSql(`
      create table ledger_balance_part (
        account_id uuid not null references ledger_account(id),
        part integer not null check (part >= 0),
        balance_cents bigint not null default 0,
        primary key (account_id, part)
      );`);

    // The parts change only through ledger entries (the entry trigger runs at depth 1, this guard then at depth 2).
    this.addSql(`
      create function ledger_balance_part_guard() returns trigger language plpgsql as $$
      begin
        if pg_trigger_depth() < 2 then
          raise exception 'a ledger balance changes only through ledger entries' using errcode = 'insufficient_privilege';
        end if;
        if tg_op = 'DELETE' then return old; end if;
        return new;
      end $$;`);
    this.addSql(
      `create trigger ledger_balance_part_guard before insert or update or delete on ledger_balance_part
         for each row execute function ledger_balance_part_guard();`,
    );
    this.addSql(
      `create trigger ledger_balance_part_no_truncate before truncate on ledger_balance_part
         for each statement execute function ledger_append_only();`,
    );

    // The existing payable balances become each account's part 0; the account rows then hold 0.
    this.addSql(`alter table ledger_account disable trigger ledger_account_guard;`);
    this.addSql(`alter table ledger_balance_part disable trigger ledger_balance_part_guard;`);
    this.addSql(`
      insert into ledger_balance_part (account_id, part, balance_cents)
      select id, 0, balance_cents from ledger_account where kind = 'PROVIDER_PAYABLE' and balance_cents <> 0;`);
    this.addSql(`update ledger_account set balance_cents = 0 where kind = 'PROVIDER_PAYABLE' and balance_cents <> 0;`);
    this.addSql(`alter table ledger_balance_part enable trigger ledger_balance_part_guard;`);
    this.addSql(`alter table ledger_account enable trigger ledger_account_guard;`);

    // Each entry moves its account's balance: the account row (taking its lock; the CHECK refuses a negative budget),
    // or for a PROVIDER_PAYABLE account a part no other open transaction holds.
    this.addSql(`
      create or replace function ledger_entry_apply() returns trigger language plpgsql as $$
      declare
        p integer;
      begin
        update ledger_account set balance_cents = balance_cents + new.amount_cents
         where id = new.account_id and kind <> 'PROVIDER_PAYABLE';
        if found then return new; end if;
        select part into p from ledger_balance_part where account_id = new.account_id
         limit 1 for update skip locked;
        if found then
          update ledger_balance_part set balance_cents = balance_cents + new.amount_cents
           where account_id = new.account_id and part = p;
        else
          -- Every part is held by a booking in flight: a new one. Two bookings that pick the same number at once
          -- meet on the primary key; the second then waits for the first and adds to that part.
          insert into ledger_balance_part (account_id, part, balance_cents)
          values (new.account_id,
                  (select coalesce(max(part), -1) + 1 from ledger_balance_part where account_id = new.account_id),
                  new.amount_cents)
          on conflict (account_id, part) do update set balance_cents = ledger_balance_part.balance_cents + excluded.balance_cents;
        end if;
        return new;
      end $$;`);

    this.addSql(`
      create view ledger_account_balance as
      select a.id as account_id, a.kind, a.municipality_id, a.provider_id, a.assignment_id, a.arrangement_id,
             a.balance_cents + coalesce((select sum(p.balance_cents) from ledger_balance_part p where p.account_id = a.id), 0)
               as balance_cents
        from ledger_account a;`);
  }

  override down(): void {
    this.addSql(`drop view if exists ledger_account_balance;`);
    this.addSql(`
      create or replace function ledger_entry_apply() returns trigger language plpgsql as $$
      begin
        update ledger_account set balance_cents = balance_cents + new.amount_cents where id = new.account_id;
        return new;
      end $$;`);
    this.addSql(`alter table ledger_account disable trigger ledger_account_guard;`);
    this.addSql(`
      update ledger_account a set balance_cents = a.balance_cents + s.total
        from (select account_id, sum(balance_cents) as total from ledger_balance_part group by account_id) s
       where s.account_id = a.id;`);
    this.addSql(`alter table ledger_account enable trigger ledger_account_guard;`);
    this.addSql(`drop table ledger_balance_part;`);
    this.addSql(`drop function if exists ledger_balance_part_guard();`);
  }
}
