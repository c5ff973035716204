import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The catalogue cache's SQL (docs, "Persistence: entities and queries"): the catalogue's version, read on the
 * connection outside any unit of work. Plain functions, no rules.
 */

/** The current catalogue version (as text); undefined when the row is missing. */
export async function catalogueVersion(em: EntityManager): Promise<string | undefined> {
  const rows = await em
    .getConnection()
    .execute<{ version: string }[]>('select version::text as version from catalogue_version');
  return rows[0]?.version;
}
