import { Migration } from '@mikro-orm/migrations';

/**
 * Audit rows name the request (or job run) they come from, and a background job by name: `request_id` correlates a
 * row with the log lines of the same request; `actor_job` names the job or CLI command when `actor_kind` is SYSTEM
 * (`actor_id` stays a person's or client's id). Rows written before this migration have neither.
 */
export class Migration20261124001000_audit_request extends Migration {
  override up(): void {
    this.addSql(`alter table audit_log add column request_id text, add column actor_job text;`);
    this.addSql(`create index audit_log_request_idx on audit_log (request_id) where request_id is not null;`);
  }
}
