import { Migration } from '@mikro-orm/migrations';

/**
 * Limits that hold across instances of the app, and the staff's forgotten-password flow.
 *
 * - `rate_limit`: the counters of every limited action (modules/limits/limits.ts), in the layout rate-limiter-flexible's
 *   RateLimiterPostgres reads and writes (key, points, expire in epoch milliseconds). Created here, never by the
 *   library at run time. Keys are `<limit name>:<HMAC of what is counted>`: no e-mail or IP address is stored.
 * - `email_token` also serves staff accounts: a token belongs to a provider user or to a staff account, never both;
 *   STAFF_RESET_PASSWORD is the staff's reset link (a provider's RESET_PASSWORD token cannot open a staff account).
 * - Dutch default mails: the staff's reset link, and the notice to the owner of an address that someone tried to invite.
 */

const TEMPLATES: { key: string; name: string; subject: string; body: string }[] = [
  {
    key: 'STAFF_PASSWORD_RESET',
    name: 'Medewerker: wachtwoord vergeten',
    subject: 'Nieuw wachtwoord instellen voor de beheeromgeving van de Gemeentewinkel',
    body: `Beste {{name}},

U heeft gevraagd om een nieuw wachtwoord voor de beheeromgeving van de Gemeentewinkel. Kies een nieuw wachtwoord via deze link:
{{link}}

De link is {{expiresHours}} uur geldig en werkt één keer. Na het instellen wordt u op alle apparaten uitgelogd.

Heeft u dit niet zelf gevraagd? Dan kunt u deze e-mail negeren: uw wachtwoord blijft hetzelfde. Krijgt u deze e-mail vaker zonder dat u erom vroeg? Meld het dan bij uw beheerder.

Met vriendelijke groet,
De Gemeentewinkel`,
  },
  {
    key: 'PROVIDER_INVITE_EXISTING',
    name: 'Aanbieder: uitnodiging voor een bestaand e-mailadres',
    subject: 'Poging om u uit te nodigen voor de Gemeentewinkel',
    body: `Beste {{name}},

Iemand van {{providerName}} heeft geprobeerd u uit te nodigen als gebruiker in de Gemeentewinkel. Er bestaat al een account met uw e-mailadres, dus er is geen nieuw account gemaakt.

Wilt u inloggen met uw bestaande account? Dat kan hier:
{{loginLink}}

Weet u uw wachtwoord niet meer? Vraag dan een nieuw wachtwoord aan:
{{resetLink}}

Hoort u bij {{providerName}} en wilt u daar ook gebruiker worden? Vraag dan uw collega u uit te nodigen met een ander e-mailadres.
Verwachtte u dit niet? Dan hoeft u niets te doen. Uw account is niet gewijzigd.

Met vriendelijke groet,
De Gemeentewinkel`,
  },
];

const sql = (value: string) => `'${value.replace(/'/g, "''")}'`;

export class Migration20261124000100_rate_limits extends Migration {
  override up(): void {
    this.addSql(`
      create table rate_limit (
        key text primary key,
        points integer not null default 0,
        expire bigint
      );`);
    this.addSql(`create index rate_limit_expire_idx on rate_limit (expire);`);

    this.addSql(`alter table email_token alter column provider_user_id drop not null;`);
    this.addSql(
      `alter table email_token add column admin_account_id uuid references admin_account(id) on delete cascade;`,
    );
    this.addSql(`alter table email_token drop constraint email_token_purpose_check;`);
    this.addSql(`
      alter table email_token add constraint email_token_purpose_check
        check (purpose in ('CONFIRM_EMAIL','RESET_PASSWORD','STAFF_RESET_PASSWORD'));`);
    this.addSql(`
      alter table email_token add constraint email_token_owner_check check (
        case when purpose = 'STAFF_RESET_PASSWORD'
          then admin_account_id is not null and provider_user_id is null
          else provider_user_id is not null and admin_account_id is null
        end
      );`);
    this.addSql(
      `create index email_token_admin_idx on email_token (admin_account_id, purpose) where admin_account_id is not null;`,
    );

    for (const t of TEMPLATES) {
      this.addSql(
        `insert into communication_template (key, name, subject, body) values (${sql(t.key)}, ${sql(t.name)}, ${sql(t.subject)}, ${sql(t.body)})
         on conflict (key) do nothing;`,
      );
    }
  }
}
