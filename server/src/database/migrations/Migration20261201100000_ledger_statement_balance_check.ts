import { Migration } from '@mikro-orm/migrations';

/**
 * The ledger's balance check once per statement of entries, not once per entry (issue 27: an import ten times faster).
 *
 * Before, a deferred constraint trigger ran at commit for every entry and every transaction (three firings per grant,
 * each adding up its transaction's entries): an import's chunk of 1,250 grants ran it 3,750 times. Now:
 * - `ledger_entries_balanced`: after every statement that inserts entries, once, over the statement's entries (a
 *   transition table): every ledger transaction they belong to has at least two entries and they sum to zero. This
 *   also refuses entries added later to a transaction booked before (as the entry's own check did). The entries of
 *   one transaction are therefore written in one statement, as every writer does (`insertTransaction`,
 *   `insertTransactions`, the benchmarks' seeding);
 * - `ledger_transaction_balanced` stays (deferred, per transaction, at commit): a transaction without entries, or
 *   whose entries never came, is refused.
 * The guarantee is the same or stricter: no committed transaction is unbalanced, now refused at the statement rather
 * than at commit.
 */
export class Migration20261201100000_ledger_statement_balance_check extends Migration {
  override up(): void {
    this.addSql(`drop trigger ledger_entry_balanced on ledger_entry;`);
    this.addSql(`
      create function ledger_entries_check_balanced() returns trigger language plpgsql set enable_seqscan = off as $$
      declare
        bad record;
      begin
        select e.transaction_id as tx, count(*) as n, sum(e.amount_cents) as total into bad
          from ledger_entry e
         where e.transaction_id in (select distinct transaction_id from ledger_checked_entries)
         group by e.transaction_id
        having count(*) < 2 or sum(e.amount_cents) <> 0
         limit 1;
        if found then
          raise exception 'ledger transaction % is not balanced (% entries, sum %)', bad.tx, bad.n, bad.total
            using errcode = 'check_violation';
        end if;
        return null;
      end $$;`);
    this.addSql(`
      create trigger ledger_entries_balanced after insert on ledger_entry referencing new table as ledger_checked_entries
        for each statement execute function ledger_entries_check_balanced();`);
  }

  override down(): void {
    this.addSql(`drop trigger if exists ledger_entries_balanced on ledger_entry;`);
    this.addSql(`drop function if exists ledger_entries_check_balanced();`);
    this.addSql(`
      create constraint trigger ledger_entry_balanced after insert on ledger_entry
        deferrable initially deferred for each row execute function ledger_transaction_check_balanced();`);
  }
}
