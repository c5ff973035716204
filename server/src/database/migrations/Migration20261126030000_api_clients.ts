import { Migration } from '@mikro-orm/migrations';

/**
 * Partner API clients (beheer/api): the client (scope, permissions, allow-list, expiry, rate limit), its keys (only a
 * SHA-256 hash and a short prefix are stored; a rotated key keeps working until `valid_until`) and the public keys
 * personal data is encrypted to for it (beheer/api/encryptie).
 */
export class Migration20261126030000_api_clients extends Migration {
  override up(): void {
    this.addSql(`
      create table api_client (
        id uuid primary key,
        municipality_id uuid not null references municipality(id) on delete cascade,
        name text not null check (length(name) between 1 and 100),
        permissions text[] not null,
        ip_allow_list text[] not null default '{}',
        expires_on date not null,
        rate_limit_per_minute integer not null check (rate_limit_per_minute between 1 and 100000),
        created_at timestamptz not null,
        created_by_id uuid references admin_account(id) on delete set null,
        revoked_at timestamptz,
        last_used_at timestamptz
      );`);
    this.addSql(`create index api_client_municipality_idx on api_client (municipality_id);`);
    this.addSql(`
      create table api_client_key (
        id uuid primary key,
        api_client_id uuid not null references api_client(id) on delete cascade,
        prefix text not null,
        key_hash text not null unique,
        created_at timestamptz not null,
        valid_until timestamptz
      );`);
    this.addSql(`create index api_client_key_client_idx on api_client_key (api_client_id);`);
    this.addSql(`
      create table api_client_encryption_key (
        id uuid primary key,
        api_client_id uuid not null references api_client(id) on delete cascade,
        kid text not null,
        algorithm text not null check (algorithm in ('RSA-OAEP-256','ECDH-ES')),
        key_type text not null,
        public_jwk jsonb not null,
        created_at timestamptz not null,
        valid_until timestamptz,
        unique (api_client_id, kid)
      );`);
    this.addSql(`create index api_client_encryption_key_client_idx on api_client_encryption_key (api_client_id);`);
  }

  override down(): void {
    this.addSql(`drop table api_client_encryption_key;`);
    this.addSql(`drop table api_client_key;`);
    this.addSql(`drop table api_client;`);
  }
}
