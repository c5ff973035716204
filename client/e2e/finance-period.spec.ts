import { demoCalendar, test, expect } from './fixtures';
import { loginStaff, settle } from './support';

/**
 * Issue 26: the payments page and the Controle page say which period they show, in Dutch dates. The periods are in
 * last year on the application's clock (any past period will do; the text follows the dates chosen).
 */
const FINANCE = 'financien@demo.gemeentewinkel.nl';

test('the payments page says which period it shows, following its period filter', async ({ page, baseURL }) => {
  const y = (await demoCalendar(baseURL!)).year - 1;
  await loginStaff(page, FINANCE);
  await page.goto('/admin/beheer/betalingen');
  await settle(page);
  await expect(page.getByText('Betalingen en terugbetalingen van elke datum')).toBeVisible();

  await page.getByLabel('Vanaf datum').fill(`${y}-11-01`);
  await page.getByLabel('Tot en met datum').fill(`${y}-11-29`);
  await page.getByRole('button', { name: 'Filteren' }).click();
  await expect(page).toHaveURL(new RegExp(`van=${y}-11-01&tot=${y}-11-29`));
  await expect(page.getByText(`Betalingen en terugbetalingen van 1 tot en met 29 november ${y}`)).toBeVisible();

  await page.goto(`/admin/beheer/betalingen?soort=terugbetaling&van=${y}-10-30`);
  await settle(page);
  await expect(page.getByText(`Terugbetalingen vanaf 30 oktober ${y}`)).toBeVisible();
});

test('the Controle page says which period it compares', async ({ page, baseURL }) => {
  const y = (await demoCalendar(baseURL!)).year - 1;
  await loginStaff(page, FINANCE);
  await page.goto(`/admin/beheer/betalingen/controle?van=${y}-10-30&tot=${y}-11-29`);
  await settle(page);
  await expect(
    page.getByText(`Vergeleken: betalingen en terugbetalingen van 30 oktober tot en met 29 november ${y}`),
  ).toBeVisible();
  // Without a chosen period: the last 30 days, said as such.
  await page.goto('/admin/beheer/betalingen/controle');
  await settle(page);
  await expect(page.getByText(/^Vergeleken: betalingen en terugbetalingen van .+ \d{4}$/)).toBeVisible();
  await expect(page.getByText(/de laatste 30 dagen/)).toBeVisible();
});
