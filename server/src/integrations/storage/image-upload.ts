import type { Request, Response } from 'express';
import type { Services } from '../../platform/composition.js';
import type { RequestContext } from '../../kernel/request-context.js';
import { Audience } from '../../kernel/permissions.js';
import { IMAGE_MESSAGES, imageTooLargeMessage } from '../../rules/image.js';
import type { Viewer } from '../../kernel/viewer.js';
import type { UserError } from '../../kernel/errors.js';
import type { RouteCall, RouteDeclaration } from '../../http/route.js';
import { check, clientAddress, retryAfterText } from '../../modules/limits/limits.js';
import { MalformedUpload, readMultipartBuffer } from '../../http/streams.js';

/** The header every upload must carry: a cross-site form cannot set it, and a cross-site script needs CORS we never grant. */
export const UPLOAD_HEADER = 'x-gemeentewinkel-upload';

export interface ImageUploadRequest {
  ctx: RequestContext;
  /** The file's bytes (null: no `file` part). */
  data: Buffer | null;
  /** More than the upload limit was sent (the rest was not read). */
  truncated: boolean;
  /** The text fields sent along (e.g. `alt`). */
  fields: Record<string, string>;
  /** Answers `{ ...empty, errors: [{ field, code, message }] }` with this status. */
  refuse: (status: number, code: string, message: string, field?: string | null) => null;
}

/**
 * Reads an image upload (multipart/form-data, one `file` part and a few short text fields) on a route declared with
 * `body: { kind: 'upload' }` and `csrfHeader: UPLOAD_HEADER` (http/route.ts), whose guard has already checked the
 * origin, the header, the caller, maintenance and the permission. Then: the upload rate limit (429 with Retry-After),
 * multipart, and the upload limit of instellingen/geavanceerd, read for every request (a change applies without a
 * restart), both as declared and as streamed. Answers null when it has already refused.
 */
export async function readImageUpload(call: RouteCall): Promise<ImageUploadRequest | null> {
  const { req, res, ctx, deps, refuse } = call;
  const limited = await reserveUpload(deps.services, req, res, ctx.viewer);
  if (limited) return refuse(limited.status, limited.code, limited.message);
  if (!req.is('multipart/form-data')) return refuse(415, 'BAD_REQUEST', IMAGE_MESSAGES.missing, 'file');
  const { uploadMaxMegabytes } = await deps.services.settings.get('advanced');
  const maxBytes = uploadMaxMegabytes * 1024 * 1024;
  const tooLarge = imageTooLargeMessage(uploadMaxMegabytes);
  if (Number(req.get('content-length') ?? 0) > maxBytes + 64 * 1024) return refuse(413, 'TOO_LARGE', tooLarge, 'file');

  let parsed: { data: Buffer | null; truncated: boolean; fields: Record<string, string> };
  try {
    const form = await readMultipartBuffer(req, { maxFileBytes: maxBytes });
    parsed = { data: form.file, truncated: form.truncated, fields: form.fields };
  } catch (error) {
    if (error instanceof MalformedUpload) return refuse(400, error.code, error.message, 'file');
    throw error;
  }
  if (parsed.truncated) return refuse(413, 'TOO_LARGE', tooLarge, 'file');
  return { ctx, refuse, ...parsed };
}

/** Who an upload is counted against: the account (or API client) behind the viewer. */
function uploaderKey(viewer: Viewer): string {
  switch (viewer.kind) {
    case Audience.PROVIDER:
      return `provider:${viewer.providerUserId}`;
    case Audience.STAFF:
      return viewer.operator ? `operator:${viewer.operator.operatorId}` : `staff:${viewer.adminAccountId}`;
    case Audience.CUSTOMER:
      return `customer:${viewer.personId}`;
    case Audience.API_CLIENT:
      return `api:${viewer.apiClientId}`;
    default:
      return viewer.kind;
  }
}

/**
 * Reserves one upload for the viewer's account and the client address (limitPolicy().upload) BEFORE the file is read,
 * so parallel uploads past the budget are refused for exactly the excess. Answers null when the upload may go ahead,
 * otherwise sets Retry-After and answers the refusal for a 429.
 */
export async function reserveUpload(
  services: Pick<Services, 'limits' | 'limitRules'>,
  req: Request,
  res: Response,
  viewer: Viewer,
): Promise<{ status: number; code: string; message: string } | null> {
  const rules = services.limitRules.upload;
  const reservation = await services.limits.reserve(
    check(rules.perAccount, uploaderKey(viewer)),
    check(rules.perAddress, clientAddress(req)),
  );
  if (reservation.ok) return null;
  res.setHeader('Retry-After', String(reservation.retryAfterSeconds));
  return {
    status: 429,
    code: 'TOO_MANY_REQUESTS',
    message: `U heeft te veel bestanden achter elkaar geüpload. ${retryAfterText(reservation.retryAfterSeconds)}`,
  };
}

/** The answer to an upload that failed unexpectedly (logged by the caller). */
export function uploadFailed(res: Response, empty: object): void {
  res.status(500).json({
    ...empty,
    errors: [
      { field: null, code: 'INTERNAL', message: 'Er is een onverwachte fout opgetreden. Probeer het later opnieuw.' },
    ],
  });
}

/** What an upload's service call answers: the HTTP status and the problems (empty when it worked). */
export interface UploadOutcome {
  status: number;
  errors: readonly Pick<UserError, 'field' | 'code' | 'message'>[];
}

/**
 * The declaration every image upload route shares: a multipart body with the upload header (`UPLOAD_HEADER`), JSON
 * refusals `{ <key>: null, errors }`, and a handler that reads the upload (readImageUpload), runs the service call
 * and answers `{ <key>: view(result), errors: [{ field, code, message }] }` with the result's status. `run` answers
 * null when it has refused (`upload.refuse`). An unexpected failure is logged (`<what> upload failed`) and answered
 * as uploadFailed with `<key>: null`.
 */
export function imageUploadRoute<R extends UploadOutcome>(
  key: string,
  what: string,
  run: (call: RouteCall, upload: ImageUploadRequest) => Promise<R> | null,
  view: (result: R) => unknown,
): Pick<RouteDeclaration, 'body' | 'csrfHeader' | 'refusals' | 'handler'> {
  return {
    body: { kind: 'upload' },
    csrfHeader: UPLOAD_HEADER,
    refusals: { json: { [key]: null } },
    async handler(call) {
      const upload = await readImageUpload(call);
      if (!upload) return;
      try {
        const result = await run(call, upload);
        if (!result) return;
        call.res.status(result.status).json({
          [key]: view(result),
          errors: result.errors.map(({ field, code, message }) => ({ field, code, message })),
        });
      } catch (error) {
        upload.ctx.log.error({ err: error }, `${what} upload failed`);
        uploadFailed(call.res, { [key]: null });
      }
    },
  };
}
