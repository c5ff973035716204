import { Migration } from '@mikro-orm/migrations';

/**
 * The operator console (issue 13): the vendor's support staff, a kind of account of their own (not staff).
 *
 * - `operator`: an e-mail address (unique, case-insensitive); created by `npm run operator -- invite <e-mail>`.
 * - `operator_login_token`: magic links, only the SHA-256 hash of the token. A LOGIN link is bound to the browser that
 *   asked for it (`browser_hash`: the HMAC of a random cookie set with the request), works once and for 10 minutes;
 *   an INVITE link (no browser asked for it) works once and longer.
 * - `operator_session`: an operator's log-in (only the HMAC of the cookie's token), short-lived; `act_*` while the
 *   operator acts in a municipality's admin area, with the stated reason, until `act_until`.
 */
export class Migration20261126050000_operators extends Migration {
  override up(): void {
    this.addSql(`
      create table operator (
        id uuid primary key default gen_random_uuid(),
        email text not null check (email like '%@%'),
        name text,
        active boolean not null default true,
        last_login_at timestamptz,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create unique index operator_email_unique on operator (lower(email));`);
    this.addSql(`
      create table operator_login_token (
        id uuid primary key default gen_random_uuid(),
        operator_id uuid not null references operator(id) on delete cascade,
        token_hash text not null unique,
        purpose text not null check (purpose in ('LOGIN','INVITE')),
        browser_hash text,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz,
        check (purpose = 'INVITE' or browser_hash is not null)
      );`);
    this.addSql(`create index operator_login_token_operator_idx on operator_login_token (operator_id);`);
    this.addSql(`
      create table operator_session (
        id uuid primary key default gen_random_uuid(),
        operator_id uuid not null references operator(id) on delete cascade,
        token_hash text not null unique,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        act_municipality_id uuid references municipality(id) on delete set null,
        act_reason text,
        act_started_at timestamptz,
        act_until timestamptz
      );`);
    this.addSql(`create index operator_session_operator_idx on operator_session (operator_id);`);
  }

  override down(): void {
    this.addSql(`drop table if exists operator_session;`);
    this.addSql(`drop table if exists operator_login_token;`);
    this.addSql(`drop table if exists operator;`);
  }
}
