import { Audience } from '../../kernel/permissions.js';
import { defineRoute } from '../../http/route.js';
import { hostileTextMessage, isHostileText } from '../../kernel/hostile-text.js';
import { UPLOAD_HEADER, imageUploadRoute } from '../../integrations/storage/image-upload.js';

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
    ...imageUploadRoute(
      'image',
      'image',
      (call, upload) => {
        const alt = upload.fields.alt ?? '';
        if (isHostileText(alt)) return upload.refuse(400, 'INVALID', hostileTextMessage('alt'), 'alt');
        const productId = String(call.req.params.productId);
        return call.deps.services.productImages.add(upload.ctx, productId, upload.data, alt, upload.truncated);
      },
      ({ image }) =>
        image
          ? {
              id: image.id,
              url: `/uploads/${image.storageKey}`,
              thumbnailUrl: `/uploads/${image.thumbnailKey}`,
              width: image.width,
              height: image.height,
              alt: image.alt,
            }
          : null,
    ),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/provider/logo',
    description: 'Replaces the provider’s logo (multipart `file`).',
    access: [Audience.PROVIDER],
    scope: 'own',
    ...imageUploadRoute(
      'logo',
      'logo',
      (call, upload) => call.deps.services.providerPresence.uploadLogo(upload.ctx, upload.data, upload.truncated),
      ({ provider: p }) =>
        p?.logoKey ? { url: `/uploads/${p.logoKey}`, width: p.logoWidth, height: p.logoHeight } : null,
    ),
  }),
];
