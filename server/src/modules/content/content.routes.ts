import express, { type Router } from 'express';
import type { Services } from '../../services.js';
import type { Contexts } from '../../contexts.js';
import { Audience } from '../../graphql/auth/permissions.js';
import type { RequestContext } from '../../lib/request-context.js';
import { IMAGE_MESSAGES } from '../catalogue/product-image.service.js';
import { imageTooLargeMessage } from '../../rules/image.js';
import { UPLOAD_HEADER } from '../catalogue/product-image.routes.js';
import { reserveUpload } from '../../integrations/storage/image-upload.js';
import { MalformedUpload, readMultipartBuffer } from '../../http/streams.js';
import { renderMarkdown } from '../catalogue/markdown.js';
import { canEditNews, newsImagePath, newsPath } from './news.service.js';

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

/** Anonymous: the feed and the sitemap are the same for everybody, whoever's cookie comes along. */
const asVisitor = (ctx: RequestContext): RequestContext => ({ ...ctx, viewer: { kind: Audience.ANONYMOUS } });

/**
 * Content over plain HTTP: the Atom feed of the news (`/api/nieuws.atom`), the XML sitemap for search engines
 * (`/sitemap.xml`) and the upload of a news article's image (`POST /api/news/:articleId/image`, multipart `file` and
 * optional `alt`, for editors with CONTENT_EDIT; the same CSRF checks and image pipeline as the product images).
 */
export function contentRoutes(deps: { services: Services; contexts: Contexts }): Router {
  const { services, contexts } = deps;
  const router = express.Router();
  const base = () => services.config.appUrl.replace(/\/$/, '');

  router.get(NEWS_FEED_PATH, async (req, res) => {
    const ctx = asVisitor(await contexts.forRequest(req));
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
  });

  router.get('/sitemap.xml', async (req, res) => {
    const ctx = asVisitor(await contexts.forRequest(req));
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
  });

  router.post('/api/news/:articleId/image', async (req, res) => {
    const refuse = (status: number, code: string, message: string, field: string | null = null) => {
      if (!req.readableEnded) res.setHeader('Connection', 'close');
      res.status(status).json({ image: null, errors: [{ field, code, message }] });
    };
    if (req.get(UPLOAD_HEADER) !== '1')
      return refuse(400, 'BAD_REQUEST', 'Dit verzoek is geweigerd (beveiliging tegen vervalste verzoeken).');
    const origin = req.get('origin');
    if (
      origin &&
      origin !== `${req.protocol}://${req.get('host')}` &&
      origin !== new URL(services.config.appUrl).origin
    )
      return refuse(403, 'FORBIDDEN', 'Dit verzoek is geweigerd (beveiliging tegen vervalste verzoeken).');
    const ctx = await contexts.forRequest(req);
    if (ctx.viewer.kind === Audience.ANONYMOUS)
      return refuse(401, 'UNAUTHENTICATED', 'U moet ingelogd zijn om dit te doen.');
    if (!canEditNews(ctx)) return refuse(403, 'FORBIDDEN', 'U heeft geen toegang tot deze gegevens.');
    // Uploads per account and address, reserved before the file is read (limitPolicy().upload).
    const limited = await reserveUpload(services, req, res, ctx.viewer);
    if (limited) return refuse(limited.status, limited.code, limited.message);
    if (!req.is('multipart/form-data')) return refuse(415, 'BAD_REQUEST', IMAGE_MESSAGES.missing, 'file');
    // The limit is a setting (instellingen/geavanceerd), read for every request.
    const { uploadMaxMegabytes } = await services.settings.get('advanced');
    const maxBytes = uploadMaxMegabytes * 1024 * 1024;
    const tooLarge = imageTooLargeMessage(uploadMaxMegabytes);
    if (Number(req.get('content-length') ?? 0) > maxBytes + 64 * 1024)
      return refuse(413, 'TOO_LARGE', tooLarge, 'file');
    let parsed: { data: Buffer | null; truncated: boolean; alt: string | undefined };
    try {
      const form = await readMultipartBuffer(req, { maxFileBytes: maxBytes });
      parsed = { data: form.file, truncated: form.truncated, alt: form.fields.alt };
    } catch (error) {
      if (error instanceof MalformedUpload) return refuse(400, error.code, error.message, 'file');
      throw error;
    }
    if (parsed.truncated) return refuse(413, 'TOO_LARGE', tooLarge, 'file');
    try {
      const result = await services.news.setImage(
        ctx,
        String(req.params.articleId),
        parsed.data,
        parsed.truncated,
        parsed.alt,
      );
      const a = result.article;
      res.status(result.status).json({
        image: a?.imageKey
          ? { url: newsImagePath(a), width: a.imageWidth, height: a.imageHeight, alt: a.imageAlt }
          : null,
        errors: result.errors.map(({ field, code, message }) => ({ field, code, message })),
      });
    } catch (error) {
      ctx.log.error({ err: error }, 'news image upload failed');
      res.status(500).json({
        image: null,
        errors: [
          {
            field: null,
            code: 'INTERNAL',
            message: 'Er is een onverwachte fout opgetreden. Probeer het later opnieuw.',
          },
        ],
      });
    }
  });

  return router;
}
