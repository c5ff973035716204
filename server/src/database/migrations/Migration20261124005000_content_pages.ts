import { Migration } from '@mikro-orm/migrations';

/**
 * Content pages (issue 10): one page type keyed by `page` (how-it-works, privacy, accessibility, terms-residents,
 * terms-providers), platform-wide (municipality null) or, for the providers' terms, a municipality's own. Every save
 * is a new version (a draft: `published_at` null); publishing stamps the newest draft; the published page is the
 * newest version with `published_at`. Restoring copies an old version into a new draft (`restored_from`). Publishing
 * providers' terms also makes a `terms_version` (the version providers accept), linked from the content version.
 * The accessibility statement's structured fields (status, review, known problems, contact) are `accessibility`.
 */
export class Migration20261124005000_content_pages extends Migration {
  override up(): void {
    this.addSql(`
      create table content_page_version (
        id uuid primary key default gen_random_uuid(),
        page text not null check (page in ('how-it-works', 'privacy', 'accessibility', 'terms-residents', 'terms-providers')),
        municipality_id uuid references municipality (id) on delete cascade,
        version int not null check (version > 0),
        title text not null check (char_length(title) between 2 and 120),
        body text not null check (char_length(body) <= 50000),
        accessibility jsonb check (accessibility is null or jsonb_typeof(accessibility) = 'object'),
        published_at timestamptz,
        published_by_account_id uuid references admin_account (id) on delete set null,
        terms_version_id uuid references terms_version (id) on delete set null,
        restored_from int,
        author_account_id uuid references admin_account (id) on delete set null,
        author_name text not null default '',
        created_at timestamptz not null default now(),
        check (municipality_id is null or page = 'terms-providers')
      )
    `);
    this.addSql(`
      create unique index content_page_version_unique
        on content_page_version (page, coalesce(municipality_id, '00000000-0000-0000-0000-000000000000'::uuid), version)
    `);
  }

  override down(): void {
    this.addSql(`drop table content_page_version`);
  }
}
