import { test, expect } from './fixtures';
import { pageGql } from './account-support';
import { resident } from './orders-support';
import { expectAccessible, expectFieldError, loginResident, loginStaff, settle, STAFF } from './support';

/**
 * Residents without DigiD or under administration (issue 14): a Beheerder orders for a Noorderhaven household from the
 * person's screen — the budget pays it in full, with a reason — and the resident sees it in their order history as
 * placed by the municipality on their behalf. NH-200006 is used by no other browser test.
 */
const HOUSEHOLD = 'NH-200006';
const REASON = 'Mevrouw staat onder bewind; besteld op verzoek van de bewindvoerder.';

test('staff order on a resident’s behalf, and the resident sees who placed it and why', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await loginStaff(page, STAFF.beheerder);
  const who = resident(HOUSEHOLD);
  const found = await pageGql(
    page,
    `query($s: String!) { clientGroups(filter: { search: $s }, first: 1) { edges { node { members { externalIdentifier firstName } } } } }`,
    { s: HOUSEHOLD },
  );
  const member = found.clientGroups.edges[0].node.members.find((m: any) => m.firstName === who.firstName);
  await page.goto(`/admin/persoon/${member.externalIdentifier}`);
  await settle(page);
  await page
    .getByRole('navigation', { name: 'Persoon' })
    .getByRole('link', { name: 'Bestellen namens inwoner' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bestellen namens inwoner');
  const table = page.getByRole('table', { name: 'Producten die het tegoed betaalt' });
  await expect(table).toBeVisible();
  await expectAccessible(page, 'bestellen namens inwoner');

  // Nothing chosen and no reason: both said at once, before anything is sent.
  const submit = page.getByRole('button', { name: /^Bestelling plaatsen namens/ });
  await submit.click();
  await expect(page.getByRole('alert')).toContainText('Kies bij ten minste één product een aantal.');
  await expectFieldError(page, page.getByLabel('Reden'), /Vul de reden in/);

  // The cheapest product the budget pays, once, with the reason.
  const rows = table.locator('tbody tr');
  const title = (await rows.first().getByRole('rowheader').textContent())!.trim();
  await rows.first().getByRole('spinbutton').fill('1');
  await page.getByLabel('Reden').fill(REASON);
  await submit.click();
  await expect(page).toHaveURL(/\/bestellingen$/);
  await expect(page.getByRole('status').filter({ hasText: 'De bestelling is geplaatst namens' })).toBeVisible();
  await expectAccessible(page, 'bestellingen na bestellen namens inwoner');

  // The resident: in their order history, placed by the municipality on their behalf, with the reason.
  const context = await browser.newContext();
  const residentPage = await context.newPage();
  await loginResident(residentPage, who.bsn, '/account/bestellingen');
  const orders = residentPage.getByRole('table', { name: /^Uw bestellingen/ });
  await expect(orders).toContainText(`Geplaatst door de gemeente namens u — reden: ${REASON}`);
  await orders.getByRole('row').nth(1).getByRole('link').first().click();
  await expect(residentPage.getByText(`Geplaatst door de gemeente namens u — reden: ${REASON}`)).toBeVisible();
  await expect(residentPage.getByRole('main')).toContainText(title);
  await expectAccessible(residentPage, 'bestelling namens de inwoner geplaatst');
  await context.close();
});
