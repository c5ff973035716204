import { Migration } from '@mikro-orm/migrations';

/**
 * Import (beheer/importeren) and privacy retention.
 *
 * - import_run: one uploaded file, first a dry run (counts per class), then applied by the `import.apply` job.
 * - import_row: every data row of the file, checked (classification, problems with line and column), with its
 *   outcome once applied. A row without an outcome is the job's cursor: a run interrupted between rows carries on
 *   with the first row that has none. The row's values never hold a BSN in plain text (only its hash and ciphertext).
 * - The audit log stays append-only for everyone but the retention purge: a delete is allowed only in a transaction
 *   that set `gemeentewinkel.audit_purge` (the scheduled `privacy.purgeRetention` job), and only of rows older than
 *   the cut-off that transaction named.
 */
export class Migration20261125070000_import_privacy extends Migration {
  override up(): void {
    this.addSql(`
      create table import_run (
        id uuid primary key default gen_random_uuid(),
        municipality_id uuid not null references municipality(id),
        created_by uuid not null references admin_account(id),
        file_name text not null check (char_length(file_name) between 1 and 200),
        delimiter text not null check (delimiter in (',', ';')),
        status text not null default 'DRY_RUN' check (status in ('DRY_RUN','APPLYING','APPLIED')),
        total_rows integer not null default 0,
        new_rows integer not null default 0,
        changed_rows integer not null default 0,
        unchanged_rows integer not null default 0,
        invalid_rows integer not null default 0,
        processed_rows integer not null default 0,
        created_rows integer not null default 0,
        updated_rows integer not null default 0,
        failed_rows integer not null default 0,
        created_at timestamptz not null default now(),
        started_at timestamptz,
        finished_at timestamptz
      );`);
    this.addSql(`create index import_run_recent_idx on import_run (created_at desc, id desc);`);
    this.addSql(`
      create table import_row (
        import_run_id uuid not null references import_run(id) on delete cascade,
        line integer not null,
        external_identifier text,
        classification text not null check (classification in ('NEW','CHANGED','UNCHANGED','INVALID')),
        data jsonb not null,
        problems jsonb not null default '[]',
        outcome text check (outcome in ('CREATED','UPDATED','UNCHANGED','SKIPPED','FAILED')),
        outcome_message text,
        primary key (import_run_id, line)
      );`);
    this.addSql(`create index import_row_pending_idx on import_row (import_run_id, line) where outcome is null;`);
    this.addSql(
      `create index import_row_invalid_idx on import_row (import_run_id, line) where classification = 'INVALID';`,
    );

    this.addSql(`
      create or replace function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' and coalesce(current_setting('gemeentewinkel.audit_purge', true), '') <> ''
           and old.at < current_setting('gemeentewinkel.audit_purge', true)::timestamptz then
          return old;
        end if;
        raise exception 'the audit log is append-only: % is not allowed', tg_op using errcode = 'insufficient_privilege';
      end $$;`);
    this.addSql(`create index if not exists audit_log_at_idx on audit_log (at desc, id desc);`);
    this.addSql(`create index if not exists audit_log_action_idx on audit_log (action, at desc);`);
  }
}
