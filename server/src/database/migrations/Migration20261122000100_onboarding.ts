import { Migration } from '@mikro-orm/migrations';

/**
 * Provider onboarding and e-mail: communication templates (with their Dutch defaults), the development outbox,
 * single-use e-mail tokens (only their hash is stored), terms versions and their acceptances, and the extra columns
 * and checks the membership flow needs.
 */

const TEMPLATES: { key: string; name: string; subject: string; body: string }[] = [
  {
    key: 'PROVIDER_EMAIL_CONFIRM',
    name: 'Aanbieder: e-mailadres bevestigen',
    subject: 'Bevestig uw e-mailadres voor de Gemeentewinkel',
    body: `Beste {{name}},

Bedankt voor het aanmelden van {{providerName}} als aanbieder bij de Gemeentewinkel.

Bevestig uw e-mailadres via deze link:
{{link}}

De link is {{expiresHours}} uur geldig en werkt één keer. Daarna kunt u inloggen en uw organisatie aanmelden bij de gemeenten waar u uw producten wilt aanbieden.

Heeft u zich niet aangemeld? Dan kunt u deze e-mail negeren.

Met vriendelijke groet,
De Gemeentewinkel`,
  },
  {
    key: 'PROVIDER_REGISTRATION_EXISTING',
    name: 'Aanbieder: aanmelding met een bestaand e-mailadres',
    subject: 'Poging tot aanmelden met uw e-mailadres',
    body: `Beste {{name}},

Iemand heeft geprobeerd een nieuwe aanbieder aan te melden bij de Gemeentewinkel met uw e-mailadres. Er bestaat al een account met dit e-mailadres, dus er is geen nieuw account gemaakt.

Was u dit zelf? Log dan in met uw bestaande account:
{{loginLink}}

Weet u uw wachtwoord niet meer? Vraag dan een nieuw wachtwoord aan:
{{resetLink}}

Was u dit niet? Dan hoeft u niets te doen. Uw account is niet gewijzigd.

Met vriendelijke groet,
De Gemeentewinkel`,
  },
  {
    key: 'PROVIDER_USER_INVITE',
    name: 'Aanbieder: uitnodiging voor een nieuwe gebruiker',
    subject: 'U bent uitgenodigd voor de Gemeentewinkel',
    body: `Beste {{name}},

{{inviterName}} heeft u uitgenodigd als gebruiker van {{providerName}} in de Gemeentewinkel.

Kies uw wachtwoord via deze link:
{{link}}

De link is {{expiresHours}} uur geldig en werkt één keer. Daarna kunt u inloggen met dit e-mailadres.

Verwachtte u deze uitnodiging niet? Dan kunt u deze e-mail negeren.

Met vriendelijke groet,
De Gemeentewinkel`,
  },
  {
    key: 'PASSWORD_RESET',
    name: 'Wachtwoord vergeten',
    subject: 'Nieuw wachtwoord instellen voor de Gemeentewinkel',
    body: `Beste {{name}},

U heeft gevraagd om een nieuw wachtwoord. Kies een nieuw wachtwoord via deze link:
{{link}}

De link is {{expiresHours}} uur geldig en werkt één keer. Na het instellen wordt u op alle apparaten uitgelogd.

Heeft u dit niet zelf gevraagd? Dan kunt u deze e-mail negeren: uw wachtwoord blijft hetzelfde.

Met vriendelijke groet,
De Gemeentewinkel`,
  },
  {
    key: 'MEMBERSHIP_APPROVED',
    name: 'Aanmelding bij gemeente goedgekeurd',
    subject: 'Uw aanmelding bij {{municipalityName}} is goedgekeurd',
    body: `Beste {{providerName}},

{{municipalityName}} heeft uw aanmelding als aanbieder goedgekeurd. Uw goedgekeurde producten zijn nu zichtbaar voor inwoners van {{municipalityName}}.

Bekijk uw profiel:
{{profileLink}}

Met vriendelijke groet,
De Gemeentewinkel`,
  },
  {
    key: 'MEMBERSHIP_REJECTED',
    name: 'Aanmelding bij gemeente afgewezen',
    subject: 'Uw aanmelding bij {{municipalityName}} is afgewezen',
    body: `Beste {{providerName}},

{{municipalityName}} heeft uw aanmelding als aanbieder afgewezen. De reden:

{{reason}}

U kunt uw gegevens aanpassen en u opnieuw aanmelden via uw profiel:
{{profileLink}}

Met vriendelijke groet,
De Gemeentewinkel`,
  },
  {
    key: 'PRODUCT_APPROVED',
    name: 'Product goedgekeurd',
    subject: 'Uw product "{{productTitle}}" is goedgekeurd',
    body: `Beste {{providerName}},

Uw product "{{productTitle}}" is goedgekeurd en staat nu in het aanbod.

Bekijk het product:
{{productLink}}

Met vriendelijke groet,
De Gemeentewinkel`,
  },
  {
    key: 'PRODUCT_REJECTED',
    name: 'Product afgekeurd',
    subject: 'Uw product "{{productTitle}}" is afgekeurd',
    body: `Beste {{providerName}},

Uw product "{{productTitle}}" is afgekeurd. De reden:

{{reason}}

U kunt het product aanpassen en opnieuw indienen:
{{productLink}}

Met vriendelijke groet,
De Gemeentewinkel`,
  },
];

const TERMS_V1 = `Deze voorwaarden gelden voor organisaties die via de Gemeentewinkel producten aanbieden aan inwoners.

1. U geeft juiste en volledige gegevens over uw organisatie, uw producten en hun prijzen, en houdt die actueel.
2. U levert een bestelling zoals beschreven en tegen de prijs die in de Gemeentewinkel staat. Inwoners betalen u niets extra voor wat hun tegoed dekt.
3. De gemeente betaalt geleverde bestellingen aan u uit op het IBAN dat u opgeeft. U registreert een levering pas als het product is geleverd.
4. U gebruikt persoonsgegevens van inwoners alleen voor het leveren van hun bestelling en bewaart ze niet langer dan daarvoor nodig is (AVG).
5. De gemeente beoordeelt uw aanmelding en uw producten en mag een aanmelding of product weigeren of intrekken, met opgave van de reden.
6. U kunt zich op elk moment afmelden bij een gemeente. Uw producten zijn dan niet meer zichtbaar voor inwoners van die gemeente; lopende bestellingen levert u nog af.`;

const sql = (value: string) => `'${value.replace(/'/g, "''")}'`;

export class Migration20261122000100_onboarding extends Migration {
  override up(): void {
    this.addSql(`
      create table communication_template (
        id uuid primary key default gen_random_uuid(),
        key text not null unique check (key ~ '^[A-Z][A-Z0-9_]{2,63}$'),
        name text not null check (char_length(trim(name)) between 1 and 200),
        subject text not null check (char_length(trim(subject)) between 1 and 300 and subject !~ '[\\r\\n]'),
        body text not null check (char_length(trim(body)) between 1 and 20000),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    for (const t of TEMPLATES) {
      this.addSql(
        `insert into communication_template (key, name, subject, body) values (${sql(t.key)}, ${sql(t.name)}, ${sql(t.subject)}, ${sql(t.body)});`,
      );
    }

    // The local outbox (MAIL_TRANSPORT=outbox, development and tests only; refused in production).
    this.addSql(`
      create table outbox_mail (
        id uuid primary key default gen_random_uuid(),
        to_address text not null check (to_address like '%@%'),
        subject text not null,
        body text not null,
        template_key text,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index outbox_mail_to_idx on outbox_mail (lower(to_address), created_at desc);`);

    // Single-use tokens sent by e-mail; only a hash of the token is stored.
    this.addSql(`
      create table email_token (
        id uuid primary key default gen_random_uuid(),
        token_hash text not null unique,
        purpose text not null check (purpose in ('CONFIRM_EMAIL','RESET_PASSWORD')),
        provider_user_id uuid not null references provider_user(id) on delete cascade,
        expires_at timestamptz not null,
        used_at timestamptz,
        created_at timestamptz not null default now(),
        check (expires_at > created_at)
      );`);
    this.addSql(`create index email_token_user_idx on email_token (provider_user_id, purpose);`);
    this.addSql(`create index email_token_expires_idx on email_token (expires_at);`);

    // Terms: a platform-wide version (municipality_id null) and optionally a municipality's own conditions.
    this.addSql(`
      create table terms_version (
        id uuid primary key default gen_random_uuid(),
        municipality_id uuid references municipality(id) on delete cascade,
        version integer not null check (version > 0),
        title text not null check (char_length(trim(title)) > 0),
        body text not null check (char_length(trim(body)) > 0),
        published_at timestamptz not null default now(),
        created_at timestamptz not null default now()
      );`);
    this.addSql(
      `create unique index terms_version_platform_unique on terms_version (version) where municipality_id is null;`,
    );
    this.addSql(
      `create unique index terms_version_municipality_unique on terms_version (municipality_id, version) where municipality_id is not null;`,
    );
    this.addSql(
      `insert into terms_version (municipality_id, version, title, body) values (null, 1, ${sql('Voorwaarden voor aanbieders')}, ${sql(TERMS_V1)});`,
    );

    this.addSql(`
      create table terms_acceptance (
        id uuid primary key default gen_random_uuid(),
        terms_version_id uuid not null references terms_version(id),
        provider_id uuid not null references provider(id) on delete cascade,
        provider_user_id uuid references provider_user(id) on delete set null,
        -- null: accepted at registration; otherwise: accepted when applying to this municipality.
        municipality_id uuid references municipality(id) on delete cascade,
        accepted_at timestamptz not null default now()
      );`);
    this.addSql(`create index terms_acceptance_provider_idx on terms_acceptance (provider_id, accepted_at desc);`);

    // Provider details: the formats the service validates, enforced by the database as well.
    this.addSql(
      `alter table provider add constraint provider_iban_format check (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$');`,
    );
    this.addSql(
      `alter table provider add constraint provider_postcode_format check (postcode = '' or postcode ~ '^[1-9][0-9]{3} [A-Z]{2}$');`,
    );
    this.addSql(`alter table provider add constraint provider_email_format check (email like '%_@_%');`);
    this.addSql(
      `alter table provider add constraint provider_name_length check (char_length(trim(name)) between 2 and 120);`,
    );
    this.addSql(`alter table provider_user add constraint provider_user_email_format check (email like '%_@_%');`);

    // Membership: when it was (re)applied for, who decided, and a rejection always has a reason.
    this.addSql(`alter table provider_membership add column applied_at timestamptz not null default now();`);
    this.addSql(`update provider_membership set applied_at = created_at;`);
    this.addSql(
      `alter table provider_membership add column decided_by_id uuid references admin_account(id) on delete set null;`,
    );
    this.addSql(`
      alter table provider_membership add constraint provider_membership_rejection_reason
        check (status <> 'REJECTED' or char_length(trim(coalesce(reason, ''))) > 0);`);
  }
}
