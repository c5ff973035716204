import { Migration } from '@mikro-orm/migrations';

/**
 * Online applications (issue 28): an arrangement's application form, the applications with their timeline, and the
 * proof files. One open application per household and arrangement is a database guarantee (a partial unique index),
 * so two submits at once cannot both pass; the number comes from a sequence.
 */
const sql = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The e-mail beside each inbox message about an application, for residents who want e-mail (as for orders). */
const UPDATE_MAIL = {
  key: 'APPLICATION_UPDATE',
  name: 'Aanvraag: nieuws over uw aanvraag',
  subject: '{{ title }}',
  body: `Beste {{ name }},

{{ message }}

U leest uw aanvraag {{ applicationNumber }} en alles wat er gebeurd is op {{ link }}.

Met vriendelijke groet,
De Gemeentewinkel`,
  informalSubject: '{{ title }}',
  informalBody: `Hoi {{ name }},

{{ message }}

Je aanvraag {{ applicationNumber }} en alles wat er gebeurd is, lees je op {{ link }}.

Groeten,
De Gemeentewinkel`,
};

export class Migration20261130100000_applications extends Migration {
  override up(): void {
    this.addSql(
      `insert into communication_template (key, name, subject, body, informal_subject, informal_body)
       values (${sql(UPDATE_MAIL.key)}, ${sql(UPDATE_MAIL.name)}, ${sql(UPDATE_MAIL.subject)}, ${sql(UPDATE_MAIL.body)},
               ${sql(UPDATE_MAIL.informalSubject)}, ${sql(UPDATE_MAIL.informalBody)})
       on conflict (key) do nothing;`,
    );
    this.addSql(`
      create table application_form (
        arrangement_id uuid primary key references arrangement (id) on delete cascade,
        municipality_id uuid not null references municipality (id),
        open boolean not null default false,
        opens_on date not null,
        closes_on date not null,
        criteria jsonb not null default '[]',
        amount jsonb not null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        constraint application_form_period_chk check (closes_on >= opens_on)
      );`);
    this.addSql(`create index application_form_open_idx on application_form (municipality_id) where open;`);
    this.addSql(`create sequence application_number_seq;`);
    this.addSql(`
      create table application (
        id uuid primary key,
        number text not null unique,
        arrangement_id uuid not null references arrangement (id),
        municipality_id uuid not null references municipality (id),
        client_group_id uuid not null references client_group (id),
        person_id uuid not null references person (id),
        status text not null default 'DRAFT',
        answers jsonb not null default '{}',
        form jsonb not null,
        assessments jsonb not null default '{}',
        expected_amount_cents integer not null default 0,
        decided_amount_cents integer,
        decision_reason text,
        assessor_id uuid references admin_account (id),
        proposal jsonb,
        submitted_at timestamptz,
        decided_at timestamptz,
        decided_by uuid,
        assignment_id uuid references assignment (id),
        created_at timestamptz not null,
        updated_at timestamptz not null,
        constraint application_status_chk check (status in ('DRAFT', 'SUBMITTED', 'IN_ASSESSMENT',
          'WAITING_FOR_RESIDENT', 'APPROVED', 'PARTLY_APPROVED', 'DECLINED', 'WITHDRAWN')),
        constraint application_amount_chk check (decided_amount_cents is null or decided_amount_cents > 0)
      );`);
    // One open application (a draft included) per household and arrangement.
    this.addSql(`
      create unique index application_open_uq on application (arrangement_id, client_group_id)
        where status in ('DRAFT', 'SUBMITTED', 'IN_ASSESSMENT', 'WAITING_FOR_RESIDENT');`);
    // The work list: per municipality and status, oldest submission first.
    this.addSql(`create index application_work_idx on application (municipality_id, status, submitted_at, id);`);
    // … and all of it (no status filter): the queue in one index range, drafts left out.
    this.addSql(
      `create index application_queue_idx on application (municipality_id, submitted_at, id) where status <> 'DRAFT';`,
    );
    this.addSql(`create index application_group_idx on application (client_group_id, created_at desc);`);
    this.addSql(`create index application_assessor_idx on application (assessor_id) where assessor_id is not null;`);
    this.addSql(`
      create table application_event (
        id uuid primary key,
        application_id uuid not null references application (id) on delete cascade,
        at timestamptz not null,
        kind text not null,
        actor_kind text not null,
        actor_id uuid,
        text text,
        internal boolean not null default false
      );`);
    this.addSql(`create index application_event_idx on application_event (application_id, at, id);`);
    this.addSql(`
      create table application_proof (
        id uuid primary key,
        application_id uuid not null references application (id) on delete cascade,
        criterion_key text not null,
        file_key text,
        file_name text not null,
        content_type text not null,
        size_bytes integer not null,
        uploaded_at timestamptz not null,
        purged_at timestamptz
      );`);
    this.addSql(`create index application_proof_idx on application_proof (application_id, uploaded_at);`);
    // The permissions: the Beheerder (all) both, Klantcontact assesses (a second person with the deciding permission
    // confirms decisions above the settings' amount). On a fresh database the demo data seeds them.
    this.addSql(`
      update role set permissions = array_append(permissions, 'APPLICATION_ASSESS')
       where key in ('BEHEERDER', 'KLANTCONTACT') and not ('APPLICATION_ASSESS' = any(permissions));`);
    this.addSql(`
      update role set permissions = array_append(permissions, 'APPLICATION_DECIDE_HIGH')
       where key = 'BEHEERDER' and not ('APPLICATION_DECIDE_HIGH' = any(permissions));`);
  }

  override down(): void {
    this.addSql(`delete from communication_template where key = 'APPLICATION_UPDATE';`);
    this.addSql(`update role set permissions = array_remove(array_remove(permissions, 'APPLICATION_ASSESS'),
      'APPLICATION_DECIDE_HIGH');`);
    this.addSql(`drop table application_proof;`);
    this.addSql(`drop table application_event;`);
    this.addSql(`drop table application;`);
    this.addSql(`drop sequence application_number_seq;`);
    this.addSql(`drop table application_form;`);
  }
}
