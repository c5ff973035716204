import { Migration } from '@mikro-orm/migrations';

/**
 * The import grants as the screen does (issue 24), and reads Excel's own CSV.
 *
 * - import_run.encoding: the character encoding the file was read in (UTF-8, or Windows-1252 as Dutch Excel saves
 *   "CSV (gescheiden door lijstscheidingsteken)"); the dry run says which.
 * - The dry run counts grants the way they are made (AssignmentService.planMemberGrants): `grant_rows` rows that
 *   grant, `grant_households` households that receive a grant, `no_grant_rows` rows with an arrangement that grant
 *   nothing (the household has it already, also through an earlier row; the person is not in the arrangement's target
 *   group); `granted_rows` counts the rows whose grant was written when applied.
 * - import_row.grant_planned / grant_note: per row whether the dry run plans a grant, and if not, why (Dutch; once
 *   applied, the apply's reason); import_row.granted: whether applying it wrote one. The screen lists the rows with a
 *   note while it polls an import's progress: a partial index finds them without reading the run's other rows.
 */
export class Migration20261129010000_import_grants extends Migration {
  override up(): void {
    this.addSql(`
      alter table import_run
        add column encoding text not null default 'UTF-8' check (encoding in ('UTF-8', 'WINDOWS-1252')),
        add column grant_rows integer not null default 0,
        add column grant_households integer not null default 0,
        add column no_grant_rows integer not null default 0,
        add column granted_rows integer not null default 0;`);
    this.addSql(`
      alter table import_row
        add column grant_planned boolean,
        add column grant_note text,
        add column granted boolean;`);
    this.addSql(`create index import_row_note_idx on import_row (import_run_id, line) where grant_note is not null;`);
  }
}
