import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { exclusive, expectAccessible, loginStaff, settle, STAFF } from './support';

/**
 * Running the platform (issue 12): the roles matrix applies from the next page, the site colour reaches the public
 * pages through the design tokens, and maintenance mode shows residents the maintenance page while staff work on.
 * Each changes something shared, so each runs under `exclusive` and puts it back.
 */

async function saveSettings(page: Page) {
  await page.getByRole('button', { name: 'Instellingen opslaan' }).click();
  await expect(page.getByText('De instellingen zijn opgeslagen.')).toBeVisible();
}

test('roles: the Beheerder changes a role in the matrix and a colleague’s menu changes on the next page', async ({
  browser,
  page,
}) => {
  await exclusive('roles', async () => {
    await loginStaff(page, STAFF.beheerder);
    await page.goto('/admin/beheer/instellingen/rollen');
    await settle(page);
    const matrix = page.getByRole('table', { name: 'Rechten per rol' });
    await expect(matrix).toBeVisible();
    await expect(matrix.getByRole('rowheader', { name: 'Bestellingen bekijken' })).toBeVisible();
    // Beheerder keeps every permission: its boxes are ticked and cannot be changed.
    await expect(matrix.getByRole('checkbox', { name: 'Beheerder: Rollen en rechten beheren' })).toBeDisabled();
    await expect(matrix.getByRole('checkbox', { name: 'Beheerder: Rollen en rechten beheren' })).toBeChecked();
    await expectAccessible(page, 'rollen');

    const colleagueContext = await browser.newContext();
    const colleague = await colleagueContext.newPage();
    await loginStaff(colleague, STAFF.redactie);
    await colleague.goto('/admin/nieuws');
    await settle(colleague);
    const menu = colleague.getByRole('navigation', { name: 'Beheermenu' });
    await expect(menu.getByRole('link', { name: 'Nieuws' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Bestellingen' })).toHaveCount(0);

    const box = matrix.getByRole('checkbox', { name: 'Redactie: Bestellingen bekijken' });
    await box.check();
    await page.getByRole('button', { name: 'Rechten opslaan' }).click();
    await expect(page.getByText(/De rechten zijn opgeslagen/)).toBeVisible();

    try {
      // The next page the colleague opens shows the new menu, without logging in again.
      await menu.getByRole('link', { name: 'Dashboard' }).click();
      await settle(colleague);
      await expect(menu.getByRole('link', { name: 'Bestellingen' })).toBeVisible();
    } finally {
      await page.reload();
      await settle(page);
      await page.getByRole('checkbox', { name: 'Redactie: Bestellingen bekijken' }).uncheck();
      await page.getByRole('button', { name: 'Rechten opslaan' }).click();
      await expect(page.getByText(/De rechten zijn opgeslagen/)).toBeVisible();
      await colleagueContext.close();
    }
  });
});

test('algemeen: a colour with too little contrast is refused with its ratio; a good one colours the public pages', async ({
  browser,
  page,
}) => {
  await exclusive('site-colour', async () => {
    await loginStaff(page, STAFF.beheerder);
    await page.goto('/admin/beheer/instellingen/algemeen');
    await settle(page);
    const colour = page.getByLabel('Hoofdkleur van de website');
    await colour.fill('#7fb2e5');
    await page.getByRole('button', { name: 'Instellingen opslaan' }).click();
    await expect(page.getByText(/te weinig contrast met wit: \d,\d\d:1/).first()).toBeVisible();
    await expectAccessible(page, 'algemene instellingen met fout');

    await colour.fill('#6b1d5c');
    await saveSettings(page);
    try {
      const visitorContext = await browser.newContext();
      const visitor = await visitorContext.newPage();
      await visitor.goto('/aanbod');
      await settle(visitor);
      await expect
        .poll(() =>
          visitor.evaluate(() =>
            getComputedStyle(document.documentElement).getPropertyValue('--gw-color-primary').trim(),
          ),
        )
        .toBe('#6b1d5c');
      await expectAccessible(visitor, 'aanbod in de eigen kleur');
      await visitorContext.close();
    } finally {
      await page.getByLabel('Hoofdkleur van de website').fill('');
      await saveSettings(page);
    }
  });
});

test('onderhoudsmodus: residents see the maintenance page while staff work on and see a banner', async ({
  browser,
  page,
}) => {
  await exclusive('maintenance', async () => {
    await loginStaff(page, STAFF.beheerder);
    await page.goto('/admin/beheer/instellingen/onderhoudsmodus');
    await settle(page);
    await page.getByRole('radio', { name: 'Nu aan' }).check();
    await page.getByLabel('Melding voor bezoekers').fill('Wij werken aan de website. Vanmiddag zijn wij terug.');
    await saveSettings(page);
    try {
      const residentContext = await browser.newContext();
      const resident = await residentContext.newPage();
      await resident.goto('/aanbod');
      await expect(resident.getByRole('heading', { name: 'Wij zijn even met onderhoud bezig' })).toBeVisible();
      await expect(resident.getByText('Wij werken aan de website. Vanmiddag zijn wij terug.')).toBeVisible();
      await expectAccessible(resident, 'onderhoudspagina');
      await residentContext.close();

      // Staff work on, with a banner.
      await page.goto('/admin/bestellingen');
      await settle(page);
      await expect(page.getByText('De onderhoudsmodus staat aan')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    } finally {
      await page.goto('/admin/beheer/instellingen/onderhoudsmodus');
      await settle(page);
      await page.getByRole('radio', { name: /^Uit/ }).check();
      await saveSettings(page);
    }
  });
});
