import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { GraphQLError } from 'graphql';
import { csvStream, type CsvCell, type CsvColumn } from '../platform/csv.js';

/** Cents as a Dutch decimal number without a symbol or thousands separators: 1234 → "12,34", -5 → "-0,05". */
export function euroAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The export's query built from the caller's filter; a GraphQLError (a filter outside the caller's scope, a bad date)
 * becomes its message, for a 400 refusal.
 */
export function exportQuery<T>(build: () => T): { ok: true; query: T } | { ok: false; message: string } {
  try {
    return { ok: true, query: build() };
  } catch (error) {
    if (error instanceof GraphQLError) return { ok: false, message: error.message };
    throw error;
  }
}

/**
 * Streams the rows as a CSV download: semicolon-separated with a decimal comma (Dutch spreadsheets), UTF-8 with a
 * byte-order mark, through the CSV writer (platform/csv.ts) with back-pressure. The pipeline ends the response, or
 * destroys it with the first error of any stage (the route then logs it).
 */
export async function sendCsv(
  res: Response,
  fileName: string,
  columns: readonly CsvColumn[],
  rows: AsyncIterable<CsvCell[]>,
): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  await pipeline(Readable.from(rows), csvStream(columns, { delimiter: ';', bom: true }), res);
}
