import type { RequestContext } from '../../kernel/request-context.js';
import { sitemapProducts, sitemapProviders } from './sitemap.queries.js';
import type { NewsService } from './news.service.js';
import { newsPath } from './news.service.js';

export interface SitemapEntryValue {
  title: string;
  path: string;
  updatedAt: Date | null;
}

export interface SitemapValue {
  pages: SitemapEntryValue[];
  news: SitemapEntryValue[];
  products: SitemapEntryValue[];
  providers: SitemapEntryValue[];
}

/**
 * The fixed public pages. The content pages (/hoe-werkt-het, /privacy, /voorwaarden, /toegankelijkheid) are listed
 * here too, and replaced by their published version's title and date (`contentPages` below) once one is published.
 */
export const PUBLIC_PAGES: readonly { title: string; path: string }[] = [
  { title: 'Startpagina', path: '/' },
  { title: 'Aanbod', path: '/aanbod' },
  { title: 'Aanvragen', path: '/aanvragen' },
  { title: 'Hoe werkt het', path: '/hoe-werkt-het' },
  { title: 'Nieuws', path: '/nieuws' },
  { title: 'Meldingen', path: '/meldingen' },
  { title: 'Privacyverklaring', path: '/privacy' },
  { title: 'Voorwaarden', path: '/voorwaarden' },
  { title: 'Toegankelijkheidsverklaring', path: '/toegankelijkheid' },
  { title: 'Sitemap', path: '/sitemap' },
  { title: 'Aanmelden als aanbieder', path: '/voor-aanbieders/registreren' },
];

/**
 * What the sitemap lists (the /sitemap page through GraphQL, /sitemap.xml for search engines): the public pages, the
 * news articles a visitor sees, the products in the offer and their providers. One place, so both always agree.
 */
export class SitemapService {
  constructor(
    private readonly news: NewsService,
    /** The content pages' published pages (title, path, publication date): ContentPageService.publishedPages. */
    private readonly contentPages: (ctx: RequestContext) => Promise<SitemapEntryValue[]> = async () => [],
  ) {}

  private readonly pageSources: ((ctx: RequestContext) => Promise<SitemapEntryValue[]>)[] = [];

  /**
   * More public pages from a module made later (the arrangements open for online applications): listed after the
   * fixed pages, asked each time the sitemap is.
   */
  addPages(source: (ctx: RequestContext) => Promise<SitemapEntryValue[]>): void {
    this.pageSources.push(source);
  }

  async entries(ctx: RequestContext): Promise<SitemapValue> {
    const extraPages = await this.contentPages(ctx);
    const known = new Set(extraPages.map((p) => p.path));
    const pages = [
      ...PUBLIC_PAGES.filter((p) => !known.has(p.path)).map((p) => ({ ...p, updatedAt: null })),
      ...extraPages,
      ...(await Promise.all(this.pageSources.map((source) => source(ctx)))).flat(),
    ];
    const news = (await this.news.allVisible(ctx, 5000)).map((a) => ({
      title: a.title,
      path: newsPath(a),
      updatedAt: a.updatedAt,
    }));
    const products = await sitemapProducts(ctx.em);
    const providers = await sitemapProviders(ctx.em);
    return {
      pages,
      news,
      products: products.map((p) => ({
        title: p.title,
        path: `/aanbod/${encodeURIComponent(p.slug)}/${p.id}`,
        updatedAt: new Date(p.updated_at),
      })),
      providers: providers.map((p) => ({
        title: p.name,
        path: `/aanbod/aanbieders/${encodeURIComponent(p.slug)}/${p.id}`,
        updatedAt: null,
      })),
    };
  }
}
