import type { RequestHandler } from 'express';

/** The answer to a request body in a content coding the server does not read (short, Dutch, no stack). */
export const CONTENT_ENCODING_MESSAGE =
  'De server neemt geen gecomprimeerde verzoeken aan (Content-Encoding). Verstuur de gegevens zonder compressie.';

/**
 * Every request body is read as sent: a `Content-Encoding` other than `identity` (gzip, br, deflate, zstd, anything)
 * is answered 415 Unsupported Media Type with `Accept-Encoding: identity` (RFC 7694), before any route reads the
 * body — GraphQL, the uploads, the import, the Sentry tunnel, the payment webhooks. Nothing behind it has to inflate
 * (a small compressed body can unpack to a huge one) or find out the hard way that it cannot.
 */
export function refuseContentEncoding(): RequestHandler {
  return (req, res, next) => {
    const header = req.headers['content-encoding'];
    if (header === undefined) return next();
    const codings = header
      .split(',')
      .map((c) => c.trim().toLowerCase())
      .filter(Boolean);
    if (codings.every((c) => c === 'identity')) return next();
    // The body is not read: the connection closes after the answer rather than carry it over to a next request.
    res.setHeader('Connection', 'close');
    res.setHeader('Accept-Encoding', 'identity');
    res.status(415).json({
      error: CONTENT_ENCODING_MESSAGE,
      errors: [{ field: null, code: 'UNSUPPORTED_CONTENT_ENCODING', message: CONTENT_ENCODING_MESSAGE }],
    });
  };
}
