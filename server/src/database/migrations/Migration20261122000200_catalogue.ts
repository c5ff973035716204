import { Migration } from '@mikro-orm/migrations';

/**
 * The catalogue: product availability and redemption method, product images, the review rules the state machine
 * relies on, category constraints, and indexes for every sort order of the public offer (keyset pagination).
 */
export class Migration20261122000200_catalogue extends Migration {
  override up(): void {
    this.addSql(`
      alter table product
        add column availability text not null default 'AVAILABLE'
          check (availability in ('AVAILABLE','TEMPORARILY_UNAVAILABLE')),
        add column redemption_method text not null default 'PICKUP'
          check (redemption_method in ('PICKUP','DELIVERY','VOUCHER_CODE'));`);
    // Markdown source; rendered to safe HTML on read. 10,000 characters is plenty for a product page.
    this.addSql(
      `alter table product add constraint product_description_length check (char_length(description) <= 10000);`,
    );
    // A rejected product always carries the reason the provider sees.
    this.addSql(`
      alter table product add constraint product_rejection_has_reason
        check (status <> 'REJECTED' or (rejection_reason is not null and char_length(btrim(rejection_reason)) > 0));`);
    this.addSql(
      `alter table product add constraint product_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 140);`,
    );

    // Keyset indexes of the public offer, one per sort order ("newest" is product_public_idx of the foundation).
    this.addSql(`create index product_public_price_idx on product (status, price_cents, id);`);
    // The review queue: submitted products, oldest first.
    this.addSql(`create index product_review_queue_idx on product (status, submitted_at, id);`);

    // Search: the typo-tolerant part of the search compares query words with the words of product titles. Instead of
    // splitting every title on every search (a full scan), the title's words are a generated, GIN-indexed column, and
    // every title word ever used is kept in a small vocabulary table (filled by a trigger). A search first finds the
    // vocabulary words near the query words, then the products containing them through the index.
    this.addSql(`
      alter table product add column title_words text[]
        generated always as (regexp_split_to_array(immutable_unaccent(lower(title)), '[^a-z0-9]+')) stored;`);
    this.addSql(`create index product_title_words_idx on product using gin (title_words);`);
    // Words of at least 4 characters with a letter in them (typo tolerance for numbers makes no sense).
    this.addSql(
      `create table product_search_word (word text primary key check (char_length(word) >= 4 and word ~ '[a-z]'));`,
    );
    this.addSql(`
      create function product_search_words_collect() returns trigger language plpgsql as $$
      begin
        insert into product_search_word (word)
          select distinct w from unnest(new.title_words) w where char_length(w) >= 4 and w ~ '[a-z]'
          on conflict do nothing;
        return null;
      end $$;`);
    this.addSql(`
      create trigger product_search_words after insert or update of title on product
        for each row execute function product_search_words_collect();`);
    this.addSql(`
      insert into product_search_word (word)
        select distinct w from product, unnest(title_words) w where char_length(w) >= 4 and w ~ '[a-z]' on conflict do nothing;`);

    this.addSql(`
      create table product_image (
        id uuid primary key default gen_random_uuid(),
        product_id uuid not null references product(id) on delete cascade,
        -- Storage keys of the re-encoded image and its thumbnail (FileStorage), never a path given by a user.
        storage_key text not null unique check (storage_key ~ '^[a-z0-9-]+/[a-z0-9-]+\\.(webp|jpg|png)$'),
        thumbnail_key text not null unique check (thumbnail_key ~ '^[a-z0-9-]+/[a-z0-9-]+\\.(webp|jpg|png)$'),
        content_type text not null check (content_type in ('image/webp','image/jpeg','image/png')),
        original_content_type text not null check (original_content_type in ('image/webp','image/jpeg','image/png')),
        byte_size integer not null check (byte_size between 1 and 5242880),
        width integer not null check (width > 0),
        height integer not null check (height > 0),
        alt text not null default '' check (char_length(alt) <= 200),
        sort_order integer not null default 0 check (sort_order >= 0),
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index product_image_product_idx on product_image (product_id, sort_order, created_at);`);

    this.addSql(`
      alter table category
        add constraint category_name_length check (char_length(btrim(name)) between 2 and 80),
        add constraint category_description_length check (char_length(description) <= 1000),
        add constraint category_sort_order_range check (sort_order between 0 and 100000),
        add constraint category_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$');`);
    this.addSql(`create unique index category_name_unique on category (lower(btrim(name)));`);
  }
}
