import { Migration } from '@mikro-orm/migrations';

/**
 * Journal entries (issue 11): the municipality's general-ledger codes per kind of ledger account (with per-arrangement
 * overrides), the export format per municipality, and the journal periods (months) finance exports and closes. The
 * entries themselves are derived from the ledger when read: no second copy of the money.
 */
export class Migration20261125030000_journal extends Migration {
  override up(): void {
    this.addSql(`
      create table journal_ledger_code (
        id uuid primary key default gen_random_uuid(),
        municipality_id uuid not null references municipality (id),
        kind text not null check (kind in ('BUDGET_GRANTED','BUDGET_SPENT','BUDGET_EXPIRED','OWN_CONTRIBUTIONS','REFUNDS',
          'PROVIDER_PAYABLES','BANK')),
        arrangement_id uuid null references arrangement (id),
        gl_account text not null check (length(gl_account) between 1 and 20),
        cost_centre text not null default '' check (length(cost_centre) <= 20),
        updated_at timestamptz not null,
        updated_by uuid null
      );`);
    this.addSql(
      `create unique index journal_ledger_code_default on journal_ledger_code (municipality_id, kind) where arrangement_id is null;`,
    );
    this.addSql(
      `create unique index journal_ledger_code_override on journal_ledger_code (municipality_id, kind, arrangement_id)
         where arrangement_id is not null;`,
    );
    this.addSql(`
      create table journal_setting (
        municipality_id uuid primary key references municipality (id),
        number_format text not null default 'NL' check (number_format in ('NL','INTERNATIONAL')),
        journal_code text not null default 'GW' check (length(journal_code) between 1 and 10),
        updated_at timestamptz not null,
        updated_by uuid null
      );`);
    this.addSql(`
      create table journal_period (
        municipality_id uuid not null references municipality (id),
        period date not null check (extract(day from period) = 1),
        exported_at timestamptz null,
        exported_by uuid null,
        export_count int not null default 0,
        closed_at timestamptz null,
        closed_by uuid null,
        -- The ledger codes and format the last export used; once closed, the period keeps exporting with these.
        export_codes jsonb null,
        export_settings jsonb null,
        primary key (municipality_id, period)
      );`);
    // The export reads one month of transactions of one municipality.
    this.addSql(
      `create index if not exists ledger_transaction_municipality_created on ledger_transaction (municipality_id, created_at);`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists ledger_transaction_municipality_created;`);
    this.addSql(`drop table if exists journal_period;`);
    this.addSql(`drop table if exists journal_setting;`);
    this.addSql(`drop table if exists journal_ledger_code;`);
  }
}
