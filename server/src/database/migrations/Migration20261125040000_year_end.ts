import { Migration } from '@mikro-orm/migrations';

/**
 * Year end (issue 11):
 * - `arrangement.previous_arrangement_id`: an arrangement copied to the next period points at the one it continues;
 *   an arrangement is copied once (unique).
 * - `regrant_run` / `regrant_item`: granting the copy again to last period's holders, as a background job. One item per
 *   (new arrangement, last period's assignment), reserved before the grant: running the bulk grant twice grants once.
 * - `assignment_reminder`: the "your budget expires soon" message, reserved (primary key) before it is sent, so every
 *   assignment gets it at most once, also when two workers run the job at the same moment.
 * - The templates of the reminder: an inbox text (INBOX_BUDGET_EXPIRING) and an e-mail (BUDGET_EXPIRING), formal and
 *   informal.
 */
const TEMPLATES = [
  {
    key: 'INBOX_BUDGET_EXPIRING',
    name: 'Bericht: tegoed vervalt binnenkort',
    subject: 'Uw tegoed van {{ arrangementName }} vervalt op {{ expiresOn }}',
    body: `U heeft nog {{ remainingAmount }} tegoed van {{ arrangementName }}{% if beneficiaryName != "" %} voor {{ beneficiaryName }}{% endif %}. Dit tegoed is geldig tot en met {{ expiresOn }}. Daarna vervalt het.

Gebruik uw tegoed op tijd in de winkel.`,
    informalSubject: 'Je tegoed van {{ arrangementName }} vervalt op {{ expiresOn }}',
    informalBody: `Je hebt nog {{ remainingAmount }} tegoed van {{ arrangementName }}{% if beneficiaryName != "" %} voor {{ beneficiaryName }}{% endif %}. Dit tegoed is geldig tot en met {{ expiresOn }}. Daarna vervalt het.

Gebruik je tegoed op tijd in de winkel.`,
  },
  {
    key: 'BUDGET_EXPIRING',
    name: 'E-mail: tegoed vervalt binnenkort',
    subject: 'Uw tegoed van {{ arrangementName }} vervalt op {{ expiresOn }}',
    body: `Beste {{ name }},

U heeft nog {{ remainingAmount }} tegoed van {{ arrangementName }}{% if beneficiaryName != "" %} voor {{ beneficiaryName }}{% endif %}. Dit tegoed is geldig tot en met {{ expiresOn }}. Daarna vervalt het en kunt u het niet meer gebruiken.

Bekijk het aanbod en bestel op tijd:
{{ shopLink }}

Met vriendelijke groet,
De Gemeentewinkel`,
    informalSubject: 'Je tegoed van {{ arrangementName }} vervalt op {{ expiresOn }}',
    informalBody: `Hoi {{ name }},

Je hebt nog {{ remainingAmount }} tegoed van {{ arrangementName }}{% if beneficiaryName != "" %} voor {{ beneficiaryName }}{% endif %}. Dit tegoed is geldig tot en met {{ expiresOn }}. Daarna vervalt het en kun je het niet meer gebruiken.

Bekijk het aanbod en bestel op tijd:
{{ shopLink }}

Groeten,
De Gemeentewinkel`,
  },
];

const sql = (s: string) => `'${s.replace(/'/g, "''")}'`;

export class Migration20261125040000_year_end extends Migration {
  override up(): void {
    this.addSql(`alter table arrangement add column previous_arrangement_id uuid references arrangement(id);`);
    this.addSql(
      `create unique index arrangement_previous_unique on arrangement (previous_arrangement_id) where previous_arrangement_id is not null;`,
    );
    this.addSql(`
      create table regrant_run (
        id uuid primary key default gen_random_uuid(),
        arrangement_id uuid not null references arrangement(id),
        source_arrangement_id uuid not null references arrangement(id),
        status text not null default 'QUEUED' check (status in ('QUEUED','RUNNING','DONE')),
        total integer not null default 0,
        granted integer not null default 0,
        skipped integer not null default 0,
        started_by uuid,
        created_at timestamptz not null default now(),
        finished_at timestamptz
      );`);
    this.addSql(`create index regrant_run_arrangement on regrant_run (arrangement_id, created_at desc);`);
    this.addSql(`
      create table regrant_item (
        arrangement_id uuid not null references arrangement(id),
        source_assignment_id uuid not null references assignment(id),
        run_id uuid not null references regrant_run(id),
        assignment_id uuid references assignment(id),
        outcome text not null check (outcome in ('GRANTED','SKIPPED')),
        message text,
        created_at timestamptz not null default now(),
        primary key (arrangement_id, source_assignment_id)
      );`);
    this.addSql(`
      create table assignment_reminder (
        assignment_id uuid primary key references assignment(id),
        days_before integer not null,
        remaining_cents integer not null,
        message_id uuid references message(id),
        mail_sent boolean not null default false,
        created_at timestamptz not null default now()
      );`);
    for (const t of TEMPLATES) {
      this.addSql(
        `insert into communication_template (key, name, subject, body, informal_subject, informal_body)
         values (${sql(t.key)}, ${sql(t.name)}, ${sql(t.subject)}, ${sql(t.body)}, ${sql(t.informalSubject)}, ${sql(t.informalBody)})
         on conflict (key) do nothing;`,
      );
    }
  }

  override down(): void {
    this.addSql(`delete from communication_template where key in ('INBOX_BUDGET_EXPIRING','BUDGET_EXPIRING');`);
    this.addSql(`drop table assignment_reminder;`);
    this.addSql(`drop table regrant_item;`);
    this.addSql(`drop table regrant_run;`);
    this.addSql(`drop index arrangement_previous_unique;`);
    this.addSql(`alter table arrangement drop column previous_arrangement_id;`);
  }
}
