import { test, expect } from './fixtures';
import { loginStaff, settle } from './support';

/** Issue 26: the payments page and the Controle page say which period they show, in Dutch dates. */
const FINANCE = 'financien@demo.gemeentewinkel.nl';

test('the payments page says which period it shows, following its period filter', async ({ page }) => {
  await loginStaff(page, FINANCE);
  await page.goto('/admin/beheer/betalingen');
  await settle(page);
  await expect(page.getByText('Betalingen en terugbetalingen van elke datum')).toBeVisible();

  await page.getByLabel('Vanaf datum').fill('2026-11-01');
  await page.getByLabel('Tot en met datum').fill('2026-11-29');
  await page.getByRole('button', { name: 'Filteren' }).click();
  await expect(page).toHaveURL(/van=2026-11-01&tot=2026-11-29/);
  await expect(page.getByText('Betalingen en terugbetalingen van 1 tot en met 29 november 2026')).toBeVisible();

  await page.goto('/admin/beheer/betalingen?soort=terugbetaling&van=2026-10-30');
  await settle(page);
  await expect(page.getByText('Terugbetalingen vanaf 30 oktober 2026')).toBeVisible();
});

test('the Controle page says which period it compares', async ({ page }) => {
  await loginStaff(page, FINANCE);
  await page.goto('/admin/beheer/betalingen/controle?van=2026-10-30&tot=2026-11-29');
  await settle(page);
  await expect(
    page.getByText('Vergeleken: betalingen en terugbetalingen van 30 oktober tot en met 29 november 2026'),
  ).toBeVisible();
  // Without a chosen period: the last 30 days, said as such.
  await page.goto('/admin/beheer/betalingen/controle');
  await settle(page);
  await expect(page.getByText(/^Vergeleken: betalingen en terugbetalingen van .+ \d{4}$/)).toBeVisible();
  await expect(page.getByText(/de laatste 30 dagen/)).toBeVisible();
});
