import { Migration } from '@mikro-orm/migrations';

/**
 * The journal's month totals without reading the month (issue 15: a month of a municipality has ~115,000 ledger
 * entries; summing them on every look at /admin/beheer/journaalposten took half a second and more).
 *
 * `journal_day_total` holds, per municipality, Amsterdam day (of the transaction's created_at), journal kind and
 * arrangement, what that day's ledger entries add up to: debit and credit cents, the number of entries, and the number
 * of transactions (each counted once, on the key of its first entry). The booking rule (a transaction belongs to the
 * month it was made in, unless that month was closed by then: journal.service.ts) only ever moves a transaction by its
 * created_at, so a period is a few created_at intervals: the whole days inside them are read from here, the parts of
 * a day at their edges (only where a month was closed in its course) from the ledger itself. Nothing of the booking
 * rule or the codes is stored: a period's totals are always those of the ledger as it is.
 *
 * Exactness: the ledger is append-only, and the rows come only from the trigger on every insert into ledger_entry, in
 * the inserting transaction (a rolled-back booking leaves nothing), or from `journal_day_total_fold()` and
 * `journal_day_total_rebuild()`, which change how the same sums are split over rows, never the sums.
 * journal.test.ts compares them with the ledger, and every test's expectLedgerConsistent does.
 *
 * No hot row, no lock: a booking only inserts, one row per key its entries touch (no row is updated by two bookings,
 * so none waits for another, and a checkout at a busy provider is no slower than one elsewhere). A key thus gathers
 * rows; `journal_day_total_fold()` (the job `journal.foldDayTotals`, hourly) replaces them by their sum, in one
 * statement, so a month stays a few hundred rows. A read sums what is there, folded or not.
 *
 * The journal kind of an entry (its account's kind, and for a funding or clearing account the transaction's kind)
 * becomes a database function, `journal_kind`, which the service's queries use too: one definition.
 */
export class Migration20261128010000_journal_day_totals extends Migration {
  override up(): void {
    this.addSql(`
      create function journal_kind(account_kind text, transaction_kind text) returns text
      language sql immutable parallel safe as $$
        select case
          when account_kind = 'ARRANGEMENT_FUNDING' and transaction_kind = 'EXPIRY' then 'BUDGET_EXPIRED'
          when account_kind = 'ARRANGEMENT_FUNDING' then 'BUDGET_GRANTED'
          when account_kind = 'ASSIGNMENT' then 'BUDGET_SPENT'
          when account_kind = 'PAYMENT_CLEARING' and transaction_kind = 'REFUND' then 'REFUNDS'
          when account_kind = 'PAYMENT_CLEARING' then 'OWN_CONTRIBUTIONS'
          when account_kind = 'PROVIDER_PAYABLE' then 'PROVIDER_PAYABLES'
          when account_kind = 'BANK' then 'BANK'
        end
      $$;`);

    this.addSql(`
      create table journal_day_total (
        id bigint generated always as identity primary key,
        municipality_id uuid not null,
        day date not null,
        kind text not null,
        arrangement_id uuid null,
        transactions integer not null default 0,
        entries integer not null default 0,
        debit_cents bigint not null default 0 check (debit_cents >= 0),
        credit_cents bigint not null default 0 check (credit_cents >= 0)
      );`);
    this.addSql(
      `create index journal_day_total_key on journal_day_total (municipality_id, day, kind, arrangement_id);`,
    );

    // Rows come only from the entry trigger (its insert runs at depth 2); the fold and the rebuild set a local flag.
    // Checked once per statement.
    this.addSql(`
      create function journal_day_total_guard() returns trigger language plpgsql as $$
      begin
        if current_setting('gemeentewinkel.journal_rebuild', true) is distinct from 'on'
           and (tg_op <> 'INSERT' or pg_trigger_depth() < 2) then
          raise exception 'journal day totals change only through ledger entries' using errcode = 'insufficient_privilege';
        end if;
        return null;
      end $$;`);
    this.addSql(
      `create trigger journal_day_total_guard before insert or update or delete or truncate on journal_day_total
         for each statement execute function journal_day_total_guard();`,
    );

    // What a statement's entries add, one row per key; a transaction counts on its first entry (the lowest id). Its
    // plan is made once per connection and kept: without sequential scans it looks the few rows up by index however
    // small the tables were when it was made (a plan made on a young database would otherwise read them whole on
    // every booking as they grow).
    this.addSql(`
      create function journal_day_total_apply() returns trigger language plpgsql set enable_seqscan = off as $$
      begin
        insert into journal_day_total (municipality_id, day, kind, arrangement_id, transactions, entries, debit_cents,
                                       credit_cents)
        select t.municipality_id, (t.created_at at time zone 'Europe/Amsterdam')::date,
               journal_kind(a.kind, t.kind), coalesce(a.arrangement_id, s.arrangement_id),
               count(*) filter (where not exists (select 1 from ledger_entry o
                                                   where o.transaction_id = e.transaction_id and o.id < e.id)),
               count(*),
               coalesce(sum(-e.amount_cents) filter (where e.amount_cents < 0), 0),
               coalesce(sum(e.amount_cents) filter (where e.amount_cents > 0), 0)
          from journal_new_entries e
          join ledger_transaction t on t.id = e.transaction_id
          join ledger_account a on a.id = e.account_id
          left join assignment s on s.id = a.assignment_id
         group by 1, 2, 3, 4;
        return null;
      end $$;`);
    this.addSql(
      `create trigger journal_day_total_apply after insert on ledger_entry referencing new table as journal_new_entries
         for each statement execute function journal_day_total_apply();`,
    );

    // A key's rows become one, their sum (each row is deleted by one fold only: two folds at once never count a row
    // twice). Returns the number of keys folded.
    this.addSql(`
      create function journal_day_total_fold() returns integer language plpgsql as $$
      declare
        folded integer;
      begin
        perform set_config('gemeentewinkel.journal_rebuild', 'on', true);
        with keys as (
          select municipality_id, day, kind, arrangement_id from journal_day_total
           group by 1, 2, 3, 4 having count(*) > 1),
        gone as (
          delete from journal_day_total j using keys k
           where j.municipality_id = k.municipality_id and j.day = k.day and j.kind = k.kind
             and j.arrangement_id is not distinct from k.arrangement_id
          returning j.*)
        insert into journal_day_total (municipality_id, day, kind, arrangement_id, transactions, entries, debit_cents,
                                       credit_cents)
        select municipality_id, day, kind, arrangement_id, sum(transactions), sum(entries), sum(debit_cents),
               sum(credit_cents)
          from gone group by 1, 2, 3, 4;
        get diagnostics folded = row_count;
        perform set_config('gemeentewinkel.journal_rebuild', '', true);
        return folded;
      end $$;`);

    // Everything again from the ledger, one row per key (bookings wait meanwhile). For the existing ledger below, and
    // for a ledger loaded with its triggers off (bench:admin).
    this.addSql(`
      create function journal_day_total_rebuild() returns void language plpgsql set work_mem = '256MB' as $$
      begin
        lock table ledger_entry in share mode;
        perform set_config('gemeentewinkel.journal_rebuild', 'on', true);
        delete from journal_day_total;
        insert into journal_day_total (municipality_id, day, kind, arrangement_id, transactions, entries, debit_cents,
                                       credit_cents)
        select t.municipality_id, (t.created_at at time zone 'Europe/Amsterdam')::date,
               journal_kind(a.kind, t.kind), coalesce(a.arrangement_id, s.arrangement_id),
               count(*) filter (where f.first_id = e.id), count(*),
               coalesce(sum(-e.amount_cents) filter (where e.amount_cents < 0), 0),
               coalesce(sum(e.amount_cents) filter (where e.amount_cents > 0), 0)
          from ledger_entry e
          join (select transaction_id, min(id) as first_id from ledger_entry group by transaction_id) f
            on f.transaction_id = e.transaction_id
          join ledger_transaction t on t.id = e.transaction_id
          join ledger_account a on a.id = e.account_id
          left join assignment s on s.id = a.assignment_id
         group by 1, 2, 3, 4;
        perform set_config('gemeentewinkel.journal_rebuild', '', true);
      end $$;`);
    this.addSql(`select journal_day_total_rebuild();`);
  }

  override down(): void {
    this.addSql(`drop trigger if exists journal_day_total_apply on ledger_entry;`);
    this.addSql(`drop function if exists journal_day_total_rebuild();`);
    this.addSql(`drop function if exists journal_day_total_fold();`);
    this.addSql(`drop function if exists journal_day_total_apply();`);
    this.addSql(`drop table if exists journal_day_total;`);
    this.addSql(`drop function if exists journal_day_total_guard();`);
    this.addSql(`drop function if exists journal_kind(text, text);`);
  }
}
