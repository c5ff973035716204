import { stringify, type CastingContext, type Options, type Stringifier } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';

/**
 * The one CSV writer of the server: every export (orders, payments, journal entries, payout specifications, the
 * import's outcome and example) is written by csv-stringify through these functions, so every file is safe to open in
 * a spreadsheet.
 *
 * Formula injection (OWASP "CSV Injection"): a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return
 * (or their full-width forms) would be run by Excel or LibreOffice as a formula, e.g. a provider named
 * `=HYPERLINK("https://evil.example"; "Klik")`. csv-stringify's `escape_formulas` writes such a cell as text by
 * putting a `'` in front of it. The rule goes by the type of the cell, which the column declares:
 *
 * - text (the default): every string is escaped. A name `-foo` becomes `'-foo`, `=1+1` becomes `'=1+1`.
 * - a number column (`number: format`): its cells are JavaScript numbers (cents, counts), written with the column's
 *   format, e.g. `-1250` → `-12,50`. csv-stringify leaves a leading minus of a number alone, so a negative amount stays
 *   a number the spreadsheet adds up. A string that ends up in a number column is escaped like any text: only a real
 *   number is trusted.
 *
 * Quotes, delimiters and line breaks inside a cell are quoted as RFC 4180 says (csv-stringify; `quote_record_delimiter`
 * on, so a lone CR or LF inside a cell is quoted whatever the record delimiter is).
 */
export interface CsvColumn {
  header: string;
  /** A number column: the format of its (numeric) cells, e.g. cents as `12,50`. */
  number?: (value: number) => string;
}

export interface CsvFormat {
  /** `;` for Dutch spreadsheets (decimal comma), `,` otherwise. */
  delimiter: ';' | ',';
  /** A UTF-8 byte-order mark first, so Excel reads the accents right. */
  bom?: boolean;
  /** The header row (the columns' headers). Default true. */
  header?: boolean;
  /** `\r\n` (RFC 4180, what Excel writes) or `\n` (csv-stringify's default). Default `\n`. */
  recordDelimiter?: '\n' | '\r\n';
}

/** A cell: text, a number (in a number column: formatted by it), or empty. */
export type CsvCell = string | number | null | undefined;

function options(columns: readonly CsvColumn[], format: CsvFormat): Options {
  const formats = columns.map((c) => c.number);
  return {
    delimiter: format.delimiter,
    bom: format.bom ?? false,
    header: format.header ?? true,
    columns: columns.map((c) => c.header),
    record_delimiter: format.recordDelimiter === '\r\n' ? 'windows' : 'unix',
    quote_record_delimiter: true,
    escape_formulas: true,
    cast: {
      number: (value: number, context: CastingContext) => formats[context.index]?.(value) ?? String(value),
    },
  };
}

/**
 * A streaming writer: write rows (arrays in the columns' order) and pipe it into the response, preferably with
 * `stream/promises`' `pipeline`, which ends the response and passes on an error of any stage.
 */
export function csvStream(columns: readonly CsvColumn[], format: CsvFormat): Stringifier {
  return stringify(options(columns, format));
}

/** A small file (or one batch of a larger one) as text; with `header: false` only the rows, each ended. */
export function csvText(
  columns: readonly CsvColumn[],
  rows: readonly (readonly CsvCell[])[],
  format: CsvFormat,
): string {
  return stringifySync(rows as CsvCell[][], options(columns, format));
}
