import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { GraphQLError } from 'graphql';
import { csvStream, type CsvCell, type CsvColumn } from '../platform/csv.js';
import { defineRoute, type RouteDeclaration } from './route.js';

/**
 * A CSV download, declared: a GET without a body whose refusals are plain text (a browser opens the link), limited
 * by the service to the caller's municipalities unless it says otherwise, and never cached (`Cache-Control: no-store`
 * before the handler writes anything). The handler streams its rows with `sendCsv`.
 */
export function defineCsvExport(
  declaration: Omit<RouteDeclaration, 'method' | 'body' | 'refusals' | 'scope'> &
    Partial<Pick<RouteDeclaration, 'scope'>>,
): RouteDeclaration {
  return defineRoute({
    method: 'GET',
    scope: 'service',
    body: { kind: 'none' },
    refusals: 'text',
    ...declaration,
    handler: (call) => {
      call.res.setHeader('Cache-Control', 'no-store');
      return declaration.handler(call);
    },
  });
}

/** A filter's query parameter as text: trimmed, at most 100 characters; null when absent or empty. */
export function queryText(req: Request, name: string): string | null {
  const value = req.query[name];
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, 100) : null;
}

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
