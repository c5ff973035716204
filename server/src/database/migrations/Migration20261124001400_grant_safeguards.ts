import { Migration } from '@mikro-orm/migrations';

/**
 * Granting safeguards (issue 9): an arrangement says whether the same beneficiary (or household) may be granted it
 * twice for overlapping periods (off by default: a second overlapping grant is refused), and for whom it is: an
 * optional age range in whole years, both ends included. A grant to someone outside it needs a reason, kept on the
 * assignment.
 */
export class Migration20261124001400_grant_safeguards extends Migration {
  override up(): void {
    this.addSql(`alter table arrangement add column repeat_grants_allowed boolean not null default false`);
    this.addSql(`
      alter table arrangement
        add column min_age int check (min_age between 0 and 120),
        add column max_age int check (max_age between 0 and 120),
        add check (min_age is null or max_age is null or min_age <= max_age)
    `);
    this.addSql(
      `alter table assignment add column age_exception_reason text check (char_length(age_exception_reason) <= 500)`,
    );
  }

  override down(): void {
    this.addSql(`alter table assignment drop column age_exception_reason`);
    this.addSql(`alter table arrangement drop column repeat_grants_allowed, drop column min_age, drop column max_age`);
  }
}
