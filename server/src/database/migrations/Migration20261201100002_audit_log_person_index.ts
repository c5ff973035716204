import { Migration } from '@mikro-orm/migrations';

/**
 * One index fewer on `audit_log` (issue 27: an import ten times faster; an import writes one and a half audit rows
 * per row, into a table with eleven indexes). `audit_log_person_idx` (on `details ->> 'personId'`,
 * Migration20261127040000_admin_list_indexes) served the audit log's person filter before the rows had their own
 * `subject_person_id` (Migration20261129030000_audit_for_people, with its index); no query reads `details ->>
 * 'personId'` any more, so every audit row paid for an index nobody used.
 */
export class Migration20261201100002_audit_log_person_index extends Migration {
  override up(): void {
    this.addSql(`drop index if exists audit_log_person_idx;`);
  }

  override down(): void {
    this.addSql(`create index if not exists audit_log_person_idx on audit_log ((details ->> 'personId'));`);
  }
}
