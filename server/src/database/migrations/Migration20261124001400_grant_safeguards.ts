import { Migration } from '@mikro-orm/migrations';

/**
 * Granting safeguards (issue 9): an arrangement says whether the same beneficiary (or household) may be granted it
 * twice for overlapping periods. Off by default: a second overlapping grant is refused.
 */
export class Migration20261124001400_grant_safeguards extends Migration {
  override up(): void {
    this.addSql(`alter table arrangement add column repeat_grants_allowed boolean not null default false`);
  }

  override down(): void {
    this.addSql(`alter table arrangement drop column repeat_grants_allowed`);
  }
}
