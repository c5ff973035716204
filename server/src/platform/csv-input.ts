import iconv from 'iconv-lite';

/**
 * Reading CSV files people upload (beheer/importeren): which character encoding the bytes are in, and csv-parse's
 * errors as Dutch sentences naming the line. The stream plumbing around them is http/streams.ts.
 */

/** The encodings a CSV upload is read in: UTF-8 (with or without BOM), or what Dutch Excel saves as "CSV". */
export type TextEncoding = 'UTF-8' | 'WINDOWS-1252';

/** A file that cannot be read as text, with the Dutch reason (nothing of it is kept). */
export class TextInputError extends Error {
  constructor(
    readonly code: 'ENCODING' | 'NOT_CSV',
    message: string,
  ) {
    super(message);
  }
}

export const TEXT_INPUT_MESSAGES = {
  mixed:
    'Het bestand is deels als UTF-8 en deels anders opgeslagen, zodat sommige letters niet goed te lezen zijn. Sla het in uw spreadsheetprogramma opnieuw op als "CSV UTF-8" en probeer het opnieuw.',
  utf16:
    'Het bestand is opgeslagen als Unicode-tekst (UTF-16). Sla het in uw spreadsheetprogramma op als "CSV UTF-8" of als "CSV (gescheiden door lijstscheidingsteken)" en probeer het opnieuw.',
  binary: 'Dit is geen CSV-bestand (tekst met komma’s of puntkomma’s). Kies een CSV-bestand.',
} as const;

const hasHighByte = (bytes: Uint8Array) => bytes.some((b) => b >= 0x80);

/**
 * Where a UTF-8 letter that is cut off at the end of `bytes` begins (`bytes.length` when none is): the start of the
 * chunk's last letter when its lead byte announces more bytes than follow. Only the length is read here; whether the
 * bytes are valid UTF-8 is the decoder's question.
 */
function completeUpTo(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const b = bytes[bytes.length - back]!;
    if (b < 0x80) return bytes.length;
    if (b >= 0xc0) {
      const size = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
      return size > back ? bytes.length - back : bytes.length;
    }
  }
  return bytes.length;
}

/**
 * The text of a byte stream, chunk by chunk, in the encoding it turns out to be in: strict UTF-8 (a BOM dropped) as
 * long as every byte fits, otherwise Windows-1252, decoded by iconv-lite — what Dutch Excel writes for "CSV
 * (gescheiden door lijstscheidingsteken)". Everything before the first byte above 127 is plain ASCII and reads the same
 * in both, so the choice is made there without holding the file in memory (a letter cut off at the end of a chunk
 * waits for the next one). A file that was valid UTF-8 with letters beyond ASCII and then stops being so (two
 * encodings in one file) is refused, as are UTF-16 (Unicode text) and binary files (a NUL). `encoding` is told the
 * encoding once it is known (UTF-8 when the file is ASCII throughout).
 */
export async function* decodeText(
  source: AsyncIterable<Uint8Array>,
  encoding: (found: TextEncoding) => void,
): AsyncGenerator<string> {
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let windows: ReturnType<typeof iconv.getDecoder> | null = null;
  let carry: Buffer = Buffer.alloc(0);
  let first = true;
  let bom = true;
  let sawUtf8 = false;
  const checked = (text: string) => {
    if (text.includes('\u0000')) throw new TextInputError('NOT_CSV', TEXT_INPUT_MESSAGES.binary);
    return text;
  };
  const toWindows = (bytes: Buffer) => {
    windows = iconv.getDecoder('windows-1252');
    encoding('WINDOWS-1252');
    return windows.write(bytes);
  };
  for await (const raw of source) {
    let bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    if (first && bytes.length) {
      first = false;
      if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
        throw new TextInputError('ENCODING', TEXT_INPUT_MESSAGES.utf16);
    }
    if (windows) {
      const text = (windows as ReturnType<typeof iconv.getDecoder>).write(bytes);
      if (text) yield checked(text);
      continue;
    }
    if (carry.length) bytes = Buffer.concat([carry, bytes]);
    const end = completeUpTo(bytes);
    const whole = bytes.subarray(0, end);
    let text: string;
    try {
      text = utf8.decode(whole);
    } catch {
      // Not UTF-8. Up to here everything was ASCII (or this is not one encoding): Windows-1252 from here on.
      if (sawUtf8) throw new TextInputError('ENCODING', TEXT_INPUT_MESSAGES.mixed);
      carry = Buffer.alloc(0);
      const rest = toWindows(bytes);
      if (rest) yield checked(rest);
      continue;
    }
    carry = Buffer.from(bytes.subarray(end));
    if (hasHighByte(whole)) sawUtf8 = true;
    // The byte order mark of UTF-8 (EF BB BF) at the very start is not text.
    if (bom && text) {
      bom = false;
      if (text.startsWith('\ufeff')) text = text.slice(1);
    }
    if (text) yield checked(text);
  }
  if (windows) {
    const rest = (windows as ReturnType<typeof iconv.getDecoder>).end();
    if (rest) yield checked(rest);
    return;
  }
  if (carry.length) {
    // The file ends in a letter cut off: after valid UTF-8 letters it is no single encoding; after ASCII it is
    // a Windows-1252 letter at the very end.
    if (sawUtf8) throw new TextInputError('ENCODING', TEXT_INPUT_MESSAGES.mixed);
    const rest = toWindows(carry);
    const tail = (windows as unknown as ReturnType<typeof iconv.getDecoder>).end();
    if (rest || tail) yield checked(rest + (tail ?? ''));
    return;
  }
  encoding('UTF-8');
}

/** The Dutch name of an encoding for the dry run: "Gelezen als …". */
export function encodingText(encoding: TextEncoding): string {
  return encoding === 'UTF-8' ? 'Gelezen als UTF-8' : 'Gelezen als Windows-1252 (Excel)';
}

/** How many bytes one record (row) may have: a longer one is almost always a quote that was never closed. */
export const CSV_MAX_RECORD_BYTES = 64 * 1024;

/** What csv-parse says about where it was when it stopped (its CsvError carries the parser's info). */
interface CsvParseErrorInfo {
  code: string;
  lines?: number;
  column?: number | string | null;
}

/** Is this one of csv-parse's errors about the file (not about our options)? */
export function isCsvParseError(error: unknown): error is CsvParseErrorInfo {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' &&
    (code === 'INVALID_OPENING_QUOTE' || (code.startsWith('CSV_') && !code.startsWith('CSV_INVALID_OPTION')))
  );
}

/**
 * A csv-parse error as a Dutch sentence that names the line ("regel 3: een aanhalingsteken is niet gesloten."), for a
 * file refused as a whole. `recordStart` is the line the record in progress began on (csv-parse reports where it
 * stopped, which for a quote that is never closed is the end of the file); `columnName` names a column by its index.
 */
export function csvErrorMessage(
  error: CsvParseErrorInfo,
  where: { recordStart?: number | null; columnName?: (index: number) => string | null } = {},
): string {
  const at = error.lines ?? null;
  const line = (n: number | null) => (n ? `regel ${n}: ` : '');
  const column =
    typeof error.column === 'number' ? (where.columnName?.(error.column) ?? `kolom ${error.column + 1}`) : null;
  const inColumn = column ? ` (in ${column.startsWith('kolom') ? column : `kolom ${column}`})` : '';
  const fix = 'Controleer de aanhalingstekens en sla het bestand opnieuw op als CSV. Er is niets ingelezen.';
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `${line(where.recordStart ?? at)}een aanhalingsteken is niet gesloten. ${fix}`;
    case 'CSV_MAX_RECORD_SIZE':
      return `${line(where.recordStart ?? at)}deze regel is langer dan ${CSV_MAX_RECORD_BYTES / 1024} kB; waarschijnlijk is een aanhalingsteken niet gesloten. ${fix}`;
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return `${line(at)}na een sluitend aanhalingsteken${inColumn} staat nog tekst voor het scheidingsteken. ${fix}`;
    case 'INVALID_OPENING_QUOTE':
      return `${line(at)}een aanhalingsteken midden in een veld${inColumn}. Zet het hele veld tussen aanhalingstekens en schrijf een aanhalingsteken daarin dubbel (""). Er is niets ingelezen.`;
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
    case 'CSV_RECORD_INCONSISTENT_COLUMNS':
      return `${line(at)}deze regel heeft een ander aantal velden dan de kopregel. Controleer de scheidingstekens en aanhalingstekens. Er is niets ingelezen.`;
    default:
      return `${line(at)}het bestand is geen geldige CSV. ${fix}`;
  }
}
