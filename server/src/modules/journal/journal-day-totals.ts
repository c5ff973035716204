/**
 * The check of the journal's day totals (`journal_day_total`, Migration20261128010000_journal_day_totals): what they
 * hold, summed over their parts, against the same sums straight from the ledger. Returns the keys (municipality,
 * Amsterdam day, journal kind, arrangement) where the two differ, from either side, with both sides' figures: no rows
 * means they are exact. Reads the whole ledger: for tests, benchmarks and an operator's check, not for requests.
 */
export const JOURNAL_DAY_TOTALS_DRIFT_SQL = `
  with stored as (
    select municipality_id, day, kind, arrangement_id, sum(transactions)::bigint as transactions,
           sum(entries)::bigint as entries, sum(debit_cents)::bigint as debit_cents, sum(credit_cents)::bigint as credit_cents
      from journal_day_total group by 1, 2, 3, 4),
  ledger as (
    select t.municipality_id, (t.created_at at time zone 'Europe/Amsterdam')::date as day,
           journal_kind(a.kind, t.kind) as kind, coalesce(a.arrangement_id, s.arrangement_id) as arrangement_id,
           count(*) filter (where not exists (select 1 from ledger_entry o
                                               where o.transaction_id = e.transaction_id and o.id < e.id))::bigint
             as transactions,
           count(*)::bigint as entries,
           coalesce(sum(-e.amount_cents) filter (where e.amount_cents < 0), 0)::bigint as debit_cents,
           coalesce(sum(e.amount_cents) filter (where e.amount_cents > 0), 0)::bigint as credit_cents
      from ledger_entry e join ledger_transaction t on t.id = e.transaction_id
      join ledger_account a on a.id = e.account_id left join assignment s on s.id = a.assignment_id
     group by 1, 2, 3, 4)
  select 'stored' as side, * from (select * from stored except select * from ledger) x
  union all
  select 'ledger' as side, * from (select * from ledger except select * from stored) y
  order by municipality_id, day, kind, side`;
