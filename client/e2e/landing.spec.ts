import { test, expect } from './fixtures';
import { DEMO_PASSWORD, STAFF, expectAccessible, providerEmail, settle } from './support';
import { resident } from './orders-support';

/**
 * Issue 26: each audience lands where its work is after logging in, and still returns to the page that asked for the
 * log-in. Residents: NH-200003 has no orders (no spec orders for it, nor the demo), ZV-100001 has the demo's orders.
 */

test('staff land on the dashboard with the waiting work, or on the page that asked for the log-in', async ({
  page,
}) => {
  await page.goto('/admin/inloggen');
  await page.getByLabel('E-mailadres').fill(STAFF.beheerder);
  await page.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await settle(page);
  const work = page.getByRole('region', { name: 'Werkvoorraad' });
  await expect(work.getByRole('link', { name: 'Producten te beoordelen' })).toBeVisible();
  await expect(
    work.getByRole('link', { name: /Bestellingen langer dan \d+ dag(en)? niet geaccepteerd/ }),
  ).toBeVisible();

  await page.context().clearCookies();
  await page.goto('/admin/bestellingen');
  await expect(page).toHaveURL(/\/admin\/inloggen\?terug=%2Fadmin%2Fbestellingen$/);
  await page.getByLabel('E-mailadres').fill(STAFF.beheerder);
  await page.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/admin\/bestellingen$/);
});

test('providers land on their orders, which say how many wait for acceptance', async ({ page }) => {
  await page.goto('/voor-aanbieders/inloggen');
  await page.getByLabel('E-mailadres').fill(providerEmail(1));
  await page.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/aanbieder\/bestellingen$/);
  await settle(page);
  const waiting = page.getByRole('status').filter({ hasText: 'op uw acceptatie' });
  await expect(waiting).toHaveText(
    /^(Er wachten geen bestellingen op uw acceptatie\.|1 bestelling wacht op uw acceptatie\.|\d+ bestellingen wachten op uw acceptatie\.)/,
  );
  // The count is the number of placed orders (asked before and after: other tests may place orders meanwhile).
  const placed = async () => {
    const res = await page.request.post('/graphql', {
      data: { query: '{ providerOrders(filter: { status: PLACED }, first: 1) { totalCount } }' },
    });
    return ((await res.json()) as { data: { providerOrders: { totalCount: number } } }).data.providerOrders.totalCount;
  };
  const before = await placed();
  await page.reload();
  await settle(page);
  const shown = Number((await waiting.textContent())?.match(/^\d+/)?.[0] ?? 0);
  const after = await placed();
  expect(shown).toBeGreaterThanOrEqual(Math.min(before, after));
  expect(shown).toBeLessThanOrEqual(Math.max(before, after));
  await expectAccessible(page, 'provider orders with the waiting count');
  if (shown > 0) {
    await waiting.getByRole('link', { name: 'Toon alleen deze bestellingen' }).click();
    await expect(page).toHaveURL(/\/aanbieder\/bestellingen\?status=geplaatst$/);
  }

  await page.context().clearCookies();
  await page.goto('/aanbieder/profiel');
  await expect(page).toHaveURL(/\/voor-aanbieders\/inloggen\?terug=%2Faanbieder%2Fprofiel$/);
  await page.getByLabel('E-mailadres').fill(providerEmail(1));
  await page.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/aanbieder\/profiel$/);
});

for (const [household, landing, heading] of [
  ['NH-200003', /\/account\/regelingen$/, 'Regelingen'],
  ['ZV-100001', /\/account\/bestellingen$/, 'Bestellingen'],
] as const) {
  test(`a resident ${household === 'NH-200003' ? 'without orders lands on their schemes' : 'with orders lands on their orders'}`, async ({
    page,
  }) => {
    await page.goto('/inloggen');
    await page.getByRole('link', { name: 'Inloggen met DigiD' }).click();
    await expect(page).toHaveURL(/\/auth\/digid\/simulator/);
    await page.getByLabel('BSN', { exact: true }).fill(resident(household).bsn);
    await page.getByRole('button', { name: 'Inloggen met dit BSN' }).click();
    await expect(page).toHaveURL(landing);
    await settle(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  });
}
