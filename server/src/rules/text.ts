import { invalid, nl, rule, valid, type Rule } from './rule.js';

/** Length in characters as people count them (and as PostgreSQL's char_length does): code points, not UTF-16 units. */
export function length(text: string): number {
  return [...text].length;
}

/** Spaces at the ends removed, runs of white space made one space (names, titles). */
export function collapseSpaces(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/** Line ends made `\n`, spaces at the ends removed (descriptions, reasons). */
export function normaliseLines(text: string): string {
  return text.replace(/\r\n?/g, '\n').trim();
}

export interface TextOptions {
  /** The message when it is empty; without it, empty is allowed (and the value is ''). */
  required?: string;
  min?: number;
  max?: number;
  /** The message when it is shorter than `min` or longer than `max`; default "… moet tussen min en max tekens lang zijn." */
  length?: string;
  /** `line` (default): one line, white space collapsed; `multiline`: line ends kept, only trimmed. */
  shape?: 'line' | 'multiline';
  /** What the text is, for the default messages: "De naam", "De omschrijving". */
  subject?: string;
}

/** A text of a given length: names, titles, descriptions, reasons. */
export function text(options: TextOptions): Rule<string> {
  const { min = 0, max = Number.MAX_SAFE_INTEGER, subject = 'De tekst' } = options;
  const lengthMessage =
    options.length ??
    (min > 1
      ? `${subject} moet tussen ${nl(min)} en ${nl(max)} tekens lang zijn.`
      : `${subject} mag hoogstens ${nl(max)} tekens lang zijn.`);
  return rule((raw) => {
    const value = options.shape === 'multiline' ? normaliseLines(raw) : collapseSpaces(raw);
    if (!value) return options.required ? invalid('REQUIRED', options.required) : valid('');
    const n = length(value);
    if (n < min || n > max) return invalid('LENGTH', lengthMessage);
    return valid(value);
  });
}

export interface IntegerOptions {
  min: number;
  max: number;
  /** The message for anything that is not a whole number from min to max. */
  message: string;
  /** The message when it is empty; without it, empty counts as `empty`. */
  required?: string;
  empty?: number;
}

/** A whole number in a range, typed as text ("12") or given as a number. */
export function integer(options: IntegerOptions): Rule<number> {
  return rule((text, raw) => {
    const trimmed = text.trim();
    if (!trimmed) {
      if (options.required) return invalid('REQUIRED', options.required);
      if (options.empty !== undefined) return valid(options.empty);
      return invalid('RANGE', options.message);
    }
    const value = typeof raw === 'number' ? raw : /^-?\d{1,16}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
    if (!Number.isInteger(value) || value < options.min || value > options.max)
      return invalid('RANGE', options.message);
    return valid(value);
  });
}
