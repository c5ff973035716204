import { test, expect } from './fixtures';
import { expectAccessible, settle } from './support';
import { resident } from './orders-support';

/**
 * The resident logs in with DIGID_MODE=oidc (playwright.digid.config.ts, project digid-oidc): the app sends the
 * browser to the local OIDC broker, where the tester types the BSN and picks the level DigiD reached; the broker
 * sends the browser back with a code, which the server exchanges (PKCE, state, nonce) for the BSN and the level.
 */

const HOUSEHOLD = 'ZV-100005';

async function toBroker(page: import('@playwright/test').Page, returnTo: string) {
  await page.goto(returnTo);
  await expect(page).toHaveURL(/\/inloggen\?terug=/);
  await page.getByRole('link', { name: 'Inloggen met DigiD' }).click();
  await expect(page).toHaveURL(/\/interaction\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Test-identiteitsprovider (OIDC)');
}

test('a resident logs in through the OIDC broker and lands where they were', async ({ page }) => {
  const who = resident(HOUSEHOLD);
  await toBroker(page, '/account/regelingen');
  await page.getByLabel('BSN', { exact: true }).fill(who.bsn);
  await page.getByLabel('Betrouwbaarheidsniveau').selectOption('substantieel');
  await page.getByRole('button', { name: 'Inloggen met dit BSN' }).click();
  await expect(page).toHaveURL(/\/account\/regelingen$/);
  await settle(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Regelingen');
  // Logged in as the household's resident: its arrangements, and a way to log out.
  await expect(page.locator('section.gw-assignment').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Uitloggen' })).toBeVisible();
});

test('a cancelled log-in and a level below the minimum are explained, and leave the resident logged out', async ({
  page,
}) => {
  await toBroker(page, '/account/regelingen');
  await page.getByRole('button', { name: 'Annuleren' }).click();
  await expect(page).toHaveURL(/\/inloggen\?fout=geannuleerd/);
  await expect(page.getByRole('alert')).toContainText('Inloggen met DigiD is afgebroken');
  await expectAccessible(page, 'inloggen geannuleerd (oidc)');

  await toBroker(page, '/account/regelingen');
  await page.getByLabel('BSN', { exact: true }).fill(resident(HOUSEHOLD).bsn);
  await page.getByLabel('Betrouwbaarheidsniveau').selectOption('basis');
  await page.getByRole('button', { name: 'Inloggen met dit BSN' }).click();
  await expect(page).toHaveURL(/\/inloggen\?fout=niveau/);
  await expect(page.getByRole('alert')).toContainText('Uw DigiD is niet sterk genoeg');
  await page.goto('/account/regelingen');
  await expect(page).toHaveURL(/\/inloggen\?terug=/);
});
