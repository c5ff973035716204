import type { EntityManager } from '@mikro-orm/postgresql';
import type { LinkPlacement } from './link.entity.js';

/**
 * The links' SQL (docs, "Persistence: entities and queries"): the lock that serialises changes to their order, the
 * next position of a placement, and a delete that returns what went. Plain functions, no rules: `link.service.ts`
 * decides.
 */

/** Serialises changes to the order of links: two editors moving links at once never get the same position. */
export async function lockLinkOrder(em: EntityManager): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(hashtext('gemeentewinkel:link-order'))`);
}

/** The position after the last link of the placement (0 when it has none). */
export async function nextSortOrder(em: EntityManager, placement: LinkPlacement): Promise<number> {
  const [{ next }] = (await em.execute<{ next: number }[]>(
    'select coalesce(max(sort_order) + 1, 0)::int as next from link where placement = ?',
    [placement],
  )) as [{ next: number }];
  return next;
}

/** Deletes the link; its label and address, or undefined when it did not exist. */
export async function deleteLink(em: EntityManager, id: string): Promise<{ label: string; url: string } | undefined> {
  const rows = await em.execute<{ label: string; url: string }[]>(
    'delete from link where id = ? returning label, url',
    [id],
  );
  return rows[0];
}
