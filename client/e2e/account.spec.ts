import { type Browser, type Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectAccessible, settle } from './support';
import { pageGql, placeBudgetOrder, placeContributionOrder } from './account-support';
import { resident, type DemoResident } from './orders-support';

/**
 * The customer's account end to end: a resident logs in through the DigiD simulator, sees their budgets, orders with
 * the budget (the GraphQL checkout, as the checkout page calls it), follows the order with its timeline, pickup code
 * and QR code, reads the message it wrote to the inbox, and cancels it. axe checks every screen state on the way.
 * Households of their own (ZV-100010, ZV-100011, ZV-100014), so other specs' orders do not change what this one sees.
 */

const HOUSEHOLD = 'ZV-100010';
const OTHER_HOUSEHOLD = 'ZV-100011';
const PAYING_HOUSEHOLD = 'ZV-100014';

/** Through the DigiD simulator's page, typing the resident's BSN as a tester would. */
async function loginAs(page: Page, who: DemoResident, returnTo = '/account/regelingen') {
  await page.goto(returnTo);
  await expect(page).toHaveURL(/\/inloggen\?terug=/);
  await page.getByRole('link', { name: 'Inloggen met DigiD' }).click();
  await expect(page).toHaveURL(/\/auth\/digid\/simulator/);
  await page.getByLabel('BSN', { exact: true }).fill(who.bsn);
  await page.getByRole('button', { name: 'Inloggen met dit BSN' }).click();
  await expect(page).toHaveURL(new RegExp(`${returnTo.replace(/[/?]/g, '\\$&')}$`));
  await settle(page);
}

const accountNav = (page: Page) => page.getByRole('navigation', { name: 'Mijn account' });

async function newResidentPage(browser: Browser, household: string, returnTo?: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, resident(household), returnTo);
  return page;
}

test('a resident sees their budgets, orders, follows the order and its messages, and cancels it', async ({
  page,
  browser,
}) => {
  // A whole journey (budgets, an order followed to its messages, a cancellation), with axe on each screen.
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await loginAs(page, resident(HOUSEHOLD));

  // Regelingen: every assignment with its balance and history.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Regelingen');
  const assignments = (await pageGql(page, '{ myAssignments { arrangementName balanceCents } }')).myAssignments as {
    arrangementName: string;
    balanceCents: number;
  }[];
  expect(assignments.length).toBeGreaterThan(0);
  await expect(page.locator('main section h2')).toHaveCount(assignments.length);
  await expect(page.locator('main')).toContainText('Tegoed over');
  await expect(page.locator('main')).toContainText(/€\s\d/);
  await expect(page.locator('main table').first()).toContainText('Toegekend');
  await expectAccessible(page, '/account/regelingen');

  // Nothing ordered yet: the empty states.
  await accountNav(page).getByRole('link', { name: 'Bestellingen' }).click();
  await settle(page);
  await expect(page.getByText('U heeft nog geen bestellingen.')).toBeVisible();
  await expectAccessible(page, '/account/bestellingen (leeg)');
  await accountNav(page).getByRole('link', { name: 'Berichten' }).click();
  await settle(page);
  await expect(page.getByText(/U heeft nog geen berichten/)).toBeVisible();
  await expectAccessible(page, '/account/meldingen (leeg)');

  // Order with the budget, from the page's own session.
  const order = await placeBudgetOrder(page);

  // Bestellingen: the new order in the list.
  await page.goto('/account/bestellingen');
  await settle(page);
  const row = page.locator('main table tbody tr').filter({ hasText: order.number });
  await expect(row).toContainText(order.providerName);
  await expect(row).toContainText('Geplaatst');
  await expect(accountNav(page).getByRole('link', { name: 'Berichten (1 ongelezen)' })).toBeVisible();
  await expectAccessible(page, '/account/bestellingen');

  // The order: timeline, pickup code large with its QR code, the budget that paid.
  await row.getByRole('link', { name: order.number }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Bestelling ${order.number}`);
  await settle(page);
  await expect(page.getByRole('list', { name: 'Verloop van de bestelling' })).toContainText('Bestelling geplaatst');
  await expect(page.locator('.gw-pickup__code')).toContainText(order.pickupCode);
  const qr = page.getByRole('img', { name: `QR-code van afhaalcode ${order.pickupCode}` });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((svg) => svg.tagName.toLowerCase())).toBe('svg');
  await expect(page.getByRole('table', { name: 'Zo is de bestelling betaald' })).toContainText('Tegoed:');
  await expectAccessible(page, '/account/bestellingen/:orderId');

  // The confirmation step, then changing one's mind.
  await page.getByRole('button', { name: 'Bestelling annuleren' }).click();
  await expect(
    page.getByRole('heading', { name: `Weet u zeker dat u bestelling ${order.number} wilt annuleren?` }),
  ).toBeFocused();
  await expectAccessible(page, '/account/bestellingen/:orderId (bevestigen)');
  await page.getByRole('button', { name: 'Nee, niet annuleren' }).click();
  await expect(page.getByRole('button', { name: 'Bestelling annuleren' })).toBeFocused();

  // The inbox: one unread message about the order; opening it marks it read.
  await accountNav(page).getByRole('link', { name: 'Berichten (1 ongelezen)' }).click();
  await settle(page);
  const message = page.getByRole('button', { name: `Nieuw Bestelling ${order.number} is geplaatst` });
  await expect(message).toBeVisible();
  await expect(page.getByText('U heeft 1 ongelezen bericht.')).toBeVisible();
  await expectAccessible(page, '/account/meldingen (ongelezen)');
  await message.click();
  await expect(page.getByText(`Uw bestelling ${order.number} is geplaatst bij ${order.providerName}.`)).toBeVisible();
  await expect(page.getByText('U heeft geen ongelezen berichten.')).toBeVisible();
  await expect(accountNav(page).getByRole('link', { name: 'Berichten', exact: true })).toBeVisible();
  await expectAccessible(page, '/account/meldingen (geopend)');

  // The spend shows on the budget, linked to the order.
  await accountNav(page).getByRole('link', { name: 'Regelingen' }).click();
  await settle(page);
  await expect(page.locator('main table tbody tr').filter({ hasText: 'Besteed' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'bekijk bestelling' }).first()).toHaveAttribute(
    'href',
    `/account/bestellingen/${order.id}`,
  );

  // Cancel for real: budget back, timeline and inbox updated.
  await page.goto(`/account/bestellingen/${order.id}`);
  await settle(page);
  await page.getByRole('button', { name: 'Bestelling annuleren' }).click();
  await page.getByLabel('Reden (niet verplicht)').fill('Ik kan toch niet op die dag');
  await page.getByRole('button', { name: 'Ja, annuleer de bestelling' }).click();
  await expect(page.getByText('Uw bestelling is geannuleerd')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Verloop van de bestelling' })).toContainText('Geannuleerd door u');
  await expect(page.locator('main dl').first()).toContainText('Geannuleerd');
  await expect(page.locator('.gw-pickup__code')).toHaveCount(0);
  await expectAccessible(page, '/account/bestellingen/:orderId (geannuleerd)');
  await page.goto('/account/meldingen');
  await settle(page);
  await expect(page.getByRole('button', { name: `Nieuw Bestelling ${order.number} is geannuleerd` })).toBeVisible();
  await page.getByRole('button', { name: 'Alles als gelezen markeren' }).click();
  // The button goes away; focus moves to the outcome instead of being lost.
  await expect(
    page.getByRole('status').filter({ hasText: 'Alle berichten zijn als gelezen gemarkeerd.' }),
  ).toBeFocused();
  await expect(page.getByText('Nieuw', { exact: true })).toHaveCount(0);
  await expectAccessible(page, '/account/meldingen (alles gelezen)');

  // Back from the payment page with a payment that is not the household's: a plain Dutch notice.
  await page.goto('/account/bestellingen?betaling=00000000-0000-4000-8000-000000000000');
  await settle(page);
  await expect(page.getByRole('status').filter({ hasText: 'Wij kunnen deze betaling niet vinden.' })).toBeVisible();
  await expectAccessible(page, '/account/bestellingen?betaling=… (onbekend)');

  // No password here: the menu does not offer one, and the old address points to DigiD's own page.
  await expect(accountNav(page).getByRole('link', { name: /wachtwoord/i })).toHaveCount(0);
  await page.goto('/account/wachtwoord-wijzigen');
  await settle(page);
  await expect(page.getByRole('link', { name: /Mijn DigiD/ })).toHaveAttribute('href', 'https://mijn.digid.nl/');
  await expect(page.locator('input[type=password]')).toHaveCount(0);
  await expectAccessible(page, '/account/wachtwoord-wijzigen');

  // Another household: the order is "not found", and its inbox does not hold the message.
  const stranger = await newResidentPage(browser, OTHER_HOUSEHOLD, '/account/meldingen');
  await expect(stranger.getByText(order.number)).toHaveCount(0);
  await stranger.goto(`/account/bestellingen/${order.id}`);
  await expect(stranger.getByRole('heading', { level: 1 })).toHaveText('Pagina niet gevonden');
  await expectAccessible(stranger, '/account/bestellingen/:orderId (andere klant)');
  await stranger.context().close();

  // An unknown order id: not found as well.
  await page.goto('/account/bestellingen/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagina niet gevonden');

  expect(errors, 'script errors').toEqual([]);
});

test('a resident who pays an own contribution is told on return that the payment succeeded', async ({ page }) => {
  await loginAs(page, resident(PAYING_HOUSEHOLD), '/account/bestellingen');
  const order = await placeContributionOrder(page);
  expect(order.contributionCents).toBeGreaterThan(0);

  // The order waits for the payment: no pickup code yet.
  await page.goto('/account/bestellingen');
  await settle(page);
  await expect(page.locator('main table tbody tr').filter({ hasText: order.number })).toContainText(
    'Wacht op betaling',
  );

  // The payment service provider's page (the simulator), then back to the orders with ?betaling=<id>.
  await page.goto(order.paymentUrl);
  await page.getByRole('button', { name: 'Betaald', exact: true }).click();
  // Back on the checkout's confirmation step (issue 9); the notice on the orders list still reads ?betaling=<id>.
  await expect(page).toHaveURL(/\/winkelwagen\?betaling=[0-9a-f-]{36}$/);
  await expect(page.getByRole('status').filter({ hasText: 'Uw betaling is gelukt' })).toBeVisible();
  await page.goto(`/account/bestellingen?betaling=${new URL(page.url()).searchParams.get('betaling')}`);
  await settle(page);
  const notice = page.getByRole('status').filter({ hasText: 'Uw betaling is gelukt' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(`Bestelling ${order.number} is doorgegeven aan de aanbieder.`);
  await expect(page.locator('main table tbody tr').filter({ hasText: order.number })).toContainText('Geplaatst');
  await expectAccessible(page, '/account/bestellingen?betaling=… (betaald)');

  // The inbox says so too: the order waited for payment, then the payment was received.
  await page.goto('/account/meldingen');
  await settle(page);
  await expect(
    page.getByRole('button', { name: `Nieuw Betaling ontvangen voor bestelling ${order.number}` }),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: `Nieuw Bestelling ${order.number} wacht op uw betaling` }),
  ).toBeVisible();
});
