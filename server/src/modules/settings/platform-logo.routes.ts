import { Permission } from '../../kernel/permissions.js';
import { defineRoute } from '../../http/route.js';
import { imageUploadRoute } from '../../integrations/storage/image-upload.js';

/** The upload of the platform's logo (instellingen/algemeen). */
export const PLATFORM_LOGO_PATH = '/api/settings/logo';

/**
 * `POST /api/settings/logo` (multipart/form-data: `file`): replaces the platform's logo, for staff with
 * SETTINGS_MANAGE over all municipalities (the general section's scope rule, in the service). The same upload checks
 * as every image upload (integrations/storage/image-upload.ts); answers JSON `{ logo: { url, width, height }, errors }`.
 * Removing it is the GraphQL mutation removePlatformLogo.
 */
export const platformLogoRoutes = [
  defineRoute({
    method: 'POST',
    path: PLATFORM_LOGO_PATH,
    description: 'Replaces the platform’s logo (multipart `file`); staff with SETTINGS_MANAGE over every municipality.',
    access: [Permission.SETTINGS_MANAGE],
    scope: 'service',
    ...imageUploadRoute(
      'logo',
      'platform logo',
      (call, upload) => call.deps.services.platformLogo.upload(upload.ctx, upload.data, upload.truncated),
      (result) => result.logo,
    ),
  }),
];
