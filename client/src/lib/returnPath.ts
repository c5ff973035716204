/**
 * The `terug` (return to) parameter of the log-in pages.
 *
 * Only same-site relative paths are accepted: a single leading "/" followed by anything that is
 * not a second "/" or "\" (browsers treat "//host" and "/\host" as another site). Absolute URLs,
 * protocol-relative URLs, control characters and whitespace (which browsers strip, turning
 * "/\t/evil" into "//evil") are all rejected.
 */

const BASE = 'https://gemeentewinkel.invalid';
const MAX_LENGTH = 2048;

export function sanitizeReturnPath(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!value.startsWith('/')) return null;
  if (value.startsWith('//')) return null;
  // Backslashes count as slashes in browsers; control characters and whitespace get stripped.
  // eslint-disable-next-line no-control-regex -- control characters are what this check refuses
  if (/[\\\u0000-\u0020\u007f-\u009f\u2028\u2029]/.test(value)) return null;

  let parsed: URL;
  try {
    parsed = new URL(value, BASE);
  } catch {
    return null;
  }
  if (parsed.origin !== BASE) return null;
  const path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  // Defence in depth: the normalised result must still be a single-slash path.
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  return path;
}

/** The sanitised return path, or the fallback when it is missing or unsafe. */
export function returnPathOr(value: string | null | undefined, fallback: string): string {
  return sanitizeReturnPath(value) ?? fallback;
}
