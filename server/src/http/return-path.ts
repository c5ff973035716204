/** A same-site path to return to after log-in; anything else (absolute URLs, //host, backslashes) gives the fallback. */
export function safeReturnPath(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || value.length > 2000) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this check refuses
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || /[\u0000-\u001f]/.test(value))
    return fallback;
  return value;
}
