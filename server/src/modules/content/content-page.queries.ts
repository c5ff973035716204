import type { EntityManager } from '@mikro-orm/postgresql';
import type { ContentPageKind } from './content-page.entity.js';

/**
 * The content pages' SQL (docs, "Persistence: entities and queries"): the published pages for the sitemap, and the
 * next version numbers, each reserved under an advisory lock (two editors never get the same number). Plain
 * functions, no rules: `content-page.service.ts` decides.
 */

/** The latest published version of each of these platform-wide pages. */
export function publishedPages(
  em: EntityManager,
  pages: readonly string[],
): Promise<{ page: ContentPageKind; title: string; published_at: Date }[]> {
  return em.execute<{ page: ContentPageKind; title: string; published_at: Date }[]>(
    `select distinct on (page) page, title, published_at from content_page_version
      where municipality_id is null and published_at is not null and page in (?, ?, ?, ?)
      order by page, version desc`,
    [...pages],
  );
}

/** The next version of the terms of a municipality (null: platform-wide), under the terms' lock. */
export async function nextTermsVersion(em: EntityManager, municipalityId: string | null): Promise<number> {
  await em.execute(`select pg_advisory_xact_lock(hashtext('terms_version'))`);
  const [row] = await em.execute<{ n: number }[]>(
    `select coalesce(max(version), 0)::int as n from terms_version where municipality_id is not distinct from ?`,
    [municipalityId],
  );
  return (row?.n ?? 0) + 1;
}

/** The next version of a page of a municipality (null: platform-wide), under the page's lock. */
export async function nextPageVersion(
  em: EntityManager,
  page: ContentPageKind,
  municipalityId: string | null,
): Promise<number> {
  await em.execute(`select pg_advisory_xact_lock(hashtext(?))`, [`content_page:${page}:${municipalityId ?? ''}`]);
  const [row] = await em.execute<{ n: number }[]>(
    `select coalesce(max(version), 0)::int as n from content_page_version
      where page = ? and municipality_id is not distinct from ?`,
    [page, municipalityId],
  );
  return (row?.n ?? 0) + 1;
}
