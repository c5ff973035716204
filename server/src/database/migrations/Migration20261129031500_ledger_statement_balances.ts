import { Migration } from '@mikro-orm/migrations';

/**
 * Ledger balances moved once per statement, not once per entry (issue 27: an import ten times faster).
 *
 * The entry trigger used to run for every ledger entry: a batch of 1,000 grants (an import's chunk, a year-end grant)
 * updated its arrangement's funding account 1,000 times in one transaction, each update a new version of the same row
 * that the next one had to find. Now one statement-level trigger (with the statement's new entries as a transition
 * table) moves each account it touches once, by the sum of that statement's entries on it:
 * - every account but a provider's payable: its row, locked first in account order (so concurrent bookings take their
 *   locks in one order, as before), then updated; the CHECK still refuses a budget below zero, now on the balance
 *   after the statement (a statement that books a budget below zero fails whole, as before);
 * - a PROVIDER_PAYABLE account: a part no other open transaction holds (`for update skip locked`), or a new part, per
 *   account and statement (Migration20261127030000_payable_parts).
 * Its plan is kept per connection: made without sequential scans, it finds the accounts by index however small the
 * tables were when it was made (as journal_day_total_apply does).
 * The guarantees are those of before: the entries are unchanged (append-only, balanced per transaction at commit), the
 * balances change only through this trigger (the guards check the depth), and `ledger_account_balance` reads them.
 */
export class Migration20261129031500_ledger_statement_balances extends Migration {
  override up(): void {
    this.addSql(`drop trigger ledger_entry_apply on ledger_entry;`);
    this.addSql(`drop function ledger_entry_apply();`);
    this.addSql(`
      create function ledger_entries_apply() returns trigger language plpgsql set enable_seqscan = off as $$
      declare
        r record;
        p integer;
      begin
        -- The single-row accounts: locked in account order, then each moved once by the statement's sum on it. The
        -- lock is the one the update takes (no key update): it does not conflict with the key-share locks the entries'
        -- foreign keys hold, so bookings on one budget queue on it instead of deadlocking.
        perform 1 from ledger_account
          where id in (select account_id from ledger_new_entries) and kind <> 'PROVIDER_PAYABLE'
          order by id for no key update;
        update ledger_account a set balance_cents = a.balance_cents + s.total
          from (select account_id, sum(amount_cents) as total from ledger_new_entries group by account_id) s
         where a.id = s.account_id and a.kind <> 'PROVIDER_PAYABLE';
        -- Payable accounts: a part no other open transaction holds, or a new one.
        for r in
          select e.account_id, sum(e.amount_cents) as total
            from ledger_new_entries e join ledger_account a on a.id = e.account_id and a.kind = 'PROVIDER_PAYABLE'
           group by e.account_id order by e.account_id
        loop
          select part into p from ledger_balance_part where account_id = r.account_id
           limit 1 for update skip locked;
          if found then
            update ledger_balance_part set balance_cents = balance_cents + r.total
             where account_id = r.account_id and part = p;
          else
            -- Every part is held by a booking in flight: a new one. Two bookings that pick the same number at once
            -- meet on the primary key; the second then waits for the first and adds to that part.
            insert into ledger_balance_part (account_id, part, balance_cents)
            values (r.account_id,
                    (select coalesce(max(part), -1) + 1 from ledger_balance_part where account_id = r.account_id),
                    r.total)
            on conflict (account_id, part) do update
              set balance_cents = ledger_balance_part.balance_cents + excluded.balance_cents;
          end if;
        end loop;
        return null;
      end $$;`);
    this.addSql(`
      create trigger ledger_entries_apply after insert on ledger_entry referencing new table as ledger_new_entries
        for each statement execute function ledger_entries_apply();`);
    // The overlap check of a batch of grants (assignment.queries.ts, overlappingAssignments) looks up each grant's
    // household and arrangement: by both at once. With only the arrangement's index to choose (statistics not yet
    // caught up with a bulk load), it read every assignment of the arrangement for each grant of a chunk: an import's
    // 250,000 rows slowed down chunk by chunk.
    this.addSql(
      `create index assignment_household_arrangement_idx on assignment (client_group_id, arrangement_id, valid_from);`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists assignment_household_arrangement_idx;`);
    this.addSql(`drop trigger if exists ledger_entries_apply on ledger_entry;`);
    this.addSql(`drop function if exists ledger_entries_apply();`);
    this.addSql(`
      create function ledger_entry_apply() returns trigger language plpgsql as $$
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
          insert into ledger_balance_part (account_id, part, balance_cents)
          values (new.account_id,
                  (select coalesce(max(part), -1) + 1 from ledger_balance_part where account_id = new.account_id),
                  new.amount_cents)
          on conflict (account_id, part) do update set balance_cents = ledger_balance_part.balance_cents + excluded.balance_cents;
        end if;
        return new;
      end $$;`);
    this.addSql(
      `create trigger ledger_entry_apply after insert on ledger_entry for each row execute function ledger_entry_apply();`,
    );
  }
}
