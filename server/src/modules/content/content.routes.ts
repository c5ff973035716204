import { Permission } from '../../kernel/permissions.js';
import { defineRoute } from '../../http/route.js';
import { imageUploadRoute } from '../../integrations/storage/image-upload.js';
import { renderMarkdown } from '../../platform/markdown.js';
import { newsImagePath, newsPath } from './news.service.js';

/** The news feed's path (linked from the news pages' head with rel="alternate"). */
export const NEWS_FEED_PATH = '/api/nieuws.atom';

/**
 * XML text and attribute escaping, done by hand with care instead of a library: the five markup characters become
 * entities, and characters XML 1.0 does not allow at all (C0 controls other than tab/LF/CR, lone surrogates, U+FFFE/F)
 * are dropped, so whatever an editor typed, the document stays well-formed.
 */
export function escapeXml(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- these are the characters XML allows; the rest is dropped
      .replace(/[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, '')
      .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)
  );
}

/** What search engines may not crawl (`/robots.txt`): the areas behind a log-in, the operator console, log-in flows. */
export const ROBOTS_DISALLOWED = ['/admin', '/account', '/aanbieder', '/_lightbase', '/auth'] as const;

/**
 * Content over plain HTTP: the Atom feed of the news (`/api/nieuws.atom`), the XML sitemap for search engines
 * (`/sitemap.xml`) and its pointer `/robots.txt` — all public and the same for everybody, whoever's cookie comes along — and the upload of a news
 * article's image (`POST /api/news/:articleId/image`, multipart `file` and optional `alt`, for editors with
 * CONTENT_EDIT; the same CSRF checks and image pipeline as the product images).
 */
export const contentRoutes = [
  defineRoute({
    method: 'GET',
    path: NEWS_FEED_PATH,
    description: 'The news as an Atom feed.',
    access: 'public',
    scope: 'none',
    body: { kind: 'none' },
    refusals: 'text',
    async handler({ res, ctx, deps }) {
      const { services } = deps;
      const base = () => services.config.appUrl.replace(/\/$/, '');
      try {
        const { platformName } = await services.settings.get('general');
        const articles = await services.news.allVisible(ctx, 30);
        const root = base();
        const updated = articles.reduce(
          (latest, a) => Math.max(latest, a.updatedAt.getTime(), a.publishAt!.getTime()),
          0,
        );
        const entries = articles.map((a) => {
          const url = root + newsPath(a);
          const image = newsImagePath(a);
          return [
            '  <entry>',
            `    <id>urn:uuid:${a.id}</id>`,
            `    <title type="text">${escapeXml(a.title)}</title>`,
            `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
            `    <published>${a.publishAt!.toISOString()}</published>`,
            `    <updated>${new Date(Math.max(a.updatedAt.getTime(), a.publishAt!.getTime())).toISOString()}</updated>`,
            `    <summary type="text">${escapeXml(a.summary)}</summary>`,
            image ? `    <link rel="enclosure" type="image/webp" href="${escapeXml(root + image)}"/>` : null,
            `    <content type="html">${escapeXml(renderMarkdown(a.body))}</content>`,
            '  </entry>',
          ]
            .filter(Boolean)
            .join('\n');
        });
        const xml = [
          '<?xml version="1.0" encoding="utf-8"?>',
          '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="nl">',
          `  <id>${escapeXml(root + '/nieuws')}</id>`,
          `  <title type="text">${escapeXml(`Nieuws | ${platformName}`)}</title>`,
          `  <updated>${new Date(updated || ctx.clock.now().getTime()).toISOString()}</updated>`,
          `  <author><name>${escapeXml(platformName)}</name></author>`,
          `  <link rel="self" type="application/atom+xml" href="${escapeXml(root + NEWS_FEED_PATH)}"/>`,
          `  <link rel="alternate" type="text/html" href="${escapeXml(root + '/nieuws')}"/>`,
          ...entries,
          '</feed>',
          '',
        ].join('\n');
        res.set('Cache-Control', 'public, max-age=300').type('application/atom+xml; charset=utf-8').send(xml);
      } catch (error) {
        ctx.log.error({ err: error }, 'news feed failed');
        res.status(500).type('text/plain').send('De nieuwsfeed is tijdelijk niet beschikbaar.');
      }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/sitemap.xml',
    description: 'The XML sitemap of the public pages, news, products and providers.',
    access: 'public',
    scope: 'none',
    body: { kind: 'none' },
    refusals: 'text',
    async handler({ res, ctx, deps }) {
      const { services } = deps;
      const base = () => services.config.appUrl.replace(/\/$/, '');
      const { pages, news, products, providers } = await services.sitemap.entries(ctx);
      const root = base();
      const url = (path: string, lastmod: Date | null) =>
        `<url><loc>${escapeXml(root + path)}</loc>${lastmod ? `<lastmod>${new Date(lastmod).toISOString()}</lastmod>` : ''}</url>`;
      const body = [...pages, ...news, ...products, ...providers].map((e) => url(e.path, e.updatedAt)).join('\n');
      res
        .type('application/xml')
        .send(
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`,
        );
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/robots.txt',
    description: 'The rules for search engines: the sitemap by its absolute URL, the non-public areas disallowed.',
    access: 'public',
    scope: 'none',
    body: { kind: 'none' },
    refusals: 'text',
    handler({ res, deps }) {
      const root = deps.services.config.appUrl.replace(/\/$/, '');
      res
        .set('Cache-Control', 'public, max-age=3600')
        .type('text/plain; charset=utf-8')
        .send(
          [
            'User-agent: *',
            ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`),
            '',
            `Sitemap: ${root}/sitemap.xml`,
            '',
          ].join('\n'),
        );
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/news/:articleId/image',
    description: 'Sets a news article’s image (multipart `file`, optional `alt`).',
    access: [Permission.CONTENT_EDIT],
    partners: true,
    scope: 'service',
    ...imageUploadRoute(
      'image',
      'news image',
      (call, upload) =>
        call.deps.services.news.setImage(
          upload.ctx,
          String(call.req.params.articleId),
          upload.data,
          upload.truncated,
          upload.fields.alt,
        ),
      ({ article: a }) =>
        a?.imageKey ? { url: newsImagePath(a), width: a.imageWidth, height: a.imageHeight, alt: a.imageAlt } : null,
    ),
  }),
];
