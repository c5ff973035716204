import { IMPORT_COLUMNS } from '../rules/import.js';
import { isValidBsn } from '../rules/person.js';

/** The i-th valid BSN (elfproef) of a series starting at 8 digits `base` (e.g. 70000000): deterministic, unique. */
export function testBsn(base: number, i: number): string {
  for (let n = base + i * 11; ; n++) {
    const digits = String(n).padStart(8, '0');
    let sum = 0;
    for (let k = 0; k < 8; k++) sum += Number(digits[k]) * (9 - k);
    const check = sum % 11;
    if (check < 10 && isValidBsn(digits + check)) return digits + check;
  }
}

export type ImportCsvRow = Partial<Record<(typeof IMPORT_COLUMNS)[number], string>>;

/** A CSV in the import format from rows (missing cells empty); `;` as separator when asked. */
export function importCsv(rows: ImportCsvRow[], delimiter: ',' | ';' = ','): string {
  const quote = (v: string) => (v.includes(delimiter) || /["\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return (
    [
      IMPORT_COLUMNS.join(delimiter),
      ...rows.map((r) => IMPORT_COLUMNS.map((c) => quote(r[c] ?? '')).join(delimiter)),
    ].join('\r\n') + '\r\n'
  );
}

/**
 * `count` persons, two per household, every person with a valid unique BSN and a date of birth, and (when
 * `arrangement` is given) an assignment of it. `tag` makes client numbers unique per test.
 */
export function generatedPersons(
  count: number,
  tag: string,
  arrangement: string | null,
  bsnBase = 70_000_000,
): ImportCsvRow[] {
  return Array.from({ length: count }, (_, i) => ({
    huishoudnummer: `${tag}-H${Math.floor(i / 2)}`,
    klantnummer: `${tag}-P${i}`,
    voornaam: `Inwoner${i}`,
    achternaam: 'Import',
    geboortedatum: `${String((i % 28) + 1).padStart(2, '0')}-0${(i % 9) + 1}-1980`,
    bsn: testBsn(bsnBase, i),
    email: `${tag.toLowerCase()}-p${i}@voorbeeld.nl`,
    regeling: arrangement ?? '',
    bedrag: arrangement ? '75,00' : '',
  }));
}
