import { Migration } from '@mikro-orm/migrations';

/**
 * Partner webhooks (issue 29): an API client's endpoints (URL, event types, status, the signing secret sealed with
 * the settings key, and during a rotation the previous one with the moment it stops signing), the outbox of events
 * (written in the transaction of the change that causes them; `seq` orders them), one delivery per event and endpoint
 * (pending until delivered or given up) and every attempt of a delivery (the delivery log). Deliveries, attempts and
 * events go after the retention period (settings: webhooks) with the daily retention purge.
 */
const sql = (s: string) => `'${s.replace(/'/g, "''")}'`;

const DISABLED_MAIL = {
  key: 'WEBHOOK_ENDPOINT_DISABLED',
  name: 'Webhook uitgeschakeld na mislukte afleveringen',
  subject: 'Webhook van {{ clientName }} uitgeschakeld',
  body: `Beste {{ name }},

De webhook van de API-koppeling {{ clientName }} naar {{ endpointUrl }} is uitgeschakeld: {{ failures }} afleveringen op rij zijn mislukt.

Berichten die sindsdien zijn ontstaan worden bewaard. Controleer het adres en zet de webhook weer aan via {{ link }}; de gemiste berichten worden dan alsnog verstuurd.

Met vriendelijke groet,
De Gemeentewinkel`,
  informalSubject: 'Webhook van {{ clientName }} uitgeschakeld',
  informalBody: `Hoi {{ name }},

De webhook van de API-koppeling {{ clientName }} naar {{ endpointUrl }} staat uit: {{ failures }} afleveringen op rij zijn mislukt.

Berichten die sindsdien zijn ontstaan bewaren we. Controleer het adres en zet de webhook weer aan via {{ link }}; de gemiste berichten gaan dan alsnog de deur uit.

Groeten,
De Gemeentewinkel`,
};

export class Migration20261130200000_webhooks extends Migration {
  override up(): void {
    this.addSql(
      `insert into communication_template (key, name, subject, body, informal_subject, informal_body)
       values (${sql(DISABLED_MAIL.key)}, ${sql(DISABLED_MAIL.name)}, ${sql(DISABLED_MAIL.subject)}, ${sql(DISABLED_MAIL.body)},
               ${sql(DISABLED_MAIL.informalSubject)}, ${sql(DISABLED_MAIL.informalBody)})
       on conflict (key) do nothing;`,
    );
    this.addSql(`
      create table webhook_endpoint (
        id uuid primary key,
        api_client_id uuid not null references api_client(id) on delete cascade,
        url text not null,
        description text not null default '',
        event_types text[] not null,
        status text not null default 'ACTIVE' check (status in ('ACTIVE', 'PAUSED', 'DISABLED')),
        secret_sealed text not null,
        secret_last_four text not null,
        previous_secret_sealed text,
        previous_secret_until timestamptz,
        consecutive_failures integer not null default 0,
        disabled_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );`);
    this.addSql(`create index webhook_endpoint_client_idx on webhook_endpoint (api_client_id);`);
    this.addSql(`
      create table webhook_event (
        id uuid primary key,
        seq bigint generated always as identity unique,
        municipality_id uuid not null references municipality(id) on delete cascade,
        type text not null,
        subject text not null,
        payload jsonb not null,
        occurred_at timestamptz not null,
        only_endpoint_id uuid references webhook_endpoint(id) on delete cascade
      );`);
    this.addSql(`create index webhook_event_municipality_idx on webhook_event (municipality_id, occurred_at, seq);`);
    this.addSql(`create index webhook_event_occurred_idx on webhook_event (occurred_at);`);
    this.addSql(`
      create table webhook_delivery (
        id uuid primary key,
        endpoint_id uuid not null references webhook_endpoint(id) on delete cascade,
        event_id uuid not null references webhook_event(id) on delete cascade,
        event_seq bigint not null,
        status text not null default 'PENDING' check (status in ('PENDING', 'DELIVERED', 'FAILED')),
        attempts integer not null default 0,
        next_attempt_at timestamptz not null,
        created_at timestamptz not null,
        finished_at timestamptz
      );`);
    this.addSql(`create index webhook_delivery_pending_idx on webhook_delivery (endpoint_id, event_seq, created_at)
      where status = 'PENDING';`);
    this.addSql(`create index webhook_delivery_event_idx on webhook_delivery (event_id);`);
    this.addSql(`create index webhook_delivery_created_idx on webhook_delivery (created_at);`);
    this.addSql(`
      create table webhook_attempt (
        id uuid primary key,
        delivery_id uuid not null references webhook_delivery(id) on delete cascade,
        endpoint_id uuid not null references webhook_endpoint(id) on delete cascade,
        attempted_at timestamptz not null,
        status_code integer,
        duration_ms integer not null,
        response_start text not null default '',
        error text,
        succeeded boolean not null
      );`);
    this.addSql(`create index webhook_attempt_log_idx on webhook_attempt (endpoint_id, attempted_at desc, id desc);`);
    this.addSql(`create index webhook_attempt_delivery_idx on webhook_attempt (delivery_id);`);
  }

  override down(): void {
    this.addSql(`drop table if exists webhook_attempt, webhook_delivery, webhook_event, webhook_endpoint;`);
    this.addSql(`delete from communication_template where key = 'WEBHOOK_ENDPOINT_DISABLED';`);
  }
}
