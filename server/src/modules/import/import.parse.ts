import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { ok, problem, type Result } from '../../kernel/result.js';
import {
  CSV_MAX_RECORD_BYTES,
  TextInputError,
  csvErrorMessage,
  decodeText,
  isCsvParseError,
  type TextEncoding,
} from '../../platform/csv-input.js';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../rules/import.js';

/**
 * Reading an import file (the first step of the dry run): the upload as a stream, decoded (UTF-8 or Windows-1252),
 * its separator found from the header row, parsed by csv-parse into records with their line. A file refused as a
 * whole comes back as the `file` field's problem with the Dutch reason.
 */

/** A file the import refuses as a whole, with the Dutch reason; nothing of it is kept. */
export class ImportFileError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const IMPORT_FILE_MESSAGES = {
  empty: 'Het bestand is leeg. Kies een CSV-bestand met een kopregel en ten minste één regel met gegevens.',
  noRows: 'Het bestand bevat alleen een kopregel en geen gegevens.',
  tooManyRows: `Het bestand heeft meer dan ${IMPORT_MAX_ROWS.toLocaleString('nl-NL')} regels met gegevens. Splits het in delen van hoogstens ${IMPORT_MAX_ROWS.toLocaleString('nl-NL')} regels. Er is niets ingelezen.`,
  tooLarge: `Het bestand is groter dan ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Splits het in kleinere delen. Er is niets ingelezen.`,
};

/** One parsed record and the line where it ends. */
export interface ImportRecord {
  record: string[];
  info: { lines: number };
}

/** The separator of a file: from its header row, the character of the two that occurs there most. */
export function detectDelimiter(headerLine: string): ',' | ';' {
  const count = (c: string) => headerLine.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** The bytes of an upload, refused (TOO_LARGE) once more than the limit was sent. */
async function* withinLimit(source: AsyncIterable<Buffer>, truncated?: () => boolean): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    if (truncated?.()) throw new ImportFileError('TOO_LARGE', IMPORT_FILE_MESSAGES.tooLarge);
    yield chunk;
  }
  if (truncated?.()) throw new ImportFileError('TOO_LARGE', IMPORT_FILE_MESSAGES.tooLarge);
}

/**
 * Reads the upload and hands its records to `consume` (which may refuse the file by throwing `ImportFileError`).
 * The encoding is known at the first letter beyond ASCII, or (UTF-8) at the end of the file: `encoding()` asks.
 */
export async function readImportFile<T>(
  input: { source: AsyncIterable<Buffer>; truncated?: () => boolean },
  consume: (records: AsyncIterable<ImportRecord>, delimiter: ',' | ';', encoding: () => TextEncoding) => Promise<T>,
): Promise<Result<T>> {
  let encoding: TextEncoding = 'UTF-8';
  // Where the record in progress began: csv-parse names the line where it stopped (for a quote that is never
  // closed, the end of the file), the staff member needs the line where the trouble starts.
  let lastRecordLine = 0;
  let header: string[] | null = null;
  try {
    // The header row first: it says which separator the file uses.
    const text = decodeText(withinLimit(input.source, input.truncated), (found) => (encoding = found));
    let head = '';
    let next = await text.next();
    while (!next.done) {
      head += next.value;
      if (/[\r\n]/.test(head) || head.length > 64 * 1024) break;
      next = await text.next();
    }
    if (!head.trim()) throw new ImportFileError('EMPTY', IMPORT_FILE_MESSAGES.empty);
    const delimiter = detectDelimiter(head.split(/\r?\n/)[0]!);
    async function* all() {
      yield head;
      for await (const t of text) yield t;
    }
    let result: { value: T } | null = null;
    // One pipeline from the upload to the rows: an error anywhere (the upload, the decoding, the parser, a check)
    // rejects it and ends every stream in it; none is left to end the process.
    await pipeline(
      Readable.from(all()),
      parse({
        delimiter,
        bom: true,
        relax_column_count: true,
        skip_empty_lines: true,
        info: true,
        trim: false,
        max_record_size: CSV_MAX_RECORD_BYTES,
        // With `info`, each record comes as { record, info }: its line is where it ends.
        on_record: ((found: ImportRecord) => {
          lastRecordLine = found.info.lines;
          header ??= found.record.map((h) => String(h).trim().toLowerCase());
          return found;
        }) as unknown as (record: string[]) => string[],
      }),
      async (records: AsyncIterable<ImportRecord>) => {
        result = { value: await consume(records, delimiter, () => encoding) };
      },
    );
    return ok((result as { value: T } | null)!.value);
  } catch (error) {
    if (error instanceof ImportFileError || error instanceof TextInputError)
      return problem('file', error.code, error.message);
    if (isCsvParseError(error)) {
      const columns = header as string[] | null;
      return problem(
        'file',
        'NOT_CSV',
        `Het bestand is geen geldige CSV: ${csvErrorMessage(error, {
          recordStart: lastRecordLine + 1,
          columnName: (i) => columns?.[i] ?? null,
        })}`,
      );
    }
    throw error;
  }
}
