import type { Request, Response } from 'express';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';

/**
 * The server's streams in one place: every upload (product images, provider and platform logos, news images, the CSV
 * import) reads its form with `readMultipart`, every streamed download ends with `sendStream`. Both are built on
 * `stream.pipeline` (and the file part on `for await`), so an error of the request, the form, the file or the
 * response reaches the caller as a rejected promise (or a closed response): never as an 'error' event nobody listens
 * to, which ends the Node process. A new upload or export inherits this by using them.
 */

/** The form could not be read: cut off, malformed, or the connection went away. Answer 400 with `message`. */
export class MalformedUpload extends Error {
  readonly code = 'BAD_REQUEST';
  constructor(readonly reason: unknown) {
    super('Het bestand is niet volledig of niet goed ontvangen. Probeer het opnieuw.');
  }
}

export interface MultipartLimits {
  /** At most this many bytes of the file; the rest is not read and `truncated` says so. */
  maxFileBytes: number;
  /** Text fields accepted beside the file (default 4), each at most `fieldBytes` (default 2000). */
  fields?: number;
  fieldBytes?: number;
}

export interface MultipartFile {
  /** The file's name as the browser sent it (never trusted as a path). */
  name: string;
  /** Has more than `maxFileBytes` been sent? (Known for certain once the file stream has ended.) */
  truncated: () => boolean;
}

export interface Multipart<T> {
  /** What `consume` made of the `file` part; null when the form had none. */
  file: T | null;
  truncated: boolean;
  fields: Record<string, string>;
}

/**
 * Reads a multipart/form-data request (busboy) with one file part named `file` and a few short text fields.
 * `consume` reads the file's bytes as they arrive (`for await`); a second file part, or one by another name, is
 * drained unread. Resolves once the form is read and `consume` is done; rejects with `consume`'s own error as soon as
 * it fails (the rest of the request is then drained; answer with `Connection: close`), and with `MalformedUpload` when
 * the form is cut off or malformed or the client goes away — whether that surfaces in the form or in the file.
 */
export async function readMultipart<T>(
  req: Request,
  limits: MultipartLimits,
  consume: (file: AsyncIterable<Buffer>, info: MultipartFile) => Promise<T>,
): Promise<Multipart<T>> {
  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: req.headers,
      limits: {
        files: 1,
        fileSize: limits.maxFileBytes,
        fields: limits.fields ?? 4,
        fieldSize: limits.fieldBytes ?? 2000,
        parts: (limits.fields ?? 4) + 2,
      },
    });
  } catch (error) {
    // No boundary, or not multipart at all.
    throw new MalformedUpload(error);
  }
  const fields: Record<string, string> = {};
  let truncated = false;
  let consumed: Promise<T> | null = null;
  let fail!: (error: unknown) => void;
  const failed = new Promise<never>((_, reject) => (fail = reject));
  failed.catch(() => undefined);
  // The errors busboy gives a file stream are the form's (cut off, malformed): told apart from `consume`'s own.
  const formErrors = new Set<unknown>();

  bb.on('file', (name, stream: Readable, info) => {
    stream.on('error', (error) => formErrors.add(error));
    if (name !== 'file' || consumed) {
      stream.resume();
      return;
    }
    stream.on('limit', () => (truncated = true));
    // `consume` may stop early (a file refused at its first line): its iteration then leaves the stream as it is
    // (not destroyed, which would stall the form) and what it left unread is drained, so the form can end.
    consumed = consume(stream.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>, {
      name: info.filename ?? '',
      truncated: () => truncated,
    }).finally(() => stream.resume());
    consumed.catch((error: unknown) => fail(formErrors.has(error) ? new MalformedUpload(error) : error));
  });
  bb.on('field', (name, value) => {
    if (Object.keys(fields).length < (limits.fields ?? 4)) fields[name] = value;
  });

  const form = pipeline(req, bb).catch((error: unknown) => {
    throw new MalformedUpload(error);
  });
  form.catch(() => undefined);
  await Promise.race([form, failed]);
  const file = consumed ? await Promise.race([consumed as Promise<T>, failed]) : null;
  return { file, truncated, fields };
}

/** The file part's bytes in memory (at most `maxFileBytes`: busboy stops there): for images. */
export async function readMultipartBuffer(
  req: Request,
  limits: MultipartLimits,
): Promise<Multipart<Buffer> & { fileName: string | null }> {
  let fileName: string | null = null;
  const read = await readMultipart(req, limits, async (file, info) => {
    fileName = info.name;
    const chunks: Buffer[] = [];
    for await (const chunk of file) chunks.push(chunk);
    return Buffer.concat(chunks);
  });
  return { ...read, fileName };
}

/**
 * Streams `source` through `transforms` into the response (a file, a CSV export). An error on the way, or a reader
 * who goes away, ends the response (destroyed: the client sees the download break off, not a complete-looking file)
 * and is handed to `onError` for the log; it never escapes.
 */
export async function sendStream(
  res: Response,
  source: Readable | AsyncIterable<unknown>,
  transforms: NodeJS.ReadWriteStream[],
  onError: (error: unknown) => void,
): Promise<boolean> {
  try {
    await (pipeline as (...streams: unknown[]) => Promise<void>)(source, ...transforms, res);
    return true;
  } catch (error) {
    if (!res.destroyed) res.destroy();
    // A reader who went away is not an error of ours.
    if ((error as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') onError(error);
    return false;
  }
}
