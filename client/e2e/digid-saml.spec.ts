import { test, expect } from './fixtures';
import { settle } from './support';
import { resident } from './orders-support';

/**
 * The resident's log-in through DigiD over SAML, as in production: our app runs with DIGID_MODE=saml against the
 * local identity provider (scripts/e2e-digid-saml.mjs), which gets a signed AuthnRequest, shows its page, and hands
 * back an artifact that the server resolves over mutual TLS. Runs in the `digid-saml` project, on that app.
 */

const who = resident('ZV-100013');

async function toIdentityProvider(page: import('@playwright/test').Page, path = '/account/regelingen') {
  await page.goto(path);
  await page.getByRole('link', { name: 'Inloggen met DigiD' }).click();
  await expect(page.getByRole('heading', { name: 'Lokale DigiD (SAML)' })).toBeVisible();
  await expect(page.getByText('Gevraagd niveau: Midden')).toBeVisible();
}

test('a resident logs in through DigiD (SAML artifact binding) and lands where they were', async ({ page }) => {
  await toIdentityProvider(page);
  await page.getByLabel('BSN').fill(who.bsn);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/account\/regelingen$/);
  await settle(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Regelingen' })).toBeVisible();
  await expect(page.getByText(/(Meedoenregeling|Kindpakket|Minimaregeling)[^\n]* \d{4}/).first()).toBeVisible();
});

test('a cancelled log-in and a level too low each get their own message', async ({ page }) => {
  await toIdentityProvider(page);
  await page.getByRole('button', { name: 'Annuleren' }).click();
  await expect(page).toHaveURL(/\/inloggen\?fout=geannuleerd/);
  await expect(page.getByText('Inloggen met DigiD is afgebroken')).toBeVisible();

  await toIdentityProvider(page);
  await page.getByLabel('BSN').fill(who.bsn);
  await page.getByLabel('Betrouwbaarheidsniveau').selectOption('basis');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/inloggen\?fout=niveau/);
  await expect(page.getByText('Uw DigiD is niet sterk genoeg voor deze website')).toBeVisible();
});
