import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { expectAccessible, loginStaff, settle } from './support';

/**
 * Finance, payments (issue 11): a mismatch made at the payment simulator shows up in controle and is resolved; the
 * payments list filters through the URL and exports exactly the filtered rows as CSV. From the seeded demo data (its
 * demo activity paid two own contributions, and seeders/demo-payments.ts made differences at the simulator).
 */
const FINANCE = 'financien@demo.gemeentewinkel.nl';

test('a mismatch made at the payment simulator shows up in controle and is marked explained', async ({ page }) => {
  test.setTimeout(120_000);
  await loginStaff(page, FINANCE);

  // At the simulator: a payment we do not know (only the simulator's page knows about it).
  await page.goto('/betalen/simulator');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Betalingen bij de simulator');
  await page.getByLabel('Soort').selectOption('MISSING_HERE');
  await page.getByLabel('Bedrag in centen').fill('4321');
  await page.getByRole('button', { name: 'Afwijking maken' }).click();
  await expect(page.getByRole('cell', { name: '€ 43,21' })).toBeVisible();

  await page.goto('/admin/beheer/betalingen/controle');
  await settle(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Controle betalingen');
  await expect(
    page.getByRole('navigation', { name: 'Financiën' }).getByRole('link', { name: 'Controle' }),
  ).toHaveAttribute('aria-current', 'page');
  const differences = page.getByRole('table', { name: /Verschillen/ });
  const row = differences.getByRole('row').filter({ hasText: '€ 43,21' });
  await expect(row).toContainText('Ontbreekt bij ons');
  await expect(row).toContainText('Niet aanwezig');
  // The demo's differences and its stopped refund are there too.
  await expect(differences.getByRole('row').filter({ hasText: 'Bedrag wijkt af' })).toHaveCount(1);
  await expect(
    page.getByRole('table', { name: /niet zijn gelukt/ }).getByRole('button', { name: /Opnieuw proberen/ }),
  ).toHaveCount(1);
  await expectAccessible(page, 'controle betalingen');

  // Explaining needs a note; then it is resolved, once.
  await row.getByRole('button', { name: /Markeren als verklaard/ }).click();
  await row.getByRole('button', { name: 'Verklaring opslaan' }).click();
  await expect(page.getByText('Leg in een paar woorden uit waarom het verschil klopt.').first()).toBeVisible();
  await row.getByRole('textbox').fill('Testbetaling van de leverancier, terugbetaald buiten de Gemeentewinkel.');
  await row.getByRole('button', { name: 'Verklaring opslaan' }).click();
  await expect(page.getByText(/is gemarkeerd als verklaard/)).toBeVisible();
  const resolved = differences.getByRole('row').filter({ hasText: '€ 43,21' });
  await expect(resolved).toContainText('Verklaard');
  await expect(resolved).toContainText('Testbetaling van de leverancier');
  await expect(resolved.getByRole('button')).toHaveCount(0);
});

test('the payments list filters through the URL, shows totals and exports exactly the filtered rows', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginStaff(page, FINANCE);
  await page.goto('/admin/beheer/betalingen');
  await settle(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Betalingen');
  await expect(
    page.getByRole('navigation', { name: 'Financiën' }).getByRole('link', { name: 'Uitbetalingen' }),
  ).toBeVisible();
  const table = page.getByRole('table', { name: 'Betalingen en terugbetalingen' });
  await expect(table.getByRole('row')).not.toHaveCount(0);
  await expectAccessible(page, 'betalingen');

  await page.getByLabel('Status').selectOption({ label: 'Betaald' });
  await page.getByRole('button', { name: 'Filteren' }).click();
  await expect(page).toHaveURL(/status=betaald/);
  await settle(page);
  const found = page.getByRole('table', { name: 'Gevonden betalingen en terugbetalingen' });
  const rows = found.getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await expect(rows.nth(i)).toContainText('Betaald');
  await expect(page.getByRole('heading', { name: 'Totalen van de gefilterde regels' })).toBeVisible();
  await expect(page.getByRole('definition').first()).toHaveText(String(count));

  // The export: the same filter, exactly these rows.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Exporteren als CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^betalingen-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    'soort;status;aangemaakt;afgerond;bedrag;gemeente;betaaldienst;kenmerk betaaldienst;betaling;id',
  );
  expect(lines).toHaveLength(1 + count);
  expect(lines.slice(1).every((l) => l.split(';')[1] === 'betaald')).toBe(true);

  // Reload keeps the filter (it lives in the URL).
  await page.reload();
  await settle(page);
  await expect(page.getByLabel('Status')).toHaveValue('betaald');
});

test('the payment settings test the connection and refuse a bad IBAN with the server’s Dutch message', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginStaff(page, 'beheerder@demo.gemeentewinkel.nl');
  await page.goto('/admin/beheer/instellingen/betalingen');
  await settle(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Betalingsinstellingen');
  await expectAccessible(page, 'betalingsinstellingen');
  await page.getByRole('button', { name: 'Verbinding testen' }).click();
  await expect(page.getByText('De verbinding met de simulator werkt.')).toBeVisible();

  // Nothing is saved: the IBAN fails its check and the form says so at the field (the section's zod message).
  const account = page.getByRole('group', { name: /Rekening voor uitbetalingen van Gemeente Zuiderveen/ });
  await account.getByLabel('Naam rekeninghouder').fill('Gemeente Zuiderveen');
  await account.getByLabel('IBAN').fill('NL00BANK0123456789');
  await account.getByLabel('BIC').fill('BNGHNL2G');
  // The debtor's address for the SEPA file, checked by the server's shared rules.
  await account.getByLabel('Straat').fill('Raadhuisplein');
  await account.getByLabel('Huisnummer').fill('1');
  await account.getByLabel('Postcode').fill('783');
  await account.getByLabel('Plaats').fill('Zuiderveen');
  await page.getByRole('button', { name: 'Betaalinstellingen opslaan' }).click();
  const summary = page.getByRole('alert').filter({ hasText: /IBAN/ });
  await expect(summary).toBeVisible();
  await expect(summary).toContainText('Vul een geldige postcode in, bijvoorbeeld 1234 AB.');
  await expect(account.getByLabel('IBAN')).toHaveAttribute('aria-invalid', 'true');
  await expect(account.getByLabel('Postcode')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'betalingsinstellingen met fouten');

  // Corrected (the demo's own account): saved, the postcode as the server normalised it.
  await account.getByLabel('IBAN').fill('NL14BNGH0285001234');
  await account.getByLabel('Postcode').fill('7831hg');
  await page.getByRole('button', { name: 'Betaalinstellingen opslaan' }).click();
  await expect(page.getByText('De betaalinstellingen zijn opgeslagen.')).toBeVisible();
  await expect(
    page.getByRole('group', { name: /Rekening voor uitbetalingen van Gemeente Zuiderveen/ }).getByLabel('Postcode'),
  ).toHaveValue('7831 HG');
});
