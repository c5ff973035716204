import { Migration } from '@mikro-orm/migrations';

/**
 * The offer's search through partial indexes of the products in an offer (issue 27, "The offer's uncached path"),
 * like the listing's and the filters' (Migration20261129040000_offer_municipalities): the full text, the title's
 * trigrams and the title's words of only the products in the offer of at least one municipality. A search's bitmap
 * then holds no product outside every offer, and the trigram arm (whose candidates PostgreSQL must recheck one by one,
 * computing the similarity of each title) has a quarter fewer candidates on the benchmark's catalogue. Only the
 * public offer searches these columns (catalogue.service.ts `offerQuery`, always with `offer_municipalities <> '{}'`),
 * so the indexes over every product go.
 */
export class Migration20261201500000_offer_search_indexes extends Migration {
  override up(): void {
    this.addSql(
      `create index product_offer_search_idx on product using gin (search) where offer_municipalities <> '{}';`,
    );
    this.addSql(`
      create index product_offer_title_trgm_idx on product using gin (immutable_unaccent(lower(title)) gin_trgm_ops)
        where offer_municipalities <> '{}';`);
    this.addSql(
      `create index product_offer_title_words_idx on product using gin (title_words) where offer_municipalities <> '{}';`,
    );
    this.addSql(`drop index if exists product_search_idx;`);
    this.addSql(`drop index if exists product_title_trgm_idx;`);
    this.addSql(`drop index if exists product_title_words_idx;`);
  }

  override down(): void {
    this.addSql(`create index if not exists product_search_idx on product using gin (search);`);
    this.addSql(
      `create index if not exists product_title_trgm_idx on product using gin (immutable_unaccent(lower(title)) gin_trgm_ops);`,
    );
    this.addSql(`create index if not exists product_title_words_idx on product using gin (title_words);`);
    this.addSql(`drop index if exists product_offer_search_idx;`);
    this.addSql(`drop index if exists product_offer_title_trgm_idx;`);
    this.addSql(`drop index if exists product_offer_title_words_idx;`);
  }
}
