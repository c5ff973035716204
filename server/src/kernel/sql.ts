/** `%`, `_` and `\` typed by a user are literal characters in a LIKE pattern. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern matching `text` anywhere (case and accents are the query's business: lower() / immutable_unaccent()). */
export function containsPattern(text: string): string {
  return `%${likeEscape(text)}%`;
}

/** A uuid[] parameter: `= any(?::uuid[])`. */
export function uuidArray(ids: readonly string[]): string {
  return `{${ids.join(',')}}`;
}
