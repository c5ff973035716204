/**
 * Validation rules shared by the server and the client (the client imports this folder through its `@rules` alias):
 * one definition of every check and its Dutch message, so a form that checks instantly runs the very rule the
 * server enforces — never a copy of its numbers.
 *
 * Isomorphic: no Node APIs and no server imports; the only dependency is `ibantools`, which both workspaces have.
 * Relative imports end in `.js` (the server's NodeNext resolution); Vite and the client's TypeScript resolve them to
 * the `.ts` files.
 */

/** What is wrong with one value: a stable code (REQUIRED, LENGTH, INVALID, RANGE, …) and a Dutch message. */
export interface Problem {
  code: string;
  message: string;
}

/** What a person typed, as a form (string) or the API (string, number, boolean) hands it over. */
export type Raw = string | number | boolean | null | undefined;

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: Problem };

/** A rule turns what a person typed into the value that is stored (trimmed, normalised), or says what is wrong. */
export interface Rule<T = string> {
  check(raw: Raw): Checked<T>;
}

export type ValueOf<R> = R extends Rule<infer T> ? T : never;

export function valid<T>(value: T): Checked<T> {
  return { ok: true, value };
}

export function invalid(code: string, message: string): { ok: false; problem: Problem } {
  return { ok: false, problem: { code, message } };
}

/** A rule from a function of the raw text (null and undefined become ''; numbers and booleans their text). */
export function rule<T>(check: (text: string, raw: Raw) => Checked<T>): Rule<T> {
  return { check: (raw) => check(raw == null ? '' : String(raw), raw) };
}

/** The same rule, with an empty value allowed (→ `empty`, e.g. null or ''). */
export function optional<T, E = null>(inner: Rule<T>, empty: E = null as E): Rule<T | E> {
  return rule<T | E>((text, raw) => (text.trim() === '' ? valid(empty) : inner.check(raw)));
}

/** A box that must be ticked: `true` (the API) or the box's form value `ja`. */
export function accepted(message: string): Rule<true> {
  return rule((text, raw) => (raw === true || text === 'ja' ? valid(true as const) : invalid('REQUIRED', message)));
}

/** The Dutch message of what is wrong with `raw`, or null: for a form's instant check of one field. */
export function messageOf(r: Rule<unknown>, raw: Raw): string | null {
  const checked = r.check(raw);
  return checked.ok ? null : checked.problem.message;
}

/** A problem with a named field: the shape of the server's UserError and of the client's field messages. */
export interface FieldProblem extends Problem {
  field: string;
}

/**
 * Checks every field of `input` with its rule: the normalised values, and the problems in the order of `rules`.
 * `values` is only complete when `problems` is empty.
 */
export function checkAll<Rules extends Record<string, Rule<unknown>>>(
  rules: Rules,
  input: Partial<Record<keyof Rules, Raw>>,
): { values: { [K in keyof Rules]: ValueOf<Rules[K]> }; problems: FieldProblem[] } {
  const values: Record<string, unknown> = {};
  const problems: FieldProblem[] = [];
  for (const [field, r] of Object.entries(rules)) {
    const checked = r.check(input[field as keyof Rules]);
    if (checked.ok) values[field] = checked.value;
    else problems.push({ field, ...checked.problem });
  }
  return { values: values as { [K in keyof Rules]: ValueOf<Rules[K]> }, problems };
}

/** Dutch number format for messages: 100000 → "100.000". */
export function nl(n: number): string {
  return new Intl.NumberFormat('nl-NL').format(n);
}
