import { randomUUID } from 'node:crypto';

/** The header a proxy or client may send to correlate its logs with ours; we answer with the id we used. */
export const REQUEST_ID_HEADER = 'x-request-id';

const VALID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,99}$/;

/**
 * The request id of a call: the caller's `X-Request-Id` when it is a plausible id (8–100 characters: letters, digits,
 * `.`, `_`, `:` and `-`), otherwise a new random one. Never trust it for anything but correlation: it is logged and
 * written into audit rows, so the format check keeps it from smuggling text into them.
 */
export function requestIdFrom(header: string | string[] | null | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && VALID.test(value) ? value : randomUUID();
}
