import { Migration } from '@mikro-orm/migrations';

/**
 * Staff accounts (issue 12): invitations, e-mail changes, two-factor log-in and the own sessions list.
 *
 * - `admin_account`: `password_set_at` (null: invited, no password chosen yet; existing accounts count as set),
 *   `invited_by_id`, and the TOTP second factor: `totp_secret` (AES-256-GCM encrypted, never plain),
 *   `totp_pending_secret` (during set-up), `two_factor_enabled_at`, `totp_last_step` (a code's time step is accepted
 *   once: no replay).
 * - `staff_recovery_code`: single-use recovery codes, only their SHA-256 hash.
 * - `session.pending_step`: a staff session after the password but before the second factor (TWO_FACTOR) or before
 *   the required set-up (TWO_FACTOR_SETUP); such a session is no log-in. `session.user_agent` for the sessions list.
 * - `email_token`: STAFF_CONFIRM_EMAIL (the new address confirms an e-mail change; `new_email` holds it).
 * - Dutch default mails: the staff invitation and the e-mail change confirmation.
 */
const TEMPLATES: {
  key: string;
  name: string;
  subject: string;
  body: string;
  informalSubject: string;
  informalBody: string;
}[] = [
  {
    key: 'STAFF_INVITE',
    name: 'Medewerker: uitnodiging',
    subject: 'U bent uitgenodigd voor de beheeromgeving van de Gemeentewinkel',
    body: `Beste {{name}},

{{inviterName}} heeft een account voor u gemaakt in de beheeromgeving van de Gemeentewinkel, met de rol {{roleName}}.

Kies uw wachtwoord via deze link:
{{link}}

De link is {{expiresHours}} uur geldig en werkt één keer. Daarna logt u in met dit e-mailadres.

Verwachtte u deze uitnodiging niet? Dan kunt u deze e-mail negeren.

Met vriendelijke groet,
De Gemeentewinkel`,
    informalSubject: 'Je bent uitgenodigd voor de beheeromgeving van de Gemeentewinkel',
    informalBody: `Hoi {{name}},

{{inviterName}} heeft een account voor je gemaakt in de beheeromgeving van de Gemeentewinkel, met de rol {{roleName}}.

Kies je wachtwoord via deze link:
{{link}}

De link is {{expiresHours}} uur geldig en werkt één keer. Daarna log je in met dit e-mailadres.

Verwachtte je deze uitnodiging niet? Dan kun je deze e-mail negeren.

Groeten,
De Gemeentewinkel`,
  },
  {
    key: 'STAFF_EMAIL_CHANGE',
    name: 'Medewerker: nieuw e-mailadres bevestigen',
    subject: 'Bevestig uw nieuwe e-mailadres voor de beheeromgeving van de Gemeentewinkel',
    body: `Beste {{name}},

U heeft gevraagd om dit e-mailadres te gebruiken voor uw account in de beheeromgeving van de Gemeentewinkel. Bevestig het via deze link:
{{link}}

De link is {{expiresHours}} uur geldig en werkt één keer. Tot u bevestigt, logt u in met uw huidige e-mailadres.

Heeft u dit niet zelf gevraagd? Dan kunt u deze e-mail negeren.

Met vriendelijke groet,
De Gemeentewinkel`,
    informalSubject: 'Bevestig je nieuwe e-mailadres voor de beheeromgeving van de Gemeentewinkel',
    informalBody: `Hoi {{name}},

Je hebt gevraagd om dit e-mailadres te gebruiken voor je account in de beheeromgeving van de Gemeentewinkel. Bevestig het via deze link:
{{link}}

De link is {{expiresHours}} uur geldig en werkt één keer. Tot je bevestigt, log je in met je huidige e-mailadres.

Heb je dit niet zelf gevraagd? Dan kun je deze e-mail negeren.

Groeten,
De Gemeentewinkel`,
  },
];

const sql = (value: string) => `'${value.replace(/'/g, "''")}'`;

export class Migration20261125050000_staff_accounts extends Migration {
  override up(): void {
    this.addSql(`
      alter table admin_account
        add column password_set_at timestamptz,
        add column invited_by_id uuid references admin_account(id) on delete set null,
        add column totp_secret text,
        add column totp_pending_secret text,
        add column two_factor_enabled_at timestamptz,
        add column totp_last_step bigint;`);
    this.addSql(`update admin_account set password_set_at = created_at;`);

    this.addSql(`
      create table staff_recovery_code (
        id uuid primary key default gen_random_uuid(),
        admin_account_id uuid not null references admin_account(id) on delete cascade,
        code_hash text not null,
        used_at timestamptz,
        created_at timestamptz not null default now(),
        unique (admin_account_id, code_hash)
      );`);

    this.addSql(`
      alter table session
        add column pending_step text check (pending_step in ('TWO_FACTOR','TWO_FACTOR_SETUP')),
        add column user_agent text;`);
    this.addSql(
      `create index session_admin_account_idx on session (admin_account_id) where admin_account_id is not null;`,
    );

    this.addSql(`alter table email_token add column new_email text;`);
    this.addSql(`alter table email_token drop constraint email_token_purpose_check;`);
    this.addSql(`
      alter table email_token add constraint email_token_purpose_check
        check (purpose in ('CONFIRM_EMAIL','RESET_PASSWORD','STAFF_RESET_PASSWORD','STAFF_CONFIRM_EMAIL'));`);
    this.addSql(`alter table email_token drop constraint email_token_owner_check;`);
    this.addSql(`
      alter table email_token add constraint email_token_owner_check check (
        case when purpose in ('STAFF_RESET_PASSWORD','STAFF_CONFIRM_EMAIL')
          then admin_account_id is not null and provider_user_id is null
          else provider_user_id is not null and admin_account_id is null
        end
      );`);

    for (const t of TEMPLATES) {
      this.addSql(
        `insert into communication_template (key, name, subject, body, informal_subject, informal_body)
         values (${sql(t.key)}, ${sql(t.name)}, ${sql(t.subject)}, ${sql(t.body)}, ${sql(t.informalSubject)}, ${sql(t.informalBody)})
         on conflict (key) do nothing;`,
      );
    }
  }
}
