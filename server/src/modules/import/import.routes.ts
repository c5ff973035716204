import { Permission } from '../../kernel/permissions.js';
import { defineRoute } from '../../http/route.js';
import { csvText } from '../../platform/csv.js';
import type { Result } from '../../kernel/result.js';
import { UPLOAD_HEADER } from '../../integrations/storage/image-upload.js';
import { IMPORT_COLUMNS, IMPORT_MAX_BYTES, exampleRows } from '../../rules/import.js';
import type { ImportRunRecord } from './import.service.js';
import { MalformedUpload, readMultipart } from '../../http/streams.js';

/**
 * The import's HTTP routes (IMPORT_RUN, staff only):
 * - `POST /api/imports?gemeente=<municipalityId>` (multipart/form-data, field `file`): the dry run of a CSV file, read
 *   as a stream; answers `{ importRun: { id }, errors }` with Dutch messages. Same CSRF checks as every upload.
 * - `GET /api/imports/voorbeeld.csv[?gemeente=<id>]`: the documented format as an example file.
 * - `GET /api/imports/<id>/uitkomst.csv`: the outcome per row (never a BSN).
 */
export const importRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/imports',
    description: 'Reads a CSV file of households, persons and assignments (multipart `file`) as a dry run.',
    access: [Permission.IMPORT_RUN],
    scope: { query: 'gemeente' },
    body: { kind: 'upload' },
    csrfHeader: UPLOAD_HEADER,
    refusals: { json: { importRun: null } },
    async handler({ req, res, ctx, deps, refuse }) {
      if (!req.is('multipart/form-data')) return refuse(415, 'BAD_REQUEST', 'Kies een CSV-bestand.', 'file');
      if (Number(req.get('content-length') ?? 0) > IMPORT_MAX_BYTES + 64 * 1024)
        return refuse(
          413,
          'TOO_LARGE',
          `Het bestand is groter dan ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Splits het in kleinere delen. Er is niets ingelezen.`,
          'file',
        );
      const municipalityId = String(req.query.gemeente ?? '');
      // The file is checked as it arrives (http/streams.ts: every error of the form or the file is a rejection).
      let result: Result<ImportRunRecord> | null;
      try {
        ({ file: result } = await readMultipart(req, { maxFileBytes: IMPORT_MAX_BYTES }, (source, file) =>
          deps.services.imports.check(ctx, {
            municipalityId,
            fileName: file.name || 'import.csv',
            source,
            truncated: file.truncated,
          }),
        ));
      } catch (error) {
        if (error instanceof MalformedUpload) {
          if (!req.readableEnded) res.setHeader('Connection', 'close');
          return refuse(400, error.code, error.message, 'file');
        }
        throw error;
      }
      if (!result) return refuse(400, 'REQUIRED', 'Kies een CSV-bestand.', 'file');
      if (!result.ok) {
        const status = result.errors.some((e) => e.code === 'TOO_LARGE') ? 413 : 400;
        if (!req.readableEnded) res.setHeader('Connection', 'close');
        return void res.status(status).json({
          importRun: null,
          errors: result.errors.map(({ field, code, message }) => ({ field, code, message })),
        });
      }
      res.status(201).json({ importRun: { id: result.value.id }, errors: [] });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/imports/voorbeeld.csv',
    description: 'The documented import format as an example file.',
    access: [Permission.IMPORT_RUN],
    scope: { query: 'gemeente', optional: true },
    body: { kind: 'none' },
    refusals: { json: {} },
    async handler({ req, res, ctx, deps }) {
      const name = await deps.services.imports.exampleArrangementName(ctx, String(req.query.gemeente ?? ''));
      res
        .set('Content-Type', 'text/csv; charset=utf-8')
        .set('Content-Disposition', 'attachment; filename="voorbeeld-import.csv"')
        .set('Cache-Control', 'no-store')
        .send(
          csvText(
            IMPORT_COLUMNS.map((header) => ({ header })),
            exampleRows(name),
            { delimiter: ',', bom: true, recordDelimiter: '\r\n' },
          ),
        );
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/imports/:id/uitkomst.csv',
    description: 'The outcome of an import per row as CSV (never a BSN).',
    access: [Permission.IMPORT_RUN],
    scope: 'service',
    body: { kind: 'none' },
    refusals: { json: {} },
    async handler({ req, res, ctx, deps }) {
      const id = String(req.params.id);
      if (!(await deps.services.imports.get(ctx, id)))
        return void res
          .status(404)
          .json({ errors: [{ field: null, code: 'NOT_FOUND', message: 'Deze import is niet gevonden.' }] });
      res
        .set('Content-Type', 'text/csv; charset=utf-8')
        .set('Content-Disposition', `attachment; filename="import-uitkomst-${id.slice(0, 8)}.csv"`)
        .set('Cache-Control', 'no-store');
      await deps.services.imports.outcomeCsv(ctx, id, res);
    },
  }),
];
