import express, { type Router } from 'express';
import type { FileStorage } from './file-storage.js';
import { isStorageKey } from './file-storage.js';
import { sendStream } from '../../http/streams.js';

const TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };

/**
 * `GET /uploads/<folder>/<name>.<ext>`: files from FileStorage. Only keys of the server's own shape are looked up
 * (no dots, slashes or encoded tricks can reach another path), served with their fixed type, no sniffing, and a
 * sandboxing CSP (UPLOAD_POLICY in http/security-headers.ts). Keys are unique per upload, so they are cached for a year.
 */
export function uploadsRoute(storage: FileStorage): Router {
  const router = express.Router();
  router.get('/uploads/:folder/:name', async (req, res) => {
    const key = `${req.params.folder}/${req.params.name}`;
    const file = isStorageKey(key) ? await storage.open(key) : null;
    if (!file) {
      res.status(404).json({ error: 'Niet gevonden.' });
      return;
    }
    res.setHeader('Content-Type', TYPES[key.slice(key.lastIndexOf('.') + 1)]!);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    await sendStream(res, file.stream, [], () => undefined);
  });
  return router;
}
