import { UserError } from './errors.js';

/**
 * What a service method that changes something returns: the value, or the problems with the input as Dutch
 * `UserError`s (field, code, message). Exceptions stay for bugs and permission denials.
 * The resolver maps it onto its payload in one line: `return CategoryPayload.from(result)` (graphql/payload.ts);
 * an HTTP route or a job reads `result.ok` / `result.value` / `result.errors` directly.
 */
export type Result<T> = { ok: true; value: T } | { ok: false; errors: UserError[] };

/** A `Result` without a value: done, or the problems. */
export type Outcome = { ok: true } | { ok: false; errors: UserError[] };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** One or more problems. `fail()` without problems is a bug: it would read as "nothing wrong, nothing done". */
export function fail<T = never>(...errors: [UserError, ...UserError[]]): Result<T> {
  return { ok: false, errors };
}

/** Shorthand for the common case of one problem: `problem('name', 'REQUIRED', 'Vul een naam in.')`. */
export function problem<T = never>(field: string | null, code: string, message: string): Result<T> {
  return fail(UserError.of(field, code, message));
}

/** The same result with its value transformed (problems pass through unchanged). */
export async function mapResult<T, U>(result: Result<T>, map: (value: T) => U | Promise<U>): Promise<Result<U>> {
  return result.ok ? ok(await map(result.value)) : result;
}

/** Problems collected while validating; `fail(...errors)` once at the end when there are any. */
export function failIfAny<T = never>(errors: readonly UserError[]): Result<T> | null {
  const [first, ...rest] = errors;
  return first ? fail(first, ...rest) : null;
}
