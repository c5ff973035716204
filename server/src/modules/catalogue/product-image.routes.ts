import express, { type Router } from 'express';
import type { Services } from '../../services.js';
import type { Contexts } from '../../contexts.js';
import { Audience } from '../../graphql/auth/permissions.js';
import { TERMS_NOT_ACCEPTED_MESSAGE } from '../../graphql/errors.js';
import { IMAGE_MESSAGES } from './product-image.service.js';
import { imageTooLargeMessage } from '../../rules/image.js';
import { hostileTextMessage, isHostileText } from '../../lib/hostile-text.js';
import { MAINTENANCE_MESSAGE, maintenanceRetryAfter } from '../../http/maintenance.js';

import { UPLOAD_HEADER, reserveUpload } from '../../integrations/storage/image-upload.js';
import { MalformedUpload, readMultipartBuffer } from '../../http/streams.js';

export { UPLOAD_HEADER };

/**
 * Uploads (multipart): product images and the provider's logo, through the same checks and image pipeline.
 *
 * `POST /api/products/:productId/images` (multipart/form-data: `file`, optional `alt`): adds an image to the logged-in
 * provider's own product. CSRF-safe: the session cookie is SameSite, the request must carry the custom header above,
 * and a cross-origin Origin is refused. Answers JSON `{ image, errors }` with Dutch messages.
 */
export function productImageRoutes(deps: { services: Services; contexts: Contexts }): Router {
  const { services, contexts } = deps;
  const router = express.Router();

  /**
   * The checks every upload passes first (CSRF header and origin, a logged-in provider, multipart, declared size), then
   * the form read with limits. Answers the parsed form, or null when it has already refused.
   */
  async function readUpload(req: express.Request, res: express.Response, empty: object) {
    const refuse = (status: number, code: string, message: string, field: string | null = null) => {
      if (!req.readableEnded) res.setHeader('Connection', 'close');
      res.status(status).json({ ...empty, errors: [{ field, code, message }] });
      return null;
    };
    if (req.get(UPLOAD_HEADER) !== '1')
      return refuse(400, 'BAD_REQUEST', 'Dit verzoek is geweigerd (beveiliging tegen vervalste verzoeken).');
    const origin = req.get('origin');
    if (
      origin &&
      origin !== `${req.protocol}://${req.get('host')}` &&
      origin !== new URL(services.config.appUrl).origin
    ) {
      return refuse(403, 'FORBIDDEN', 'Dit verzoek is geweigerd (beveiliging tegen vervalste verzoeken).');
    }
    const ctx = await contexts.forRequest(req);
    const viewer = ctx.viewer;
    // Maintenance (instellingen/onderhoudsmodus): providers' uploads wait, like their API calls (http/maintenance.ts).
    const retryAfter = await maintenanceRetryAfter({ viewer, settings: services.settings, now: ctx.clock.now() });
    if (retryAfter !== null) {
      res.setHeader('Retry-After', String(retryAfter));
      return refuse(503, 'MAINTENANCE', MAINTENANCE_MESSAGE);
    }
    if (viewer.kind === Audience.ANONYMOUS)
      return refuse(401, 'UNAUTHENTICATED', 'U moet ingelogd zijn om dit te doen.');
    if (viewer.kind !== Audience.PROVIDER) return refuse(403, 'FORBIDDEN', 'U heeft geen toegang tot deze gegevens.');
    // The uploads are the provider operations outside GraphQL: the same rule as the auth checker (graphql/auth/requires.ts).
    if ((await services.terms.pending(ctx)).length > 0)
      return refuse(403, 'TERMS_NOT_ACCEPTED', TERMS_NOT_ACCEPTED_MESSAGE);
    // Uploads per account and address, reserved before the file is read (limitPolicy().upload).
    const limited = await reserveUpload(services, req, res, viewer);
    if (limited) return refuse(limited.status, limited.code, limited.message);
    if (!req.is('multipart/form-data')) return refuse(415, 'BAD_REQUEST', IMAGE_MESSAGES.missing, 'file');
    // The limit is a setting (instellingen/geavanceerd), read for every request: a change applies without a restart.
    const { uploadMaxMegabytes } = await services.settings.get('advanced');
    const maxBytes = uploadMaxMegabytes * 1024 * 1024;
    const tooLarge = imageTooLargeMessage(uploadMaxMegabytes);
    const declared = Number(req.get('content-length') ?? 0);
    if (declared > maxBytes + 64 * 1024) return refuse(413, 'TOO_LARGE', tooLarge, 'file');

    let parsed: { data: Buffer | null; truncated: boolean; alt: string };
    try {
      const form = await readMultipartBuffer(req, { maxFileBytes: maxBytes });
      parsed = { data: form.file, truncated: form.truncated, alt: form.fields.alt ?? '' };
    } catch (error) {
      if (error instanceof MalformedUpload) return refuse(400, error.code, error.message, 'file');
      throw error;
    }
    if (parsed.truncated) return refuse(413, 'TOO_LARGE', tooLarge, 'file');
    return { ctx, refuse, ...parsed };
  }

  const internalError = (res: express.Response, extra: object) =>
    res.status(500).json({
      ...extra,
      errors: [
        { field: null, code: 'INTERNAL', message: 'Er is een onverwachte fout opgetreden. Probeer het later opnieuw.' },
      ],
    });

  router.post('/api/products/:productId/images', async (req, res) => {
    const parsed = await readUpload(req, res, { image: null });
    if (!parsed) return;
    const { ctx, refuse } = parsed;
    if (isHostileText(parsed.alt)) return refuse(400, 'INVALID', hostileTextMessage('alt'), 'alt');

    try {
      const result = await services.productImages.add(
        ctx,
        String(req.params.productId),
        parsed.data,
        parsed.alt,
        parsed.truncated,
      );
      const image = result.image
        ? {
            id: result.image.id,
            url: `/uploads/${result.image.storageKey}`,
            thumbnailUrl: `/uploads/${result.image.thumbnailKey}`,
            width: result.image.width,
            height: result.image.height,
            alt: result.image.alt,
          }
        : null;
      res
        .status(result.status)
        .json({ image, errors: result.errors.map(({ field, code, message }) => ({ field, code, message })) });
    } catch (error) {
      ctx.log.error({ err: error }, 'image upload failed');
      internalError(res, { image: null });
    }
  });

  /** `POST /api/provider/logo` (multipart/form-data: `file`): replaces the logged-in provider's logo. */
  router.post('/api/provider/logo', async (req, res) => {
    const parsed = await readUpload(req, res, { logo: null });
    if (!parsed) return;
    const { ctx } = parsed;
    try {
      const result = await services.providerPresence.uploadLogo(ctx, parsed.data, parsed.truncated);
      const p = result.provider;
      res.status(result.status).json({
        logo: p?.logoKey ? { url: `/uploads/${p.logoKey}`, width: p.logoWidth, height: p.logoHeight } : null,
        errors: result.errors.map(({ field, code, message }) => ({ field, code, message })),
      });
    } catch (error) {
      ctx.log.error({ err: error }, 'logo upload failed');
      internalError(res, { logo: null });
    }
  });

  return router;
}
