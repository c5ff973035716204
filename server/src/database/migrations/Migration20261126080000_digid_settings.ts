import { Migration } from '@mikro-orm/migrations';

/**
 * DigiD settings (issue 14): the certificate store and orders placed on a resident's behalf.
 *
 * `digid_certificate`: our SAML key pairs. The private key is generated on the server and stored encrypted
 * (kernel/secret-box.ts with SETTINGS_ENCRYPTION_KEY); the CSR goes to the PKIoverheid CA; the issued certificate is
 * uploaded onto the row. The rollover moves a row through PENDING → READY → NEXT → CURRENT → PREVIOUS → RETIRED; at
 * most one row is NEXT, CURRENT or PREVIOUS at a time (partial unique indexes), so the metadata is never ambiguous.
 *
 * ORDER_ON_BEHALF: staff place an order for a resident without DigiD (or under administration); the order keeps who
 * placed it and why. The built-in roles Beheerder and Klantcontact get the permission (on a fresh database the role
 * table is still empty here; the demo data seeds BUILT_IN_ROLES, which hold it).
 */
export class Migration20261126080000_digid_settings extends Migration {
  override up(): void {
    this.addSql(`
      create table digid_certificate (
        id uuid primary key default gen_random_uuid(),
        state text not null check (state in ('PENDING','READY','NEXT','CURRENT','PREVIOUS','RETIRED')),
        subject_organization text not null,
        subject_common_name text not null,
        subject_serial_number text,
        public_key_spki text not null,
        private_key_sealed text not null,
        csr_pem text not null,
        certificate_pem text,
        certificate_subject text,
        certificate_issuer text,
        certificate_serial text,
        not_before timestamptz,
        not_after timestamptz,
        created_at timestamptz not null,
        created_by_id uuid references admin_account(id) on delete set null,
        uploaded_at timestamptz,
        published_at timestamptz,
        activated_at timestamptz,
        superseded_at timestamptz,
        retired_at timestamptz,
        check (state in ('PENDING','RETIRED') or certificate_pem is not null)
      );`);
    for (const state of ['NEXT', 'CURRENT', 'PREVIOUS']) {
      this.addSql(
        `create unique index digid_certificate_one_${state.toLowerCase()} on digid_certificate (state) where state = '${state}';`,
      );
    }
    this.addSql(`
      alter table customer_order
        add column placed_by_admin_account_id uuid references admin_account(id) on delete set null,
        add column placed_on_behalf_reason text,
        add column placed_on_behalf boolean not null default false;`);
    this.addSql(`
      update role set permissions = array_append(permissions, 'ORDER_ON_BEHALF'), updated_at = now()
       where key in ('BEHEERDER', 'KLANTCONTACT') and not ('ORDER_ON_BEHALF' = any(permissions));`);
  }

  override down(): void {
    this.addSql(
      `update role set permissions = array_remove(permissions, 'ORDER_ON_BEHALF'), updated_at = now() where 'ORDER_ON_BEHALF' = any(permissions);`,
    );
    this.addSql(`
      alter table customer_order drop column placed_by_admin_account_id, drop column placed_on_behalf_reason,
        drop column placed_on_behalf;`);
    this.addSql(`drop table digid_certificate;`);
  }
}
