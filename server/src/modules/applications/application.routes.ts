import type { Response } from 'express';
import { Audience, Permission } from '../../kernel/permissions.js';
import { defineRoute } from '../../http/route.js';
import { UPLOAD_HEADER, readImageUpload, uploadFailed } from '../../integrations/storage/image-upload.js';

export const proofUploadPath = (applicationId: string) => `/api/aanvragen/${encodeURIComponent(applicationId)}/bewijs`;
/** The resident's own proof file (linked from their data download, /account/gegevens). */
export const ownProofDownloadPath = (applicationId: string, proofId: string) =>
  `/api/mijn-aanvragen/${encodeURIComponent(applicationId)}/bewijs/${encodeURIComponent(proofId)}`;

type ProofFile = { data: Buffer; contentType: string; fileName: string };

/** A proof file as the answer: a PDF always an attachment, nothing cached, nothing sniffed, nothing run. */
function sendProof(res: Response, file: ProofFile | null): void {
  if (!file) return void res.status(404).type('text/plain').send('Dit bewijsstuk is niet gevonden.');
  const pdf = file.contentType === 'application/pdf';
  res
    .status(200)
    .type(file.contentType)
    .set(
      'Content-Disposition',
      `${pdf ? 'attachment' : 'inline'}; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    )
    .set('Cache-Control', 'no-store')
    .set('X-Content-Type-Options', 'nosniff')
    .set('Content-Security-Policy', "default-src 'none'; sandbox")
    .send(file.data);
}

export const proofDownloadPath = (applicationId: string, proofId: string) =>
  `/api/aanvragen/${encodeURIComponent(applicationId)}/bewijs/${encodeURIComponent(proofId)}`;

/**
 * Proof files of applications: the resident uploads (multipart `file` and `criterionKey`, through the upload
 * pipeline's checks and limits), an assessor of the application's municipality reads one. A PDF is always an
 * attachment (never shown inline); a photo (re-encoded WebP) may be shown in the assessor's image viewer.
 */
export const applicationRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/aanvragen/:applicationId/bewijs',
    description:
      'Adds a proof file (multipart `file`: a photo or a PDF without JavaScript or embedded files; `criterionKey`) ' +
      'to the resident’s own application, while it is a draft or waits for their answer.',
    access: [Audience.CUSTOMER],
    scope: 'own',
    body: { kind: 'upload' },
    csrfHeader: UPLOAD_HEADER,
    refusals: { json: { application: null } },
    async handler(call) {
      const upload = await readImageUpload(call);
      if (!upload) return;
      try {
        const result = await call.deps.services.applications.addProof(
          upload.ctx,
          String(call.req.params.applicationId),
          upload.fields.criterionKey ?? '',
          upload.data,
          upload.truncated,
        );
        call.res.status(result.status).json({
          application: result.ok ? { id: result.value.id, proofs: result.value.proofs } : null,
          errors: result.ok ? [] : result.errors.map(({ field, code, message }) => ({ field, code, message })),
        });
      } catch (error) {
        upload.ctx.log.error({ err: error }, 'proof upload failed');
        uploadFailed(call.res, { application: null });
      }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/aanvragen/:applicationId/bewijs/:proofId',
    description: 'A proof file of an application, for its assessors (a PDF as a download).',
    access: [Permission.APPLICATION_ASSESS],
    scope: 'service',
    body: { kind: 'none' },
    refusals: 'text',
    async handler({ req, res, ctx, deps }) {
      sendProof(
        res,
        await deps.services.applications.readProof(ctx, String(req.params.applicationId), String(req.params.proofId)),
      );
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/mijn-aanvragen/:applicationId/bewijs/:proofId',
    description:
      'A proof file of the resident’s own household’s application, while it is kept (linked from their data download).',
    access: [Audience.CUSTOMER],
    scope: 'own',
    body: { kind: 'none' },
    refusals: 'text',
    async handler({ req, res, ctx, deps }) {
      sendProof(
        res,
        await deps.services.applications.readOwnProof(
          ctx,
          String(req.params.applicationId),
          String(req.params.proofId),
        ),
      );
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/aanvragen/besluiten.csv',
    description:
      'The decisions on applications of a period (`van`, `tot`: YYYY-MM-DD, both included) as CSV: number, ' +
      'arrangement, decision, dates, amounts, reason. No proof, no BSN, no names.',
    access: [Permission.APPLICATION_ASSESS],
    scope: 'service',
    body: { kind: 'none' },
    refusals: 'text',
    async handler({ req, res, ctx, deps }) {
      const file = await deps.services.applications.decisionsCsv(
        ctx,
        String(req.query.van ?? ''),
        String(req.query.tot ?? ''),
      );
      if (!file) return void res.status(400).type('text/plain').send('Kies een periode: van en tot als JJJJ-MM-DD.');
      res
        .status(200)
        .type('text/csv; charset=utf-8')
        .set('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .set('Cache-Control', 'no-store')
        .send(file.csv);
    },
  }),
];
