import { Audience } from '../../kernel/permissions.js';
import { defineRoute } from '../../http/route.js';
import { hostileTextMessage, isHostileText } from '../../kernel/hostile-text.js';
import { UPLOAD_HEADER, readImageUpload, uploadFailed } from '../../integrations/storage/image-upload.js';

export { UPLOAD_HEADER };

/**
 * Uploads (multipart) of providers: product images and the provider's logo, through the same checks and image
 * pipeline (integrations/storage/image-upload.ts). CSRF-safe: the session cookie is SameSite, the request must carry
 * the upload header, and a cross-origin Origin is refused (the route's guard, http/route.ts). Answers JSON
 * `{ image | logo, errors }` with Dutch messages.
 */
export const productImageRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/products/:productId/images',
    description: 'Adds an image (multipart `file`, optional `alt`) to one of the provider’s own products.',
    access: [Audience.PROVIDER],
    scope: 'own',
    body: { kind: 'upload' },
    csrfHeader: UPLOAD_HEADER,
    refusals: { json: { image: null } },
    async handler(call) {
      const upload = await readImageUpload(call);
      if (!upload) return;
      const { ctx, refuse } = upload;
      const alt = upload.fields.alt ?? '';
      if (isHostileText(alt)) return refuse(400, 'INVALID', hostileTextMessage('alt'), 'alt');
      try {
        const result = await call.deps.services.productImages.add(
          ctx,
          String(call.req.params.productId),
          upload.data,
          alt,
          upload.truncated,
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
        call.res
          .status(result.status)
          .json({ image, errors: result.errors.map(({ field, code, message }) => ({ field, code, message })) });
      } catch (error) {
        ctx.log.error({ err: error }, 'image upload failed');
        uploadFailed(call.res, { image: null });
      }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/provider/logo',
    description: 'Replaces the provider’s logo (multipart `file`).',
    access: [Audience.PROVIDER],
    scope: 'own',
    body: { kind: 'upload' },
    csrfHeader: UPLOAD_HEADER,
    refusals: { json: { logo: null } },
    async handler(call) {
      const upload = await readImageUpload(call);
      if (!upload) return;
      const { ctx } = upload;
      try {
        const result = await call.deps.services.providerPresence.uploadLogo(ctx, upload.data, upload.truncated);
        const p = result.provider;
        call.res.status(result.status).json({
          logo: p?.logoKey ? { url: `/uploads/${p.logoKey}`, width: p.logoWidth, height: p.logoHeight } : null,
          errors: result.errors.map(({ field, code, message }) => ({ field, code, message })),
        });
      } catch (error) {
        ctx.log.error({ err: error }, 'logo upload failed');
        uploadFailed(call.res, { logo: null });
      }
    },
  }),
];
