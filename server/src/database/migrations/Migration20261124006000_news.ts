import { Migration } from '@mikro-orm/migrations';

/**
 * News articles (issue 10): title, slug (unique: the canonical one; the URL's id finds the article, an outdated slug
 * redirects), summary, Markdown body (rendered with the product sanitiser on read), an optional image (re-encoded
 * through the image pipeline, stored in FileStorage under a key the server makes), the publish moment (in the future:
 * scheduled), a municipality scope (null: the whole platform) and draft / published / archived.
 */
export class Migration20261124006000_news extends Migration {
  override up(): void {
    this.addSql(`
      create table news_article (
        id uuid primary key default gen_random_uuid(),
        title text not null check (char_length(title) between 3 and 120),
        slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 100),
        summary text not null check (char_length(summary) between 1 and 300),
        body text not null check (char_length(body) between 1 and 20000),
        image_key text,
        image_width int check (image_width > 0),
        image_height int check (image_height > 0),
        image_alt text not null default '' check (char_length(image_alt) <= 200),
        status text not null default 'DRAFT' check (status in ('DRAFT', 'PUBLISHED', 'ARCHIVED')),
        publish_at timestamptz,
        municipality_id uuid references municipality (id) on delete cascade,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        check (status = 'DRAFT' or publish_at is not null)
      )
    `);
    this.addSql(
      `create index news_article_public_idx on news_article (publish_at desc, id desc) where status = 'PUBLISHED'`,
    );
  }

  override down(): void {
    this.addSql(`drop table news_article`);
  }
}
