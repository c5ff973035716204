import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { expectAccessible, loginStaff, settle, STAFF } from './support';

/**
 * The CSV import and the audit log (issue 12), end to end: the Beheerder reads in 50 persons of which 3 rows are bad
 * (a BSN that fails the elfproef, a date that is no date, an unknown arrangement), sees the dry run with the bad rows'
 * line, column and reason, applies it and follows the progress; the same file imported again changes nothing. Then
 * the audit log screen filters by action and by person.
 */

const COLUMNS = [
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
];

/** The i-th valid BSN (elfproef) after `base` (8 digits). */
function bsn(base: number, i: number): string {
  for (let n = base + i * 11; ; n++) {
    const digits = String(n).padStart(8, '0');
    let sum = 0;
    for (let k = 0; k < 8; k++) sum += Number(digits[k]) * (9 - k);
    const check = sum % 11;
    if (check < 10 && digits + check !== '000000000') return digits + check;
  }
}

function csvOf(tag: string, arrangement: string): string {
  const rows = Array.from({ length: 50 }, (_, i) => {
    const household = `${tag}-H${Math.floor(i / 2)}`;
    const row: Record<string, string> = {
      huishoudnummer: household,
      klantnummer: `${tag}-P${i}`,
      voornaam: `Inwoner${i}`,
      achternaam: 'Proef',
      geboortedatum: `${String((i % 28) + 1).padStart(2, '0')}-03-1990`,
      bsn: bsn(58_000_000, i),
      regeling: i % 5 === 0 ? arrangement : '',
      bedrag: i % 5 === 0 ? '"50,00"' : '', // quoted: the comma is the separator
    };
    if (i === 10) row.bsn = '123456789';
    if (i === 20) row.geboortedatum = '31-02-1990';
    if (i === 30) row.regeling = 'Fietsregeling';
    return COLUMNS.map((c) => row[c] ?? '').join(',');
  });
  return [COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}

test('a CSV of 50 persons with 3 bad rows: dry run, apply, and importing again changes nothing; the audit log filters', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await loginStaff(page, STAFF.beheerder);
  // The Meedoenregeling in force (no age limit), as the server names it.
  const answer = await page.request.post(new URL('/graphql', baseURL).href, {
    data: { query: '{ arrangements(first: 50) { edges { node { name } } } }' },
  });
  const names = (
    (await answer.json()) as { data: { arrangements: { edges: { node: { name: string } }[] } } }
  ).data.arrangements.edges.map((e) => e.node.name);
  const meedoenregeling = names.find((n) => n.startsWith('Meedoenregeling'))!;
  const tag = `E${Date.now().toString(36).toUpperCase()}`;
  const file = { name: 'inwoners.csv', mimeType: 'text/csv', buffer: Buffer.from(csvOf(tag, meedoenregeling)) };

  await page.goto('/admin/beheer/importeren');
  await settle(page);
  // The demo's finished import is in the history.
  await expect(page.getByRole('table', { name: /De laatste \d+ imports/ })).toContainText('klanten-zuiderveen.csv');
  await expectAccessible(page, '/admin/beheer/importeren');

  const readIn = async () => {
    await page.getByLabel('Gemeente', { exact: true }).selectOption({ label: 'Gemeente Zuiderveen' });
    await page.getByLabel('CSV-bestand').setInputFiles(file);
    await page.getByRole('button', { name: 'Bestand controleren' }).click();
    await expect(page.getByRole('table', { name: 'Proefrun van 50 regels' })).toBeVisible();
  };
  const count = (label: string) =>
    page.getByRole('table', { name: 'Proefrun van 50 regels' }).getByRole('row', { name: label });

  await readIn();
  await expect(count('Nieuw')).toContainText('47');
  await expect(count('Ongeldig')).toContainText('3');
  // The dry run says which encoding it read, and counts the grants as applying makes them (one per household).
  await expect(page.getByText('Gelezen als UTF-8')).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Toewijzingen in de proefrun' }).getByRole('row', { name: 'Toe te kennen' }),
  ).toContainText('7');
  const problems = page.getByRole('table', { name: 'Ongeldige regels (3)' });
  await expect(problems.getByRole('row', { name: /^12 bsn/ })).toContainText('elfproef');
  await expect(problems.getByRole('row', { name: /^22 geboortedatum/ })).toContainText('geen datum');
  await expect(problems.getByRole('row', { name: /^32 regeling/ })).toContainText('bestaat niet');
  await expectAccessible(page, '/admin/beheer/importeren (proefrun)');

  await page.getByRole('button', { name: 'Import uitvoeren' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Klaar' })).toContainText(
    '47 aangemaakt, 0 bijgewerkt, 0 mislukt, 3 overgeslagen; 7 toewijzingen gedaan',
    {
      timeout: 60_000,
    },
  );
  await expect(page.getByRole('link', { name: 'Uitkomst per regel downloaden (CSV)' })).toBeVisible();

  // The same file again: nothing new, nothing changed.
  await readIn();
  await expect(count('Nieuw')).toContainText('0');
  await expect(count('Ongewijzigd')).toContainText('47');
  // Each row's arrangement is held already: no grant, and the screen says why per row.
  await expect(
    page.getByRole('table', { name: /Regels zonder toewijzing \(7\)/ }).getByRole('row', { name: /^2 / }),
  ).toContainText('heeft Meedoenregeling');
  await page.getByRole('button', { name: 'Import uitvoeren' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Klaar' })).toContainText('0 aangemaakt, 0 bijgewerkt', {
    timeout: 60_000,
  });

  // A file Dutch Excel saved as "CSV (gescheiden door lijstscheidingsteken)": Windows-1252, read and named as such.
  await page.getByLabel('Gemeente', { exact: true }).selectOption({ label: 'Gemeente Zuiderveen' });
  await page.getByLabel('CSV-bestand').setInputFiles({
    name: 'excel.csv',
    mimeType: 'text/csv',
    buffer: readFileSync(new URL('../../server/src/test/fixtures/excel-windows-1252.csv', import.meta.url)),
  });
  await page.getByRole('button', { name: 'Bestand controleren' }).click();
  await expect(page.getByText('Gelezen als Windows-1252 (Excel)')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Proefrun van 3 regels' })).toBeVisible();
  await expectAccessible(page, '/admin/beheer/importeren (Excel-bestand)');

  // The audit log: the import among the changes, then every row about one imported person (by client number).
  await page.goto('/admin/beheer/auditlog');
  await settle(page);
  const search = page.getByRole('search', { name: 'Auditlog filteren' });
  await search.getByLabel('Soort').selectOption({ label: 'Gewijzigd' });
  await search.getByRole('button', { name: 'Zoeken' }).click();
  const log = page.getByRole('table', { name: /^Gevonden regels van het auditlog/ });
  await expect(log.getByRole('row', { name: /Import verwerkt/ }).first()).toBeVisible();
  await expectAccessible(page, '/admin/beheer/auditlog');

  await search.getByLabel('Soort').selectOption({ label: 'Alle soorten' });
  await search.getByLabel('Persoon').fill(`${tag}-P0`);
  await search.getByRole('button', { name: 'Zoeken' }).click();
  await expect(page).toHaveURL(/persoon=/);
  await expect(log).toContainText('Persoon geïmporteerd');
  // The import run itself is about no person: not in this person's rows.
  await expect(log).not.toContainText('Import verwerkt');
});
