import { Audience, Permission } from '../../kernel/permissions.js';
import { defineRoute } from '../../http/route.js';

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
export const payoutRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/payouts/:batchId/export',
    description:
      'Exports a draft payout batch as a SEPA credit-transfer file (pain.001) and marks it exported; once per batch. ' +
      `Send the header \`${DOWNLOAD_HEADER}: 1\`.`,
    access: [Permission.PAYOUT_MANAGE],
    partners: true,
    scope: 'service',
    body: { kind: 'none' },
    csrfHeader: DOWNLOAD_HEADER,
    refusals: { json: {} },
    async handler({ req, res, ctx, deps }) {
      const result = await deps.services.payouts.export(ctx, String(req.params.batchId));
      if (!result.ok) {
        const status = result.errors[0]!.code === 'NOT_FOUND' ? 404 : 409;
        return void res
          .status(status)
          .json({ errors: result.errors.map(({ field, code, message }) => ({ field, code, message })) });
      }
      res
        .status(200)
        .type('application/xml; charset=utf-8')
        .set('Content-Disposition', attachment(result.value.fileName))
        .set('Cache-Control', 'no-store')
        .send(result.value.xml);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/aanbieder/uitbetalingen/:lineId/specificatie.csv',
    description: 'A provider’s specification of one of its paid payouts as CSV: every order with its amount.',
    access: [Audience.PROVIDER],
    scope: 'own',
    body: { kind: 'none' },
    refusals: 'text',
    async handler({ req, res, ctx, deps }) {
      const file = await deps.services.payouts.specificationCsv(ctx, String(req.params.lineId));
      if (!file) return void res.status(404).type('text/plain').send('Deze uitbetaling is niet gevonden.');
      res
        .status(200)
        .type('text/csv; charset=utf-8')
        .set('Content-Disposition', attachment(file.fileName))
        .set('Cache-Control', 'no-store')
        .send(file.csv);
    },
  }),
];
