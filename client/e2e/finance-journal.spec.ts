import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { expectAccessible, expectFieldError, loginStaff, settle } from './support';

/**
 * Journal entries (issue 11): finance sets a ledger code (bad input refused in Dutch) and a per-arrangement override,
 * then exports a period of the demo's ledger as CSV: every entry balances and the file's debit and credit totals
 * equal the period's totals the screen derives from the ledger.
 */

const FINANCE = 'financien@demo.gemeentewinkel.nl';

/** "€ 1.234,56" or "1.234,56" → 123456. */
function cents(text: string): number {
  const clean = text.replace(/[^\d,-]/g, '');
  if (!clean) return 0;
  const [whole, frac = '0'] = clean.split(',');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

test('finance maps a ledger account and exports a period whose CSV totals equal the ledger', async ({ page }) => {
  await loginStaff(page, FINANCE);

  // The mapping: an empty account is refused with the shared rule's Dutch message; then a code is saved.
  await page.goto('/admin/beheer/journaalposten/instellingen');
  await settle(page);
  await expectAccessible(page, 'instellingen journaalposten');
  const bank = page.getByRole('form', { name: 'Bank' });
  const bankAccount = bank.getByLabel('Grootboekrekening');
  await bankAccount.fill('');
  await bank.getByRole('button', { name: 'Opslaan' }).click();
  await expectFieldError(bank, bankAccount, 'Vul een grootboekrekening in.');
  await bankAccount.fill('1105');
  await bank.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('De codes voor ‘Bank’ zijn opgeslagen.')).toBeVisible();

  // A per-arrangement override for expired budget.
  const override = page.getByRole('form', { name: 'Afwijkende codes instellen' });
  await override.getByLabel('Regeling').selectOption({ index: 1 });
  const arrangementName = (await override.getByLabel('Regeling').locator('option:checked').textContent())!.trim();
  await override.getByLabel('Rekening', { exact: true }).selectOption({ label: 'Vervallen tegoed' });
  await override.getByLabel('Grootboekrekening').fill('8420');
  await override.getByLabel('Kostenplaats (optioneel)').fill('MR300');
  await override.getByRole('button', { name: 'Afwijkende codes opslaan' }).click();
  await expect(page.getByText('De afwijkende codes voor de regeling zijn opgeslagen.')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(`${arrangementName}.*Vervallen tegoed`) });
  await expect(row).toContainText('8420');
  await expect(row).toContainText('MR300');

  // The entries: pick the newest month of the demo with bookings.
  await page.goto('/admin/beheer/journaalposten');
  await settle(page);
  const periodSelect = page.getByLabel('Periode', { exact: true });
  const options = await periodSelect
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  const countCell = page.locator('dt:has-text("Journaalposten") + dd');
  let chosen = '';
  for (const option of options) {
    await periodSelect.selectOption(option);
    await settle(page);
    if (Number(await countCell.textContent()) > 0) {
      chosen = option;
      break;
    }
  }
  expect(chosen, 'a month of the demo with bookings').not.toBe('');
  await expectAccessible(page, 'journaalposten');
  const debit = cents((await page.locator('dt:has-text("Totaal debet") + dd').textContent())!);
  const credit = cents((await page.locator('dt:has-text("Totaal credit") + dd').textContent())!);
  expect(debit).toBeGreaterThan(0);
  expect(debit).toBe(credit);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /^Exporteer .* als CSV$/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`journaalposten-${chosen}.csv`);
  const csv = readFileSync((await download.path())!, 'utf8');
  const [header, ...lines] = csv.trim().split('\r\n');
  expect(header).toBe('datum;dagboek;grootboekrekening;kostenplaats;debet;credit;omschrijving;referentie');
  let fileDebit = 0;
  let fileCredit = 0;
  for (const line of lines) {
    const cells = line.split(';');
    expect(cells[2], 'every line has a general-ledger account').not.toBe('');
    fileDebit += cents(cells[4]!);
    fileCredit += cents(cells[5]!);
  }
  expect(fileDebit).toBe(debit);
  expect(fileCredit).toBe(credit);
  await expect(page.getByText('De export is gedownload.')).toBeVisible();
  await expect(page.locator('dt:has-text("Laatste export") + dd')).not.toHaveText('Nog niet geëxporteerd');
});
