import { Migration } from '@mikro-orm/migrations';

/**
 * Admin lists at municipal scale (issue 15: 100,000 persons, 1,000,000 orders, 3,000,000 ledger entries). Every admin
 * list pages by keyset — `where (created_at, id) < (…) order by created_at desc, id desc limit n` — so each filter
 * needs an index that ends in the list's order, and each search an index its condition can use:
 *
 * - orders (/admin/bestellingen): newest first within a municipality, by status, by provider, in a period; the order
 *   number search is a prefix (`like 'B1000%'`), which needs text_pattern_ops. The municipality index gains the id.
 * - payments (/admin/beheer/betalingen): newest first within a municipality, and by status.
 * - the audit log (/admin/beheer/auditlog): by person (a person id in the details), by action prefix; the person
 *   filter also looks up the person's assignments.
 * - journal entries of a month (/admin/beheer/journaalposten): the month's totals read every entry of the month's
 *   transactions; the entries' index by transaction also carries the account and amount, so that is an index-only
 *   probe per transaction instead of a hash of the whole ledger (it replaces the plain index on transaction_id).
 * - households (/admin/klanten): the search's candidates come from trigram indexes on members' names (exists),
 *   household names, client numbers and card numbers (exists).
 */
export class Migration20261127040000_admin_list_indexes extends Migration {
  override up(): void {
    this.addSql(`drop index if exists customer_order_municipality_idx;`);
    this.addSql(
      `create index customer_order_municipality_idx on customer_order (municipality_id, created_at desc, id desc);`,
    );
    this.addSql(`create index customer_order_created_idx on customer_order (created_at desc, id desc);`);
    this.addSql(`create index customer_order_status_created_idx on customer_order (status, created_at desc, id desc);`);
    this.addSql(
      `create index customer_order_provider_created_idx on customer_order (provider_id, created_at desc, id desc);`,
    );
    this.addSql(`create index customer_order_number_prefix_idx on customer_order (number text_pattern_ops);`);

    this.addSql(
      `create index payment_municipality_created_idx on payment (municipality_id, created_at desc, id desc);`,
    );

    this.addSql(
      `create index ledger_entry_transaction_cover_idx on ledger_entry (transaction_id) include (account_id, amount_cents);`,
    );
    this.addSql(`drop index if exists ledger_entry_transaction_idx;`);

    this.addSql(`create index audit_log_person_idx on audit_log ((details ->> 'personId'));`);
    this.addSql(`create index audit_log_action_prefix_idx on audit_log (action text_pattern_ops);`);
    this.addSql(`create index assignment_beneficiary_idx on assignment (beneficiary_id);`);

    this.addSql(
      `create index client_group_name_trgm_idx on client_group using gin (immutable_unaccent(lower(name)) gin_trgm_ops);`,
    );
    this.addSql(
      `create index client_group_number_trgm_idx on client_group using gin (lower(client_number) gin_trgm_ops);`,
    );
    this.addSql(
      `create index person_external_identifier_trgm_idx on person using gin (lower(external_identifier) gin_trgm_ops);`,
    );
  }
}
