import { Migration } from '@mikro-orm/migrations';

/**
 * Providers present themselves (issue 9): a logo (re-encoded through the image pipeline, stored in FileStorage; the
 * key is made by the server, never taken from input) and one or more locations, each with an address and structured
 * opening hours per weekday (a JSON array of seven `{ weekday, opens, closes }`, null times meaning closed).
 */
export class Migration20261124003000_provider_profile extends Migration {
  override up(): void {
    this.addSql(`
      alter table provider
        add column logo_key text,
        add column logo_width int check (logo_width > 0),
        add column logo_height int check (logo_height > 0)
    `);
    this.addSql(`
      create table provider_location (
        id uuid primary key default gen_random_uuid(),
        provider_id uuid not null references provider (id) on delete cascade,
        name text not null default '' check (char_length(name) <= 80),
        street text not null check (char_length(street) between 2 and 120),
        house_number text not null check (char_length(house_number) between 1 and 12),
        postcode text not null check (postcode ~ '^[1-9][0-9]{3} [A-Z]{2}$'),
        city text not null check (char_length(city) between 2 and 100),
        opening_hours jsonb not null default '[]'::jsonb check (jsonb_typeof(opening_hours) = 'array'),
        sort_order int not null default 0,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )
    `);
    this.addSql(`create index provider_location_provider_idx on provider_location (provider_id, sort_order)`);
  }

  override down(): void {
    this.addSql(`drop table provider_location`);
    this.addSql(`alter table provider drop column logo_key, drop column logo_width, drop column logo_height`);
  }
}
