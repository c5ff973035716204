import { Migration } from '@mikro-orm/migrations';

/**
 * The foundation: tenants, identities, sessions, the catalogue and the client registry.
 * Money is integer cents with CHECK constraints; every timestamp is timestamptz.
 */
export class Migration20261121000000_foundation extends Migration {
  override up(): void {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create extension if not exists unaccent;`);
    this.addSql(`create extension if not exists fuzzystrmatch;`);
    // unaccent() is only STABLE; an immutable wrapper lets it be used in generated columns and indexes.
    this.addSql(`
      create or replace function immutable_unaccent(text) returns text
        language sql immutable parallel safe strict
        as $$ select public.unaccent('public.unaccent'::regdictionary, $1) $$;`);

    this.addSql(`
      create table municipality (
        id uuid primary key default gen_random_uuid(),
        name text not null,
        slug text not null unique,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);

    this.addSql(`
      create table role (
        id uuid primary key default gen_random_uuid(),
        key text unique,
        name text not null unique,
        description text not null default '',
        permissions text[] not null default '{}',
        built_in boolean not null default false,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);

    this.addSql(`
      create table admin_account (
        id uuid primary key default gen_random_uuid(),
        email text not null,
        name text not null,
        password_hash text not null,
        role_id uuid not null references role(id),
        all_municipalities boolean not null default false,
        active boolean not null default true,
        last_login_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create unique index admin_account_email_unique on admin_account (lower(email));`);
    this.addSql(`
      create table admin_account_municipality (
        admin_account_id uuid not null references admin_account(id) on delete cascade,
        municipality_id uuid not null references municipality(id) on delete cascade,
        primary key (admin_account_id, municipality_id)
      );`);

    this.addSql(`
      create table provider (
        id uuid primary key default gen_random_uuid(),
        name text not null,
        slug text not null,
        kvk_number text not null check (kvk_number ~ '^[0-9]{8}$'),
        iban text not null,
        street text not null default '',
        postcode text not null default '',
        city text not null default '',
        email text not null,
        phone text not null default '',
        website text not null default '',
        description text not null default '',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);

    this.addSql(`create unique index provider_slug_unique on provider (slug);`);
    this.addSql(`create unique index provider_kvk_unique on provider (kvk_number);`);

    this.addSql(`
      create table provider_user (
        id uuid primary key default gen_random_uuid(),
        provider_id uuid not null references provider(id) on delete cascade,
        email text not null,
        name text not null,
        password_hash text not null,
        email_verified_at timestamptz,
        active boolean not null default true,
        last_login_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create unique index provider_user_email_unique on provider_user (lower(email));`);
    this.addSql(`create index provider_user_provider_idx on provider_user (provider_id);`);

    this.addSql(`
      create table provider_membership (
        id uuid primary key default gen_random_uuid(),
        provider_id uuid not null references provider(id) on delete cascade,
        municipality_id uuid not null references municipality(id),
        status text not null check (status in ('PENDING','APPROVED','REJECTED','WITHDRAWN')),
        reason text,
        decided_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (provider_id, municipality_id)
      );`);
    this.addSql(`create index provider_membership_status_idx on provider_membership (municipality_id, status);`);

    this.addSql(`
      create table category (
        id uuid primary key default gen_random_uuid(),
        name text not null,
        slug text not null unique,
        description text not null default '',
        sort_order integer not null default 0,
        featured boolean not null default false,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    // At most one featured category.
    this.addSql(`create unique index category_one_featured on category (featured) where featured;`);

    this.addSql(`
      create table product (
        id uuid primary key default gen_random_uuid(),
        provider_id uuid not null references provider(id) on delete cascade,
        category_id uuid not null references category(id),
        title text not null check (char_length(title) between 3 and 120),
        slug text not null,
        description text not null default '',
        price_cents integer not null check (price_cents between 1 and 1000000),
        status text not null check (status in ('DRAFT','SUBMITTED','APPROVED','REJECTED','ARCHIVED')),
        rejection_reason text,
        submitted_at timestamptz,
        reviewed_at timestamptz,
        search tsvector generated always as (
          setweight(to_tsvector('dutch', immutable_unaccent(title)), 'A') ||
          setweight(to_tsvector('dutch', immutable_unaccent(description)), 'B')
        ) stored,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create index product_search_idx on product using gin (search);`);
    this.addSql(
      `create index product_title_trgm_idx on product using gin (immutable_unaccent(lower(title)) gin_trgm_ops);`,
    );
    this.addSql(`create index product_provider_idx on product (provider_id, status);`);
    this.addSql(`create index product_public_idx on product (status, created_at desc, id desc);`);
    this.addSql(`create index product_category_idx on product (category_id);`);

    this.addSql(`
      create table client_group (
        id uuid primary key default gen_random_uuid(),
        municipality_id uuid not null references municipality(id),
        client_number text not null,
        name text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (municipality_id, client_number)
      );`);

    this.addSql(`
      create table person (
        id uuid primary key default gen_random_uuid(),
        client_group_id uuid not null references client_group(id),
        municipality_id uuid not null references municipality(id),
        -- The municipality's client number. Unique platform-wide: it is the key in /admin/persoon/{externalIdentifier}.
        external_identifier text not null unique,
        first_name text not null,
        last_name text not null,
        date_of_birth date,
        email text,
        phone text,
        bsn_encrypted text,
        bsn_hash text unique,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create index person_client_group_idx on person (client_group_id);`);

    this.addSql(`
      create table card (
        id uuid primary key default gen_random_uuid(),
        person_id uuid not null references person(id),
        number text not null unique check (number ~ '^[0-9]{10}$'),
        status text not null check (status in ('ACTIVE','BLOCKED','REPLACED')),
        issued_at timestamptz not null default now(),
        blocked_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create index card_person_idx on card (person_id);`);
    // A person has at most one usable card at a time; a replaced or blocked card stays for the record.
    this.addSql(`create unique index card_one_active_per_person on card (person_id) where status = 'ACTIVE';`);

    this.addSql(`
      create table arrangement (
        id uuid primary key default gen_random_uuid(),
        municipality_id uuid not null references municipality(id),
        name text not null,
        slug text not null,
        description text not null default '',
        valid_from date not null,
        valid_until date not null,
        default_amount_cents integer not null check (default_amount_cents > 0),
        own_contribution_allowed boolean not null default false,
        max_per_order_cents integer check (max_per_order_cents is null or max_per_order_cents > 0),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (municipality_id, slug),
        check (valid_until >= valid_from)
      );`);
    this.addSql(`
      create table arrangement_category (
        arrangement_id uuid not null references arrangement(id) on delete cascade,
        category_id uuid not null references category(id) on delete cascade,
        primary key (arrangement_id, category_id)
      );`);

    this.addSql(`
      create table link (
        id uuid primary key default gen_random_uuid(),
        label text not null,
        url text not null,
        placement text not null check (placement in ('FOOTER','USEFUL')),
        sort_order integer not null default 0,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);

    this.addSql(`
      create table session (
        id uuid primary key default gen_random_uuid(),
        token_hash text not null unique,
        kind text not null check (kind in ('CUSTOMER','PROVIDER','STAFF')),
        admin_account_id uuid references admin_account(id) on delete cascade,
        provider_user_id uuid references provider_user(id) on delete cascade,
        person_id uuid references person(id) on delete cascade,
        created_at timestamptz not null default now(),
        last_seen_at timestamptz not null default now(),
        expires_at timestamptz not null,
        check (
          (kind = 'STAFF' and admin_account_id is not null) or
          (kind = 'PROVIDER' and provider_user_id is not null) or
          (kind = 'CUSTOMER' and person_id is not null)
        )
      );`);
    this.addSql(`create index session_expires_idx on session (expires_at);`);

    this.addSql(`
      create table audit_log (
        id bigint generated always as identity primary key,
        at timestamptz not null default now(),
        actor_kind text not null,
        actor_id uuid,
        action text not null,
        subject_type text,
        subject_id text,
        details jsonb not null default '{}'
      );`);
    this.addSql(`create index audit_log_subject_idx on audit_log (subject_type, subject_id, at desc);`);
  }
}
