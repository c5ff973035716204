import { defineRoute } from '../../http/route.js';
import { isStorageKey } from './file-storage.js';
import { sendStream } from '../../http/streams.js';

const TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };

/**
 * `GET /uploads/<folder>/<name>.<ext>`: files from FileStorage, public. Only keys of the server's own shape are looked
 * up (no dots, slashes or encoded tricks can reach another path), served with their fixed type, no sniffing, and a
 * sandboxing CSP (UPLOAD_POLICY in http/security-headers.ts). Keys are unique per upload, so they are cached for a year.
 */
export const uploadsRoutes = [
  defineRoute({
    method: 'GET',
    path: '/uploads/:folder/:name',
    description: 'An uploaded image (product images, logos, news images) by its storage key.',
    access: 'public',
    scope: 'none',
    body: { kind: 'none' },
    refusals: 'text',
    async handler({ req, res, deps }) {
      const key = `${req.params.folder}/${req.params.name}`;
      // Encrypted files (`.bin`: applications' proof) have their own guarded route; never served here.
      const file = isStorageKey(key) && !key.endsWith('.bin') ? await deps.services.storage.open(key) : null;
      if (!file) return void res.status(404).json({ error: 'Niet gevonden.' });
      res.setHeader('Content-Type', TYPES[key.slice(key.lastIndexOf('.') + 1)]!);
      res.setHeader('Content-Length', String(file.size));
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
      await sendStream(res, file.stream, [], () => undefined);
    },
  }),
];
