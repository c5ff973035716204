import { Migration } from '@mikro-orm/migrations';

/**
 * Customers: a person's notification preference and erasure marker, search support for client groups, and an
 * append-only audit log (who read or changed personal data may not be rewritten afterwards).
 */
export class Migration20261122000500_customers extends Migration {
  override up(): void {
    // "E-mail bij statuswijziging van een bestelling": on unless the person turns it off.
    this.addSql(`alter table person add column notify_order_status boolean not null default true;`);
    // Set when the person's data was erased (AVG right to erasure); the row stays as a pseudonym for money records.
    this.addSql(`alter table person add column erased_at timestamptz;`);
    this.addSql(`
      alter table person add constraint person_erased_has_no_personal_data check (
        erased_at is null or (email is null and phone is null and date_of_birth is null and bsn_encrypted is null and bsn_hash is null)
      );`);
    this.addSql(`create index person_municipality_idx on person (municipality_id);`);

    // Client-group search: partial card numbers and names (trigram indexes serve `like '%…%'`).
    this.addSql(`create index card_number_trgm_idx on card using gin (number gin_trgm_ops);`);
    this.addSql(`create index client_group_name_idx on client_group (municipality_id, name, id);`);
    this.addSql(`
      create index person_name_trgm_idx on person
        using gin (immutable_unaccent(lower(first_name || ' ' || last_name)) gin_trgm_ops);`);

    // The audit log is append-only, like the ledger.
    this.addSql(`
      create function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'the audit log is append-only: % is not allowed', tg_op using errcode = 'insufficient_privilege';
      end $$;`);
    this.addSql(
      `create trigger audit_log_append_only before update or delete on audit_log for each row execute function audit_log_append_only();`,
    );
    this.addSql(
      `create trigger audit_log_no_truncate before truncate on audit_log for each statement execute function audit_log_append_only();`,
    );
    this.addSql(`create index audit_log_actor_idx on audit_log (actor_id, at desc);`);
  }
}
