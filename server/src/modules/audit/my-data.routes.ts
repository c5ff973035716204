import express, { type Router } from 'express';
import type { Services } from '../../services.js';
import type { Contexts } from '../../contexts.js';
import { Audience } from '../../graphql/auth/permissions.js';
import { MAINTENANCE_MESSAGE, maintenanceRetryAfter } from '../../http/maintenance.js';

/**
 * `GET /api/mijn-gegevens.json`: the logged-in resident's own data as a JSON file (AVG right of access), audit-logged.
 * A GET with the session cookie (SameSite) is safe: it changes nothing but the audit log, and a cross-site page cannot
 * read the answer.
 */
export function myDataRoutes(deps: { services: Services; contexts: Contexts }): Router {
  const { services, contexts } = deps;
  const router = express.Router();
  router.get('/api/mijn-gegevens.json', async (req, res) => {
    const ctx = await contexts.forRequest(req);
    if (ctx.viewer.kind !== Audience.CUSTOMER) {
      res
        .status(401)
        .json({ errors: [{ code: 'UNAUTHENTICATED', message: 'Log in met DigiD om uw gegevens te downloaden.' }] });
      return;
    }
    // Maintenance (instellingen/onderhoudsmodus): residents wait, as for the API (http/maintenance.ts).
    const retryAfter = await maintenanceRetryAfter({
      viewer: ctx.viewer,
      settings: services.settings,
      now: ctx.clock.now(),
    });
    if (retryAfter !== null) {
      res
        .status(503)
        .set('Retry-After', String(retryAfter))
        .json({ errors: [{ code: 'MAINTENANCE', message: MAINTENANCE_MESSAGE }] });
      return;
    }
    try {
      const data = await services.myData.export(ctx);
      if (!data) {
        res.status(404).json({ errors: [{ code: 'NOT_FOUND', message: 'Uw gegevens zijn niet gevonden.' }] });
        return;
      }
      const day = data.createdAt.slice(0, 10);
      res
        .set('Content-Type', 'application/json; charset=utf-8')
        .set('Content-Disposition', `attachment; filename="mijn-gegevens-${day}.json"`)
        .set('Cache-Control', 'no-store')
        .send(JSON.stringify(data, null, 2));
    } catch (error) {
      ctx.log.error({ err: error }, 'personal data download failed');
      res.status(500).json({
        errors: [{ code: 'INTERNAL', message: 'Er is een onverwachte fout opgetreden. Probeer het later opnieuw.' }],
      });
    }
  });
  return router;
}
