import express, { type Router } from 'express';
import type { Services } from '../../services.js';
import type { Contexts } from '../../contexts.js';
import { Permission } from '../../graphql/auth/permissions.js';
import { hasPermission } from '../../graphql/auth/viewer.js';
import { readImageUpload, uploadFailed } from '../../integrations/storage/image-upload.js';

/** The upload of the platform's logo (instellingen/algemeen). */
export const PLATFORM_LOGO_PATH = '/api/settings/logo';

/**
 * `POST /api/settings/logo` (multipart/form-data: `file`): replaces the platform's logo, for staff with
 * SETTINGS_MANAGE over all municipalities (the general section's scope rule). The same upload checks as every
 * image upload (integrations/storage/image-upload.ts); answers JSON `{ logo: { url, width, height }, errors }`.
 * Removing it is the GraphQL mutation removePlatformLogo.
 */
export function platformLogoRoutes(deps: { services: Services; contexts: Contexts }): Router {
  const router = express.Router();
  router.post(PLATFORM_LOGO_PATH, async (req, res) => {
    const empty = { logo: null };
    const upload = await readImageUpload(req, res, deps, {
      empty,
      allow: async (ctx) =>
        hasPermission(ctx.viewer, Permission.SETTINGS_MANAGE)
          ? null
          : { status: 403, code: 'FORBIDDEN', message: 'U heeft geen toegang tot deze gegevens.' },
    });
    if (!upload) return;
    try {
      const result = await deps.services.platformLogo.upload(upload.ctx, upload.data, upload.truncated);
      res.status(result.status).json({
        logo: result.logo,
        errors: result.errors.map(({ field, code, message }) => ({ field, code, message })),
      });
    } catch (error) {
      upload.ctx.log.error({ err: error }, 'platform logo upload failed');
      uploadFailed(res, empty);
    }
  });
  return router;
}
