import { Migration } from '@mikro-orm/migrations';

/**
 * The words of names, for the household search's typo tolerance (issue 15: person search at municipal scale).
 *
 * The search (client-group.service.ts) lets a name word of 4 letters or more have a typo: an edit distance of 1 (4–5
 * letters) or 2 (longer) to a word of a name. Its candidates used to come from trigram word similarity over every
 * person's and household's name (`<%`, threshold 0.4): for a common-looking name thousands of rows, each checked,
 * where a few hundred were meant (for "Vlietkamp" 4,206 persons, 150 households found). Now:
 * - `search_word` lists every distinct word (3 characters or more) of the persons' and households' names, as
 *   `search_words()` makes them (lower case, without accents); a few thousand rows even for a large municipality.
 *   The search takes the words near its word from there, by that same edit distance;
 * - GIN indexes on the names' words find the persons and households that have one of those words, exactly.
 *
 * Kept by triggers: a new person or household adds its name's words that are missing (no unique key, so two
 * transactions adding the same word never wait for each other; a word twice is harmless). A name that changes or
 * goes (an erasure makes it "Geanonimiseerd") removes the old words no other name still has, in the same
 * transaction: the list holds no name that is no longer in use. `search_word_rebuild()` makes the list again from the
 * names: after a load with the triggers off (bench:admin), and daily in the retention purge, which also brings back a
 * word that a change and an add at the same moment may have left out. Words only: nothing leads from a word to a person.
 */
export class Migration20261128011000_search_words extends Migration {
  override up(): void {
    // The words of a name as the search compares them: lower case, without accents, split at what is not a letter or
    // digit, 3 characters or more (schema-qualified: an index build runs with a bare search_path).
    this.addSql(`
      create function search_words(name text) returns text[] language sql immutable parallel safe as $$
        select coalesce(array_agg(distinct w order by w), '{}')
          from regexp_split_to_table(public.immutable_unaccent(lower(coalesce(name, ''))), '[^[:alnum:]]+') w
         where length(w) >= 3
      $$;`);
    // The names that have a given word: persons (first and last name together) and households.
    this.addSql(
      `create index person_name_words_idx on person using gin (search_words(first_name || ' ' || last_name));`,
    );
    this.addSql(`create index client_group_name_words_idx on client_group using gin (search_words(name));`);

    this.addSql(`create table search_word (word text not null);`);
    this.addSql(`create index search_word_length on search_word (length(word), word);`);

    // Both look rows up by index, whatever the size of the tables when their plans were made (kept per connection).
    this.addSql(`
      create function search_word_add(names text[]) returns void language sql set enable_seqscan = off as $$
        insert into search_word (word)
        select distinct w from unnest(names) n cross join unnest(search_words(n)) w
         where not exists (select 1 from search_word s where length(s.word) = length(w) and s.word = w)
      $$;`);
    // A word goes when no person's or household's name has it any more.
    this.addSql(`
      create function search_word_forget(words text[]) returns void language sql set enable_seqscan = off as $$
        delete from search_word s
         where s.word = any(words)
           and not exists (select 1 from person p where search_words(p.first_name || ' ' || p.last_name) @> array[s.word])
           and not exists (select 1 from client_group g where search_words(g.name) @> array[s.word])
      $$;`);
    this.addSql(`
      create function search_word_rebuild() returns void language sql as $$
        delete from search_word;
        insert into search_word (word)
        select distinct w
          from (select first_name || ' ' || last_name as name from person union all select name from client_group) x
          cross join unnest(search_words(x.name)) w;
      $$;`);

    // Persons: new ones in one go per statement (an import inserts thousands); a changed or removed name per row.
    this.addSql(`
      create function person_search_words_added() returns trigger language plpgsql as $$
      begin
        perform search_word_add(array(select first_name || ' ' || last_name from search_new_persons));
        return null;
      end $$;`);
    this.addSql(`
      create trigger person_search_words_added after insert on person referencing new table as search_new_persons
        for each statement execute function person_search_words_added();`);
    this.addSql(`
      create function person_search_words_changed() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' then
          perform search_word_add(array[new.first_name || ' ' || new.last_name]);
          perform search_word_forget(array(select unnest(search_words(old.first_name || ' ' || old.last_name))
                                           except select unnest(search_words(new.first_name || ' ' || new.last_name))));
        else
          perform search_word_forget(search_words(old.first_name || ' ' || old.last_name));
        end if;
        return null;
      end $$;`);
    this.addSql(`
      create trigger person_search_words_changed after update of first_name, last_name on person for each row
        when (old.first_name is distinct from new.first_name or old.last_name is distinct from new.last_name)
        execute function person_search_words_changed();`);
    this.addSql(`
      create trigger person_search_words_removed after delete on person for each row
        execute function person_search_words_changed();`);

    // Households: the same for their name.
    this.addSql(`
      create function client_group_search_words_added() returns trigger language plpgsql as $$
      begin
        perform search_word_add(array(select name from search_new_groups));
        return null;
      end $$;`);
    this.addSql(`
      create trigger client_group_search_words_added after insert on client_group
        referencing new table as search_new_groups
        for each statement execute function client_group_search_words_added();`);
    this.addSql(`
      create function client_group_search_words_changed() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' then
          perform search_word_add(array[new.name]);
          perform search_word_forget(array(select unnest(search_words(old.name))
                                           except select unnest(search_words(new.name))));
        else
          perform search_word_forget(search_words(old.name));
        end if;
        return null;
      end $$;`);
    this.addSql(`
      create trigger client_group_search_words_changed after update of name on client_group for each row
        when (old.name is distinct from new.name)
        execute function client_group_search_words_changed();`);
    this.addSql(`
      create trigger client_group_search_words_removed after delete on client_group for each row
        execute function client_group_search_words_changed();`);

    this.addSql(`select search_word_rebuild();`);
  }

  override down(): void {
    this.addSql(`drop trigger if exists client_group_search_words_removed on client_group;`);
    this.addSql(`drop trigger if exists client_group_search_words_changed on client_group;`);
    this.addSql(`drop trigger if exists client_group_search_words_added on client_group;`);
    this.addSql(`drop trigger if exists person_search_words_removed on person;`);
    this.addSql(`drop trigger if exists person_search_words_changed on person;`);
    this.addSql(`drop trigger if exists person_search_words_added on person;`);
    this.addSql(`drop function if exists client_group_search_words_changed();`);
    this.addSql(`drop function if exists client_group_search_words_added();`);
    this.addSql(`drop function if exists person_search_words_changed();`);
    this.addSql(`drop function if exists person_search_words_added();`);
    this.addSql(`drop function if exists search_word_rebuild();`);
    this.addSql(`drop function if exists search_word_forget(text[]);`);
    this.addSql(`drop function if exists search_word_add(text[]);`);
    this.addSql(`drop table if exists search_word;`);
    this.addSql(`drop index if exists client_group_name_words_idx;`);
    this.addSql(`drop index if exists person_name_words_idx;`);
    this.addSql(`drop function if exists search_words(text);`);
  }
}
