import { readFile } from 'node:fs/promises';
import { demoCalendar, test, expect } from './fixtures';
import { expectAccessible, loginStaff, settle, STAFF } from './support';

/**
 * Year end, dashboard and the orders export (issue 11), from the seeded demo: last year's Zwemregeling of Noorderhaven
 * was copied to this year and granted again to its three holders (server/src/seeders/demo-year-end.ts). The Beheerder
 * copies this year's to the next year, previews the bulk grant and applies it; reads the budget use on the dashboard;
 * and exports the filtered order list as CSV.
 */

test('the Beheerder copies an arrangement to the next period and grants it again to last period’s holders', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { year } = await demoCalendar(baseURL!);
  await loginStaff(page, STAFF.beheerder);
  await page.goto('/admin/regelingen');
  await settle(page);
  await page.getByRole('link', { name: `Zwemregeling ${year}`, exact: true }).click();
  await settle(page);
  await page.getByRole('link', { name: 'Volgende periode: kopiëren en opnieuw toekennen' }).click();
  await expect(page).toHaveURL(/\/admin\/regelingen\/[0-9a-f-]{36}\/volgende-periode$/);
  await settle(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Volgende periode: Zwemregeling ${year}`);
  // This year's arrangement continues last year's: its own holders were granted already.
  await expect(page.getByText('Al toegekend').first()).toBeVisible();
  await expectAccessible(page, 'volgende periode');

  await page.getByRole('button', { name: 'Kopiëren naar de volgende periode' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `De regeling ‘Zwemregeling ${year + 1}’ is aangemaakt` }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Volgende periode: Zwemregeling ${year + 1}`);
  await settle(page);

  // The preview: three holders, each € 75,00 under every granting rule; nothing granted yet.
  const table = page.getByRole('table', { name: 'Houders van de vorige periode' });
  await expect(table.locator('tbody tr')).toHaveCount(3);
  await expect(table.getByText('Wordt toegekend')).toHaveCount(3);
  await expect(page.locator('.gw-stat').filter({ hasText: 'Totaal toe te kennen' })).toContainText('225,00');
  await expectAccessible(page, 'opnieuw toekennen: voorbeeld');

  await page.getByRole('button', { name: 'Opnieuw toekennen aan 3 houders' }).click();
  await expect(page.getByText('Opnieuw toekennen is klaar: 3 toegekend, 0 overgeslagen.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(table.getByText('Al toegekend')).toHaveCount(3);
  await expect(page.getByRole('button', { name: /Opnieuw toekennen aan/ })).toHaveCount(0);
  await expectAccessible(page, 'opnieuw toekennen: klaar');
});

test('the dashboard shows budget use per arrangement in a table beside the chart', async ({ page, baseURL }) => {
  const { year, meedoenregeling } = await demoCalendar(baseURL!);
  await loginStaff(page, STAFF.beheerder);
  await page.goto('/admin');
  await settle(page);
  const totals = page.getByRole('table', { name: 'Toegekend, besteed, vervallen en resterend tegoed per regeling' });
  await expect(totals.getByRole('rowheader', { name: `Zwemregeling ${year}`, exact: true })).toBeVisible();
  const row = totals.getByRole('row', { name: new RegExp(`^${meedoenregeling}`) });
  await expect(row).toContainText('€');
  // Months of the chosen arrangement, and another one chosen.
  await page
    .getByRole('combobox', { name: 'Regeling per maand' })
    .selectOption({ label: `Zwemregeling ${year - 1} (Gemeente Noorderhaven)` });
  const months = page.getByRole('table', { name: `Zwemregeling ${year - 1} per maand` });
  await expect(months.locator('tbody tr').first()).toBeVisible();
  await expectAccessible(page, 'dashboard met budgetgebruik');
});

test('the order list exports exactly its filtered rows as CSV', async ({ page }) => {
  await loginStaff(page, STAFF.beheerder);
  await page.goto('/admin/bestellingen?status=geannuleerd');
  await settle(page);
  const rows = page.locator('main table tbody tr');
  await expect(rows.first()).toBeVisible();
  const listed = await rows.count();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Gevonden bestellingen exporteren (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^bestellingen-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile((await file.path())!, 'utf8')).replace(/^\ufeff/, '');
  const lines = text.trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    'Bestelnummer;Besteld op;Status;Aanbieder;Gemeente;Klantnummer;Levering;Overdracht;Totaal;Uit tegoed;Eigen bijdrage',
  );
  expect(lines.length - 1).toBe(listed);
  for (const line of lines.slice(1)) expect(line).toContain(';Geannuleerd;');
});
