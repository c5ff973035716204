import express, { type Router } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { escapeHtml } from './simple-page.js';
import { inOffer } from '../modules/catalogue/product-approval.js';

const PUBLIC_PAGES = [
  '/',
  '/aanbod',
  '/hoe-werkt-het',
  '/meldingen',
  '/nieuws',
  '/privacy',
  '/toegankelijkheid',
  '/voorwaarden',
  '/sitemap',
  '/voor-aanbieders/registreren',
];

/** /sitemap.xml for search engines: the public pages, the public products and their providers. */
export function sitemapRoute(orm: MikroORM, appUrl: string): Router {
  const router = express.Router();
  router.get('/sitemap.xml', async (_req, res) => {
    const em = orm.em.fork();
    // The shop window a visitor sees: products approved in at least one municipality.
    const visible = inOffer(null);
    const products = await em.execute<{ id: string; slug: string; updated_at: Date }[]>(
      `select p.id, p.slug, p.updated_at from product p where ${visible.sql} order by p.created_at desc limit 40000`,
      visible.params,
    );
    const providers = await em.execute<{ id: string; slug: string }[]>(
      `select pr.id, pr.slug from provider pr where exists (
         select 1 from provider_membership pm where pm.provider_id = pr.id and pm.status = 'APPROVED') order by pr.name`,
    );
    const base = appUrl.replace(/\/$/, '');
    const url = (path: string, lastmod?: Date) =>
      `<url><loc>${escapeHtml(base + path)}</loc>${lastmod ? `<lastmod>${new Date(lastmod).toISOString()}</lastmod>` : ''}</url>`;
    const body = [
      ...PUBLIC_PAGES.map((p) => url(p)),
      ...products.map((p) => url(`/aanbod/${encodeURIComponent(p.slug)}/${p.id}`, p.updated_at)),
      ...providers.map((p) => url(`/aanbod/aanbieders/${encodeURIComponent(p.slug)}/${p.id}`)),
    ].join('\n');
    res
      .type('application/xml')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`,
      );
  });
  return router;
}
