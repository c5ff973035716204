import {
  bsn as bsnRule,
  contactEmail,
  contactPhone,
  dateOfBirth,
  externalIdentifier,
  firstName,
  isIsoDate,
  lastName,
} from './person.js';
import type { Rule } from './rule.js';

/**
 * The one import format (documented on /admin/beheer/importeren, example at /api/imports/voorbeeld.csv): one row per
 * person, with their household and, optionally, one assignment. UTF-8 (a BOM is accepted) or Windows-1252 (what Dutch
 * Excel saves as "CSV (gescheiden door lijstscheidingsteken)"; recognised, platform/csv-input.ts), a header row with exactly
 * these columns in any order, separated by commas — or by semicolons, as Dutch spreadsheet programs save CSV (the
 * separator is recognised from the header row and named in the dry run).
 */
export const IMPORT_COLUMNS = [
  'huishoudnummer',
  'huishoudnaam',
  'klantnummer',
  'voornaam',
  'achternaam',
  'geboortedatum',
  'bsn',
  'email',
  'telefoon',
  'regeling',
  'bedrag',
  'geldig_vanaf',
  'geldig_tot',
] as const;

export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** What each column holds, for the format's documentation on the screen. */
export const IMPORT_COLUMN_HELP: Record<ImportColumn, string> = {
  huishoudnummer: 'Klantnummer van het huishouden (verplicht). Een nieuw nummer maakt een nieuw huishouden.',
  huishoudnaam: 'Naam van het huishouden (alleen bij een nieuw huishouden; leeg: "Huishouden <achternaam>").',
  klantnummer: 'Klantnummer van de persoon (verplicht, uniek). Hiermee herkent de import een bestaande persoon.',
  voornaam: 'Voornaam (verplicht).',
  achternaam: 'Achternaam (verplicht).',
  geboortedatum: 'Geboortedatum als 14-03-2015 of 2015-03-14 (mag leeg).',
  bsn: 'Burgerservicenummer, 9 cijfers met geldige elfproef (mag leeg; een leeg veld laat een bekend BSN staan).',
  email: 'E-mailadres (mag leeg).',
  telefoon: 'Telefoonnummer (mag leeg).',
  regeling:
    'Naam van een regeling van de gemeente om toe te kennen (mag leeg: dan geen toewijzing). Een regeling voor het huishouden wordt één keer per huishouden toegekend, hoeveel leden het bestand ook noemt; een regeling voor een leeftijdsgroep (bijvoorbeeld kinderen) aan elk lid dat erin valt.',
  bedrag: 'Bedrag in euro’s, bijvoorbeeld 150,00 (leeg: het standaardbedrag van de regeling).',
  geldig_vanaf: 'Eerste geldige dag van de toewijzing (leeg: het begin van de regeling).',
  geldig_tot: 'Laatste geldige dag van de toewijzing (leeg: het einde van de regeling).',
};

/** At most this many data rows in one file. */
export const IMPORT_MAX_ROWS = 250_000;
/** At most this many bytes in one file (250,000 rows of about 150 bytes, with room to spare). */
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024;

/** A row's values once checked: what is written, never the BSN in plain text. */
export interface ImportRowData {
  groupNumber: string;
  groupName: string;
  externalIdentifier: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  /** The BSN, only while the row is checked (never stored: bsnHash and bsnEncrypted are). */
  bsn: string | null;
  email: string | null;
  phone: string | null;
  arrangement: string | null;
  amountCents: number | null;
  validFrom: string | null;
  validUntil: string | null;
}

export interface CellProblem {
  column: ImportColumn | null;
  message: string;
}

/** A date as people type it: 14-03-2015, 14/03/2015 or 2015-03-14 → 2015-03-14; null when it is not a date. */
export function parseDate(raw: string): string | null {
  const value = raw.trim();
  let iso = value;
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(value);
  if (dmy) iso = `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

/**
 * An amount in euros as people type it (150, 150,00, 150.00, € 1.250,50) → cents; null when it is not an amount in
 * euros (cents written as a whole number of more than 6 digits, three decimals, letters, a negative amount).
 * 1,250.50 (English thousands) is refused too: in a Dutch file it is ambiguous.
 */
export function parseEuros(raw: string): number | null {
  let value = raw.trim().replace(/^€\s*/, '').replace(/\s+/g, '');
  if (!value) return null;
  // 1.250,50 (Dutch thousands) or a plain amount with a decimal comma or point; 12,345 is not an amount in euros.
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(value)) value = value.replace(/\./g, '').replace(',', '.');
  else value = value.replace(',', '.');
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(value)) return null;
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

function check<T>(r: Rule<T>, raw: string, column: ImportColumn, problems: CellProblem[]): T | null {
  const checked = r.check(raw);
  if (checked.ok) return checked.value;
  problems.push({ column, message: checked.problem.message });
  return null;
}

/**
 * One record's cells checked against the shared person rules (rules/person.ts: the elfproef among them). What needs
 * the database (a BSN on another person, the arrangement) is checked by the import service.
 */
export function checkRecord(
  cells: Record<ImportColumn, string>,
  today: string,
): { data: ImportRowData; problems: CellProblem[] } {
  const problems: CellProblem[] = [];
  const groupNumber = cells.huishoudnummer.trim();
  if (!groupNumber) problems.push({ column: 'huishoudnummer', message: 'Vul het klantnummer van het huishouden in.' });
  else check(externalIdentifier, groupNumber, 'huishoudnummer', problems);
  const externalId = cells.klantnummer.trim();
  if (!externalId) problems.push({ column: 'klantnummer', message: 'Vul het klantnummer van de persoon in.' });
  else check(externalIdentifier, externalId, 'klantnummer', problems);
  const first = check(firstName, cells.voornaam, 'voornaam', problems) ?? '';
  const last = check(lastName, cells.achternaam, 'achternaam', problems) ?? '';
  const groupName = cells.huishoudnaam.trim().replace(/\s+/g, ' ') || `Huishouden ${last}`.trim();
  if (groupName.length > 200)
    problems.push({
      column: 'huishoudnaam',
      message: 'De naam van het huishouden mag hoogstens 200 tekens lang zijn.',
    });

  let birth: string | null = null;
  if (cells.geboortedatum.trim()) {
    const iso = parseDate(cells.geboortedatum);
    if (!iso)
      problems.push({ column: 'geboortedatum', message: 'Dit is geen datum. Schrijf bijvoorbeeld 14-03-2015.' });
    else birth = check(dateOfBirth(today), iso, 'geboortedatum', problems);
  }
  const bsn = check(bsnRule, cells.bsn, 'bsn', problems) || null;
  const email = check(contactEmail, cells.email, 'email', problems) ?? null;
  const phone = check(contactPhone, cells.telefoon, 'telefoon', problems) ?? null;

  const arrangement = cells.regeling.trim().replace(/\s+/g, ' ') || null;
  let amountCents: number | null = null;
  if (cells.bedrag.trim()) {
    amountCents = parseEuros(cells.bedrag);
    if (amountCents === null)
      problems.push({ column: 'bedrag', message: 'Dit is geen bedrag in euro’s. Schrijf bijvoorbeeld 150,00.' });
    else if (amountCents <= 0) {
      problems.push({ column: 'bedrag', message: 'Het bedrag moet groter zijn dan € 0,00.' });
      amountCents = null;
    }
  }
  const dates: Record<'geldig_vanaf' | 'geldig_tot', string | null> = { geldig_vanaf: null, geldig_tot: null };
  for (const column of ['geldig_vanaf', 'geldig_tot'] as const) {
    if (!cells[column].trim()) continue;
    dates[column] = parseDate(cells[column]);
    if (!dates[column]) problems.push({ column, message: 'Dit is geen datum. Schrijf bijvoorbeeld 01-01-2027.' });
  }
  if (!arrangement) {
    for (const column of ['bedrag', 'geldig_vanaf', 'geldig_tot'] as const) {
      if (cells[column].trim())
        problems.push({ column, message: 'Vul ook de regeling in, of laat bedrag en geldigheid leeg.' });
    }
  }
  if (dates.geldig_vanaf && dates.geldig_tot && dates.geldig_tot < dates.geldig_vanaf)
    problems.push({ column: 'geldig_tot', message: 'De einddatum ligt voor de begindatum.' });

  return {
    data: {
      groupNumber,
      groupName,
      externalIdentifier: externalId,
      firstName: first,
      lastName: last,
      dateOfBirth: birth,
      bsn,
      email,
      phone,
      arrangement,
      amountCents,
      validFrom: dates.geldig_vanaf,
      validUntil: dates.geldig_tot,
    },
    problems,
  };
}

/**
 * The header row's problem, or null when it has exactly the documented columns (any order, any case, spaces
 * around names ignored).
 */
export function headerProblem(header: readonly string[]): string | null {
  const names = header.map((h) => h.trim().toLowerCase());
  const missing = IMPORT_COLUMNS.filter((c) => !names.includes(c));
  const unknown = names.filter((n) => !(IMPORT_COLUMNS as readonly string[]).includes(n));
  const doubled = names.filter((n, i) => names.indexOf(n) !== i);
  if (!missing.length && !unknown.length && !doubled.length) return null;
  const parts: string[] = [];
  if (missing.length) parts.push(`Ontbrekende kolommen: ${missing.join(', ')}.`);
  if (unknown.length) parts.push(`Onbekende kolommen: ${unknown.map((u) => u || '(leeg)').join(', ')}.`);
  if (doubled.length) parts.push(`Dubbele kolommen: ${[...new Set(doubled)].join(', ')}.`);
  return `De kolommen kloppen niet. ${parts.join(' ')} De eerste regel moet precies deze kolommen noemen: ${IMPORT_COLUMNS.join(', ')}.`;
}

/**
 * The downloadable example: three persons in two households, one with an assignment. BSNs are test numbers. The rows
 * under the header IMPORT_COLUMNS; the server writes them with its CSV writer (the arrangement's name is a name staff
 * typed, so it is written as text, never as a formula).
 */
export function exampleRows(arrangementName = 'Kindpakket'): string[][] {
  return [
    [
      'H-1001',
      'Huishouden De Vries',
      'P-1001-1',
      'Anna',
      'de Vries',
      '12-05-1985',
      '111222333',
      'anna@voorbeeld.nl',
      '06 12345678',
      '',
      '',
      '',
      '',
    ],
    [
      'H-1001',
      'Huishouden De Vries',
      'P-1001-2',
      'Sem',
      'de Vries',
      '03-09-2015',
      '',
      '',
      '',
      arrangementName,
      '150',
      '',
      '',
    ],
    ['H-1002', '', 'P-1002-1', 'Fatima', 'El Amrani', '1979-11-23', '', '', '020 123 4567', '', '', '', ''],
  ];
}
