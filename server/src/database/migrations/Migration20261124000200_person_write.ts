import { Migration } from '@mikro-orm/migrations';

/**
 * PERSON_WRITE ("Personen en klantgroepen wijzigen"): changing persons and households (adding a member) needs a write
 * permission of its own; until now PERSON_READ was enough. The built-in roles that could do it and should keep doing
 * it, Beheerder (all permissions) and Klantcontact, get it. Other roles that hold PERSON_READ do not: they keep reading,
 * and an administrator grants PERSON_WRITE where a role should also change persons.
 *
 * On a fresh database the role table is still empty here; the demo data then seeds the roles with PERSON_WRITE
 * (BUILT_IN_ROLES in kernel/permissions.ts).
 */
export class Migration20261124000200_person_write extends Migration {
  override up(): void {
    this.addSql(`
      update role set permissions = array_append(permissions, 'PERSON_WRITE'), updated_at = now()
       where key in ('BEHEERDER', 'KLANTCONTACT') and not ('PERSON_WRITE' = any(permissions));`);
  }

  override down(): void {
    this.addSql(
      `update role set permissions = array_remove(permissions, 'PERSON_WRITE'), updated_at = now() where 'PERSON_WRITE' = any(permissions);`,
    );
  }
}
