import { posix } from 'node:path';

/**
 * A URL path as the browser's router (and Express's case-insensitive routes) will treat it, for comparisons that decide
 * something about security: is this the admin area, a page the server renders, a public page. `/Admin`, `/ADMIN`,
 * `/%61dmin`, `/admin%2Fbeheer`, `//admin/x`, `/admin/./x` and `/aanbod/../admin` all reach the admin area's shell,
 * so they all normalise to `/admin…`:
 *
 * - percent-decoded, repeatedly (so `%252F` cannot survive one decoding as `%2F`), byte by byte, never throwing on
 *   a malformed escape (left as it is);
 * - backslashes as slashes (browsers read `\` as `/` in http URLs);
 * - dot segments resolved and repeated slashes collapsed (`path.posix.normalize`, on an absolute path, so `..` never
 *   climbs above the root);
 * - lower-cased.
 *
 * Use it only for comparisons: the path itself (a token, a slug) is passed on unchanged.
 */
export function normalisePath(path: string): string {
  let decoded = path;
  for (let i = 0; i < 5; i++) {
    const next = decoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === decoded) break;
    decoded = next;
  }
  const normalised = posix.normalize(`/${decoded.replace(/\\/g, '/')}`);
  return normalised.toLowerCase();
}

/** Whether a (raw) path is `/prefix` or lies below it, compared normalised. */
export function isUnder(path: string, prefix: string): boolean {
  const p = normalisePath(path);
  return p === prefix || p === `${prefix}/` || p.startsWith(`${prefix}/`);
}
