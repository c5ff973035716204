import { defineRoute } from '../../http/route.js';

/** The installable resident area's theme colour when the platform has none of its own (the built-in primary colour). */
const DEFAULT_THEME = '#00457a';

/**
 * The web app manifest of the installable resident area (issue 30), with the platform's own name and colour
 * (instellingen/algemeen): a renamed platform installs under its new name. The icons are the build's
 * (client/public/icons); the service worker is the build's too (client/vite.config.ts, installableApp).
 */
export function webAppManifest(platformName: string, primaryColor: string | null) {
  return {
    name: platformName,
    short_name: platformName.length > 12 ? platformName.slice(0, 12).trim() : platformName,
    description: 'Uw pas, bestellingen en tegoed van de gemeente, ook zonder internet.',
    lang: 'nl',
    dir: 'ltr',
    id: '/account/pas',
    start_url: '/account/pas',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: primaryColor ?? DEFAULT_THEME,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

export const manifestRoutes = [
  defineRoute({
    method: 'GET',
    path: '/manifest.webmanifest',
    description:
      'The web app manifest: the platform name and colour (instellingen/algemeen), the icons, and the resident area as the start page.',
    access: 'public',
    scope: 'none',
    body: { kind: 'none' },
    refusals: 'text',
    async handler({ res, deps }) {
      const { platformName, primaryColor } = await deps.services.settings.get('general');
      res.type('application/manifest+json');
      // A renamed platform reaches installed apps within the hour.
      res.setHeader('Cache-Control', 'public, max-age=3600');
      res.send(JSON.stringify(webAppManifest(platformName, primaryColor)));
    },
  }),
];
