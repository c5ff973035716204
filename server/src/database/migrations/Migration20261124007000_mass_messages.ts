import { Migration } from '@mikro-orm/migrations';

const sql = (s: string) => `'${s.replace(/'/g, "''")}'`;

const MASS_MESSAGE_TEMPLATE = {
  key: 'MASS_MESSAGE',
  name: 'Bericht aan een doelgroep',
  subject: '{{subject}}',
  body: `Beste {{name}},

{{body}}

U vindt dit bericht ook op de Gemeentewinkel:
{{link}}

Met vriendelijke groet,
De Gemeentewinkel`,
};

/**
 * Announcements (meldingen, public) and mass messages (berichten aan een doelgroep).
 *
 * - announcement: shown on /meldingen and as a banner while `starts_at <= now < ends_at` (application clock).
 * - mass_message: one message composed at /admin/meldingen. Sending reserves a place under the municipality's daily
 *   limit (`send_day`, counted under an advisory lock) and queues the `messages.massSend` job, which writes an inbox
 *   message per resident (message.mass_message_id) and e-mails in batches; `cursor` is the last recipient done, so a
 *   retried job carries on where it stopped. (created_by, idempotency_key) makes a second click the same send.
 * - The MASS_MESSAGE e-mail template.
 */
export class Migration20261124007000_mass_messages extends Migration {
  override up(): void {
    this.addSql(`
      create table announcement (
        id uuid primary key default gen_random_uuid(),
        municipality_id uuid references municipality(id),
        title text not null check (char_length(title) between 1 and 200),
        body text not null check (char_length(body) between 1 and 10000),
        severity text not null check (severity in ('INFO','WARNING','OUTAGE')),
        starts_at timestamptz not null,
        ends_at timestamptz,
        created_by uuid,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        check (ends_at is null or ends_at > starts_at)
      );`);
    this.addSql(`create index announcement_active_idx on announcement (starts_at, ends_at);`);
    this.addSql(`
      create table mass_message (
        id uuid primary key default gen_random_uuid(),
        municipality_id uuid not null references municipality(id),
        audience_kind text not null check (audience_kind in
          ('MUNICIPALITY_RESIDENTS','ARRANGEMENT_HOLDERS','CLIENT_GROUP','ALL_PROVIDERS','MUNICIPALITY_PROVIDERS')),
        audience_ref_id uuid,
        audience_label text not null,
        -- ALL_PROVIDERS: the sender's municipalities at the time of sending (null: every provider).
        provider_scope uuid[],
        title text not null check (char_length(title) between 1 and 200),
        body text not null check (char_length(body) between 1 and 10000),
        status text not null default 'QUEUED' check (status in ('QUEUED','SENDING','SENT')),
        recipient_count integer not null check (recipient_count > 0),
        sent_count integer not null default 0 check (sent_count >= 0),
        mail_count integer not null default 0 check (mail_count >= 0),
        cursor uuid,
        send_day date not null,
        as_of date not null,
        idempotency_key text not null check (char_length(idempotency_key) between 8 and 100),
        created_by uuid not null,
        created_at timestamptz not null,
        finished_at timestamptz,
        unique (created_by, idempotency_key)
      );`);
    this.addSql(`create index mass_message_day_idx on mass_message (municipality_id, send_day);`);
    this.addSql(`create index mass_message_list_idx on mass_message (created_at desc, id desc);`);
    this.addSql(`alter table message add column mass_message_id uuid references mass_message(id);`);
    this.addSql(
      `create index message_mass_idx on message (mass_message_id, read_at) where mass_message_id is not null;`,
    );
    const t = MASS_MESSAGE_TEMPLATE;
    this.addSql(
      `insert into communication_template (key, name, subject, body) values (${sql(t.key)}, ${sql(t.name)}, ${sql(t.subject)}, ${sql(t.body)})
       on conflict (key) do nothing;`,
    );
  }

  override down(): void {
    this.addSql(`delete from communication_template where key = 'MASS_MESSAGE';`);
    this.addSql(`alter table message drop column if exists mass_message_id;`);
    this.addSql(`drop table if exists mass_message;`);
    this.addSql(`drop table if exists announcement;`);
  }
}
