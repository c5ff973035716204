import { Migration } from '@mikro-orm/migrations';

/**
 * A cheaper checkout (issue 27): the balance of a ledger transaction checked once per statement, not once per entry.
 *
 * Every ledger entry had a deferred constraint trigger (`ledger_entry_balanced`) that summed its transaction's entries
 * at commit: a checkout with two orders (two SPEND transactions of two entries each) summed each transaction twice,
 * besides the check per transaction row (`ledger_transaction_balanced`), six plpgsql calls at commit. Every writer of
 * the ledger (ledger.queries.ts, the seeds of the tests and benchmarks) writes a transaction's entries in one
 * statement, so the statement trigger that moves the balances (`ledger_entries_apply`) now also refuses, at the end of
 * the statement, a transaction it added entries to that is not balanced with all its entries (earlier ones included):
 * one query per statement. What stays deferred is the check per transaction row (a transaction written without any
 * entry is refused at commit). The guarantee is the same or stricter: an unbalanced transaction can never commit, and
 * entries added later to an existing transaction are checked with all of it.
 */
export class Migration20261201200000_ledger_balanced_per_statement extends Migration {
  override up(): void {
    this.addSql(`
      create or replace function ledger_entries_apply() returns trigger language plpgsql set enable_seqscan = off as $$
      declare
        r record;
        p integer;
      begin
        -- Every transaction this statement adds entries to is balanced once they are in, its earlier entries counted:
        -- at least two entries, summing to zero. One look per transaction and statement (before: a deferred check per
        -- entry at commit, the same transaction summed once for each of its entries).
        select t.transaction_id, x.n, x.total into r
          from (select distinct transaction_id from ledger_new_entries) t
          cross join lateral (select count(*) as n, coalesce(sum(e.amount_cents), 0) as total
                                from ledger_entry e where e.transaction_id = t.transaction_id) x
         where x.n < 2 or x.total <> 0
         limit 1;
        if found then
          raise exception 'ledger transaction % is not balanced (% entries, sum %)', r.transaction_id, r.n, r.total
            using errcode = 'check_violation';
        end if;
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
    this.addSql(`drop trigger ledger_entry_balanced on ledger_entry;`);
  }

  override down(): void {
    this.addSql(`
      create constraint trigger ledger_entry_balanced after insert on ledger_entry
        deferrable initially deferred for each row execute function ledger_transaction_check_balanced();`);
    this.addSql(`
      create or replace function ledger_entries_apply() returns trigger language plpgsql set enable_seqscan = off as $$
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
  }
}
