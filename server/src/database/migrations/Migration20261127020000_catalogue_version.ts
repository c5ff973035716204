import { Migration } from '@mikro-orm/migrations';

/** Tables whose rows the anonymous public offer shows or depends on (modules/catalogue/catalogue-cache.ts). */
const TABLES = [
  'product',
  'product_approval',
  'product_image',
  'provider',
  'provider_membership',
  'category',
  'municipality',
];

/**
 * The catalogue's version (issue 15): one row, bumped once by every transaction that changes a catalogue table, so
 * every instance's response cache of the public offer knows, with one tiny read, whether what it holds is still
 * current (catalogue-cache.ts).
 *
 * The bump is a DEFERRED constraint trigger: it runs at commit, after the transaction's own row locks, and takes the
 * version row's lock last and only briefly — two transactions that change products never deadlock on it, and a
 * long transaction does not hold it. A transaction-local setting makes it one update per transaction, however many
 * rows change. An update that changes nothing (`old = new`) does not bump. TRUNCATE bumps too.
 */
export class Migration20261127020000_catalogue_version extends Migration {
  override up(): void {
    this.addSql(`
      create table catalogue_version (
        id boolean primary key default true check (id),
        version bigint not null default 0
      );
      insert into catalogue_version (id, version) values (true, 0);

      create function bump_catalogue_version() returns trigger language plpgsql as $$
      begin
        if current_setting('gemeentewinkel.catalogue_bumped', true) is distinct from txid_current()::text then
          update catalogue_version set version = version + 1 where id;
          perform set_config('gemeentewinkel.catalogue_bumped', txid_current()::text, true);
        end if;
        return null;
      end $$;
    `);
    for (const table of TABLES) {
      this.addSql(`
        create constraint trigger ${table}_catalogue_version_write after insert or delete on ${table}
          deferrable initially deferred for each row execute function bump_catalogue_version();
        create constraint trigger ${table}_catalogue_version_update after update on ${table}
          deferrable initially deferred for each row when (old.* is distinct from new.*)
          execute function bump_catalogue_version();
        create trigger ${table}_catalogue_version_truncate after truncate on ${table}
          for each statement execute function bump_catalogue_version();
      `);
    }
  }

  override down(): void {
    for (const table of TABLES) {
      this.addSql(`
        drop trigger if exists ${table}_catalogue_version_write on ${table};
        drop trigger if exists ${table}_catalogue_version_update on ${table};
        drop trigger if exists ${table}_catalogue_version_truncate on ${table};
      `);
    }
    this.addSql(`drop function if exists bump_catalogue_version(); drop table if exists catalogue_version;`);
  }
}
