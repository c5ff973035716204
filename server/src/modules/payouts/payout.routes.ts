import express, { type Router } from 'express';
import type { Services } from '../../services.js';
import type { Contexts } from '../../contexts.js';
import { Audience, Permission } from '../../graphql/auth/permissions.js';
import { hasPermission } from '../../graphql/auth/viewer.js';

/** A request header a cross-site form cannot send: the export changes the batch, so it must come from our client. */
export const DOWNLOAD_HEADER = 'x-gemeentewinkel-download';

export const payoutExportPath = (batchId: string) => `/api/payouts/${encodeURIComponent(batchId)}/export`;
export const payoutSpecificationPath = (lineId: string) =>
  `/api/aanbieder/uitbetalingen/${encodeURIComponent(lineId)}/specificatie.csv`;

/** `attachment` with a plain ASCII file name (our names are references: letters, digits, dashes). */
const attachment = (fileName: string) => `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`;

/**
 * Payout files over HTTP: the SEPA export of a batch (`POST /api/payouts/:id/export`, staff with PAYOUT_MANAGE; the
 * batch moves to "geëxporteerd" in the transaction that writes the audit row, so it answers once), and a provider's
 * specification of one paid payout (`GET /api/aanbieder/uitbetalingen/:lineId/specificatie.csv`, its own only).
 */
export function payoutRoutes(deps: { services: Services; contexts: Contexts }): Router {
  const { services, contexts } = deps;
  const router = express.Router();

  router.post('/api/payouts/:batchId/export', async (req, res) => {
    const refuse = (status: number, code: string, message: string) =>
      res.status(status).json({ errors: [{ field: null, code, message }] });
    const origin = req.get('origin');
    if (
      req.get(DOWNLOAD_HEADER) !== '1' ||
      (origin && origin !== `${req.protocol}://${req.get('host')}` && origin !== new URL(services.config.appUrl).origin)
    )
      return refuse(400, 'BAD_REQUEST', 'Dit verzoek is geweigerd (beveiliging tegen vervalste verzoeken).');
    const ctx = await contexts.forRequest(req);
    if (ctx.viewer.kind === Audience.ANONYMOUS)
      return refuse(401, 'UNAUTHENTICATED', 'U moet ingelogd zijn om dit te doen.');
    if (!hasPermission(ctx.viewer, Permission.PAYOUT_MANAGE))
      return refuse(403, 'FORBIDDEN', 'U heeft geen toegang tot deze gegevens.');
    try {
      const result = await services.payouts.export(ctx, String(req.params.batchId));
      if (!result.ok) {
        const status = result.errors[0]!.code === 'NOT_FOUND' ? 404 : 409;
        return res
          .status(status)
          .json({ errors: result.errors.map(({ field, code, message }) => ({ field, code, message })) });
      }
      res
        .status(200)
        .type('application/xml; charset=utf-8')
        .set('Content-Disposition', attachment(result.value.fileName))
        .set('Cache-Control', 'no-store')
        .send(result.value.xml);
    } catch (error) {
      ctx.log.error({ err: error }, 'payout export failed');
      refuse(500, 'INTERNAL', 'Er is een onverwachte fout opgetreden. Probeer het later opnieuw.');
    }
  });

  router.get('/api/aanbieder/uitbetalingen/:lineId/specificatie.csv', async (req, res) => {
    const ctx = await contexts.forRequest(req);
    if (ctx.viewer.kind !== Audience.PROVIDER)
      return res
        .status(ctx.viewer.kind === Audience.ANONYMOUS ? 401 : 403)
        .type('text/plain')
        .send('Geen toegang.');
    const file = await services.payouts.specificationCsv(ctx, String(req.params.lineId));
    if (!file) return res.status(404).type('text/plain').send('Deze uitbetaling is niet gevonden.');
    res
      .status(200)
      .type('text/csv; charset=utf-8')
      .set('Content-Disposition', attachment(file.fileName))
      .set('Cache-Control', 'no-store')
      .send(file.csv);
  });

  return router;
}
