import type { EntityManager } from '@mikro-orm/postgresql';
import { inOffer } from '../catalogue/index.js';

/** The sitemap's SQL: the products in the offer of any municipality, and the providers with an approved membership. */

export async function sitemapProducts(
  em: EntityManager,
): Promise<{ id: string; slug: string; title: string; updated_at: Date }[]> {
  const visible = inOffer(null);
  return em.execute(
    `select p.id, p.slug, p.title, p.updated_at from product p where ${visible.sql} order by p.title, p.id limit 40000`,
    visible.params,
  );
}

export async function sitemapProviders(em: EntityManager): Promise<{ id: string; slug: string; name: string }[]> {
  return em.execute(
    `select pr.id, pr.slug, pr.name from provider pr where exists (
       select 1 from provider_membership pm where pm.provider_id = pr.id and pm.status = 'APPROVED') order by pr.name`,
  );
}
