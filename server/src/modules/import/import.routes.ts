import express, { type Router } from 'express';
import type { Services } from '../../services.js';
import type { Contexts } from '../../contexts.js';
import { Audience, Permission } from '../../graphql/auth/permissions.js';
import { hasPermission } from '../../graphql/auth/viewer.js';
import { isUuid } from '../../graphql/ids.js';
import type { RequestContext } from '../../lib/request-context.js';
import { UPLOAD_HEADER } from '../catalogue/product-image.routes.js';
import { IMPORT_MAX_BYTES, exampleCsv } from '../../rules/import.js';
import { MalformedUpload, readMultipart } from '../../http/streams.js';

/**
 * The import's HTTP routes (IMPORT_RUN):
 * - `POST /api/imports?gemeente=<municipalityId>` (multipart/form-data, field `file`): the dry run of a CSV file, read
 *   as a stream; answers `{ importRun: { id }, errors }` with Dutch messages. Same CSRF checks as every upload.
 * - `GET /api/imports/voorbeeld.csv[?gemeente=<id>]`: the documented format as an example file.
 * - `GET /api/imports/<id>/uitkomst.csv`: the outcome per row (never a BSN).
 */
export function importRoutes(deps: { services: Services; contexts: Contexts }): Router {
  const { services, contexts } = deps;
  const router = express.Router();

  const staffWithImport = async (req: express.Request, res: express.Response): Promise<RequestContext | null> => {
    const ctx = await contexts.forRequest(req);
    if (ctx.viewer.kind === Audience.ANONYMOUS) {
      res
        .status(401)
        .json({ errors: [{ field: null, code: 'UNAUTHENTICATED', message: 'U moet ingelogd zijn om dit te doen.' }] });
      return null;
    }
    if (ctx.viewer.kind !== Audience.STAFF || !hasPermission(ctx.viewer, Permission.IMPORT_RUN)) {
      res
        .status(403)
        .json({ errors: [{ field: null, code: 'FORBIDDEN', message: 'U heeft geen toegang tot deze gegevens.' }] });
      return null;
    }
    return ctx;
  };

  router.post('/api/imports', async (req, res) => {
    const refuse = (status: number, code: string, message: string, field: string | null = 'file') => {
      if (!req.readableEnded) res.setHeader('Connection', 'close');
      res.status(status).json({ importRun: null, errors: [{ field, code, message }] });
    };
    if (req.get(UPLOAD_HEADER) !== '1')
      return refuse(400, 'BAD_REQUEST', 'Dit verzoek is geweigerd (beveiliging tegen vervalste verzoeken).', null);
    const origin = req.get('origin');
    if (
      origin &&
      origin !== `${req.protocol}://${req.get('host')}` &&
      origin !== new URL(services.config.appUrl).origin
    )
      return refuse(403, 'FORBIDDEN', 'Dit verzoek is geweigerd (beveiliging tegen vervalste verzoeken).', null);
    const ctx = await staffWithImport(req, res);
    if (!ctx) return;
    if (!req.is('multipart/form-data')) return refuse(415, 'BAD_REQUEST', 'Kies een CSV-bestand.');
    if (Number(req.get('content-length') ?? 0) > IMPORT_MAX_BYTES + 64 * 1024)
      return refuse(
        413,
        'TOO_LARGE',
        `Het bestand is groter dan ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Splits het in kleinere delen. Er is niets ingelezen.`,
      );
    const municipalityId = String(req.query.gemeente ?? '');
    try {
      // The file is checked as it arrives (http/streams.ts: every error of the form or the file is a rejection).
      const { file: result } = await readMultipart(req, { maxFileBytes: IMPORT_MAX_BYTES }, (source, file) =>
        services.imports.check(ctx, {
          municipalityId,
          fileName: file.name || 'import.csv',
          source,
          truncated: file.truncated,
        }),
      );
      if (!result) return refuse(400, 'REQUIRED', 'Kies een CSV-bestand.');
      if (!result.ok) {
        const status = result.errors.some((e) => e.code === 'TOO_LARGE') ? 413 : 400;
        if (!req.readableEnded) res.setHeader('Connection', 'close');
        return res.status(status).json({
          importRun: null,
          errors: result.errors.map(({ field, code, message }) => ({ field, code, message })),
        });
      }
      res.status(201).json({ importRun: { id: result.value.id }, errors: [] });
    } catch (error) {
      if (error instanceof MalformedUpload) return refuse(400, error.code, error.message);
      ctx.log.error({ err: error }, 'import check failed');
      refuse(500, 'INTERNAL', 'Er is een onverwachte fout opgetreden. Probeer het later opnieuw.', null);
    }
  });

  router.get('/api/imports/voorbeeld.csv', async (req, res) => {
    const ctx = await staffWithImport(req, res);
    if (!ctx) return;
    const municipalityId = String(req.query.gemeente ?? '');
    let name: string | undefined;
    if (isUuid(municipalityId)) {
      const [a] = await ctx.em.execute<{ name: string }[]>(
        `select name from arrangement where municipality_id = ? order by valid_until desc, name limit 1`,
        [municipalityId],
      );
      name = a?.name;
    }
    res
      .set('Content-Type', 'text/csv; charset=utf-8')
      .set('Content-Disposition', 'attachment; filename="voorbeeld-import.csv"')
      .set('Cache-Control', 'no-store')
      .send('\ufeff' + exampleCsv(name));
  });

  router.get('/api/imports/:id/uitkomst.csv', async (req, res) => {
    const ctx = await staffWithImport(req, res);
    if (!ctx) return;
    const id = String(req.params.id);
    if (!(await services.imports.get(ctx, id))) {
      res.status(404).json({ errors: [{ field: null, code: 'NOT_FOUND', message: 'Deze import is niet gevonden.' }] });
      return;
    }
    res
      .set('Content-Type', 'text/csv; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="import-uitkomst-${id.slice(0, 8)}.csv"`)
      .set('Cache-Control', 'no-store');
    try {
      await services.imports.outcomeCsv(ctx, id, res);
    } catch (error) {
      ctx.log.error({ err: error }, 'import outcome download failed');
      res.destroy();
    }
  });

  return router;
}
