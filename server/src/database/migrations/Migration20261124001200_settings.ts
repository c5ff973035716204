import { Migration } from '@mikro-orm/migrations';

/**
 * Settings (modules/settings): one row per section that staff changed. The defaults live in code; `value` holds only
 * what differs from them. `version` goes up with every change: the settings screens send it back to detect a
 * concurrent edit, and an instance whose LISTEN connection dropped compares it before serving its cache.
 */
export class Migration20261124001200_settings extends Migration {
  override up(): void {
    this.addSql(`
      create table setting (
        section text primary key check (section ~ '^[a-z][a-z0-9_]{1,40}$'),
        value jsonb not null default '{}'::jsonb check (jsonb_typeof(value) = 'object'),
        version int not null default 0 check (version >= 0),
        updated_at timestamptz,
        updated_by_kind text check (updated_by_kind in ('STAFF','API_CLIENT','CUSTOMER','PROVIDER','SYSTEM','ANONYMOUS')),
        updated_by_id uuid
      );`);
  }

  override down(): void {
    this.addSql(`drop table if exists setting;`);
  }
}
