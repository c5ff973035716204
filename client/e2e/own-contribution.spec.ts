import { type Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectAccessible, loginResident, settle, resizeTo } from './support';
import { pageGql, placeContributionOrder } from './account-support';
import { resident } from './orders-support';

/**
 * No dead end with money (issue 26): a resident orders more than the budget covers, opens the payment page of the own
 * contribution and leaves it without paying. The order then says what is still to pay and offers "Eigen bijdrage
 * betalen" (a new payment page) and "Bestelling annuleren" (the budget back at once); the budget screen says which
 * part is held, with a link to the order. A household of its own (NH-200005: Noorderhaven's arrangement allows an own
 * contribution), so other specs' orders do not change the budget this one sees.
 */

const HOUSEHOLD = 'NH-200005';

/** At a phone's width and a desktop's: nothing scrolls sideways, axe finds nothing; a screenshot to look at. */
async function atBothWidths(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await resizeTo(page, { width, height: 900 });
    const overflow = await page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    expect(overflow, `${name} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
    await expectAccessible(page, `${name} (${width} px)`);
    await page.screenshot({ path: `../.tmp/screenshots/${name}-${width}.png`, fullPage: true });
  }
}

async function spendable(page: Page): Promise<number> {
  const data = await pageGql(page, '{ myAssignments { balanceCents status } }');
  return (data.myAssignments as { balanceCents: number; status: string }[])
    .filter((a) => a.status === 'ACTIVE')
    .reduce((s, a) => s + a.balanceCents, 0);
}

async function orderStatus(page: Page, number: string): Promise<string | undefined> {
  const data = await pageGql(page, `{ myOrders(first: 100) { edges { node { number status } } } }`);
  return (data.myOrders.edges as { node: { number: string; status: string } }[]).find((e) => e.node.number === number)
    ?.node.status;
}

/** Checks out with an own contribution, opens the payment page and leaves it: back to the order from the order list. */
async function leaveThePaymentPage(page: Page) {
  const order = await placeContributionOrder(page);
  await page.goto(order.paymentUrl);
  await expect(page).toHaveURL(/\/betalen\/simulator\/sim_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Eigen bijdrage betalen' })).toBeVisible();
  // Not paid: the resident goes to their orders instead.
  await page.goto('/account/bestellingen');
  await settle(page);
  await page.getByRole('link', { name: order.number, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: `Bestelling ${order.number}` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Eigen bijdrage nog niet betaald' })).toBeVisible();
  return order;
}

test('a resident who left the payment page cancels one unpaid order and pays another', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await loginResident(page, resident(HOUSEHOLD).bsn, '/account/regelingen');
  const before = await spendable(page);
  expect(before, 'a budget to order with').toBeGreaterThan(0);

  // First order: left unpaid, then cancelled: the budget is back at once.
  const first = await leaveThePaymentPage(page);
  expect(await spendable(page)).toBeLessThan(before);
  await atBothWidths(page, 'bestelling-onbetaalde-eigen-bijdrage');

  // The budget screen says which part is held, with a link to the order; so does the header.
  await page.goto('/account/regelingen');
  await settle(page);
  const held = page.getByRole('region', { name: /van uw tegoed is vastgehouden$/ });
  await expect(held).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('vastgehouden');
  await atBothWidths(page, 'regelingen-vastgehouden-tegoed');
  await held.getByRole('link', { name: `Bestelling ${first.number}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Bestelling ${first.number}` })).toBeVisible();

  await page.getByRole('button', { name: 'Bestelling annuleren' }).click();
  const question = page.getByRole('heading', {
    level: 3,
    name: `Weet u zeker dat u bestelling ${first.number} wilt annuleren?`,
  });
  await expect(question).toBeFocused();
  await atBothWidths(page, 'bevestiging-annuleren-onbetaalde-bestelling');
  // "Nee" keeps the order and puts the focus back.
  await page.getByRole('button', { name: 'Nee, niet annuleren' }).click();
  await expect(page.getByRole('button', { name: 'Bestelling annuleren' })).toBeFocused();
  await page.getByRole('button', { name: 'Bestelling annuleren' }).click();
  await page.getByRole('button', { name: 'Ja, annuleer de bestelling' }).click();
  const done = page.getByRole('status').filter({ hasText: 'Uw bestelling is geannuleerd' });
  await expect(done).toBeVisible();
  await expect(page.locator(':focus')).toContainText('Uw bestelling is geannuleerd');
  await expect(done).toContainText('staat weer op uw regeling');
  expect(await orderStatus(page, first.number)).toBe('CANCELLED');
  expect(await spendable(page)).toBe(before);
  await atBothWidths(page, 'onbetaalde-bestelling-geannuleerd');
  await page.goto('/account/regelingen');
  await settle(page);
  // (The demo story holds another unpaid order of this household: only this one is gone from the list.)
  await expect(page.getByRole('link', { name: `Bestelling ${first.number}`, exact: true })).toHaveCount(0);

  // Second order: left unpaid, then paid after all on a new payment page.
  const second = await leaveThePaymentPage(page);
  await page.getByRole('button', { name: 'Eigen bijdrage betalen' }).click();
  await expect(page).toHaveURL(/\/betalen\/simulator\/sim_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Eigen bijdrage betalen' })).toBeVisible();
  await page.getByRole('button', { name: 'Betaald' }).click();
  await expect(page).toHaveURL(/\/winkelwagen\?betaling=[0-9a-f-]{36}$/);
  await expect(page.getByRole('status').filter({ hasText: 'Uw betaling is gelukt' })).toBeVisible();
  await expect.poll(() => orderStatus(page, second.number)).toBe('PLACED');

  // The first payment page of that order no longer takes money.
  await page.goto(second.paymentUrl);
  await expect(page.getByRole('button', { name: 'Betaald' })).toHaveCount(0);
  expect(errors).toEqual([]);
});
