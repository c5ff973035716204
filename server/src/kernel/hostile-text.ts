/**
 * Text PostgreSQL refuses: a NUL character (text cannot hold one) and a lone UTF-16 surrogate (not valid UTF-8).
 * Such input is rejected at the boundary (GraphQL: graphql/hostile-input.ts; HTTP: http/hostile-request.ts) with a
 * Dutch message that names the field, so it never reaches the database as an error.
 */
// eslint-disable-next-line no-control-regex -- NUL is one of the characters this pattern exists to find
const HOSTILE = /[\u0000\p{Cs}]/u;

export function isHostileText(value: string): boolean {
  return HOSTILE.test(value);
}

/** "Het veld ‘search’ bevat een ongeldig teken." */
export function hostileTextMessage(field: string): string {
  return `Het veld ‘${field.slice(0, 100)}’ bevat een ongeldig teken.`;
}

/**
 * The name of the first field in `value` (a string, or arrays and objects of them, as JSON or a query string gives)
 * that holds hostile text: the innermost object key, else `name`. Null when all is well. Iterative, so a deeply
 * nested value cannot overflow the stack.
 */
export function findHostileText(value: unknown, name: string): string | null {
  const stack: [unknown, string][] = [[value, name]];
  while (stack.length) {
    const [current, field] = stack.pop()!;
    if (typeof current === 'string') {
      if (isHostileText(current)) return field;
    } else if (Array.isArray(current)) {
      for (const item of current) stack.push([item, field]);
    } else if (current && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (isHostileText(key)) return field;
        stack.push([item, key]);
      }
    }
  }
  return null;
}
