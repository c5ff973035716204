import { Migration } from '@mikro-orm/migrations';

/**
 * The mail log (modules/communication): every mail the application sends is a row here, written in the business
 * transaction together with the `mail.send` job that delivers it (SMTP, or the local outbox in development and
 * tests). It replaces `outbox_mail`: the dev outbox route reads this log, whatever a mail's status, and the mails
 * already in the outbox move over as SENT.
 *
 * `last_error` holds the transport's answer with addresses removed; an erased person's rows keep no address, subject
 * or body (`erased_at`).
 */
export class Migration20261124001300_mail_log extends Migration {
  override up(): void {
    this.addSql(`
      create table mail_message (
        id uuid primary key default gen_random_uuid(),
        to_address text not null check (to_address like '%@%' or erased_at is not null),
        template_key text,
        subject text not null,
        body text not null,
        status text not null default 'QUEUED' check (status in ('QUEUED','SENT','FAILED','CANCELLED')),
        attempts int not null default 0 check (attempts >= 0),
        last_error text check (char_length(last_error) <= 500),
        person_id uuid references person(id) on delete set null,
        municipality_id uuid references municipality(id) on delete set null,
        created_at timestamptz not null default now(),
        last_attempt_at timestamptz,
        sent_at timestamptz,
        erased_at timestamptz,
        check ((status = 'SENT') = (sent_at is not null))
      );`);
    this.addSql(`create index mail_message_to_idx on mail_message (lower(to_address), created_at desc);`);
    this.addSql(`create index mail_message_log_idx on mail_message (created_at desc, id desc);`);
    this.addSql(
      `create index mail_message_open_idx on mail_message (status, created_at) where status in ('QUEUED','FAILED');`,
    );
    this.addSql(`create index mail_message_person_idx on mail_message (person_id) where person_id is not null;`);
    this.addSql(`
      insert into mail_message (id, to_address, template_key, subject, body, status, attempts, created_at, sent_at)
      select id, to_address, template_key, subject, body, 'SENT', 1, created_at, created_at from outbox_mail;`);
    this.addSql(`drop table outbox_mail;`);
  }
}
