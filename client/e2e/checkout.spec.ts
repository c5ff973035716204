import { type Page } from '@playwright/test';
import { demoCalendar, test, expect } from './fixtures';
import { expectAccessible, settle } from './support';
import { myOrders, pageGql } from './account-support';
import { resident, type DemoResident } from './orders-support';

/**
 * Ordering end to end, as a resident does it: products into the cart on the product pages (before log-in too), log in
 * through the DigiD simulator from the cart, see how the budget covers each line, order; with an own contribution, pay
 * it on the payment simulator's page and come back to orders that are placed. axe checks the cart, the checkout steps,
 * the confirmation and the simulator page.
 * Households of their own (ZV-100007, ZV-100008), so other specs' orders do not change the budgets this one sees.
 */

const BUDGET_HOUSEHOLD = 'ZV-100007';
const CONTRIBUTION_HOUSEHOLD = 'ZV-100008';

interface OfferProduct {
  id: string;
  slug: string;
  title: string;
  priceCents: number;
  provider: { id: string };
}

const PREVIEW = `query($lines: [CartLineInput!]) { checkoutPreview(lines: $lines) {
  canOrder contributionCents budgetCents totalCents orders { providerId } errors { code } } }`;

async function offer(page: Page): Promise<OfferProduct[]> {
  const data = await pageGql(
    page,
    `{ products(first: 100, filter: { sort: PRICE_ASC }) { edges { node { id slug title priceCents provider { id } } } } }`,
  );
  return (data.products.edges as { node: OfferProduct }[]).map((e) => e.node);
}

async function preview(page: Page, lines: { productId: string; quantity: number }[]) {
  return (await pageGql(page, PREVIEW, { lines })).checkoutPreview as {
    canOrder: boolean;
    contributionCents: number;
    budgetCents: number;
    totalCents: number;
    orders: { providerId: string }[];
  };
}

/** From the cart's "Bestellen" (or any page that sends to /inloggen?terug=/winkelwagen): DigiD simulator, back to the cart. */
async function logInFromCart(page: Page, who: DemoResident) {
  await expect(page).toHaveURL(/\/inloggen\?terug=%2Fwinkelwagen$/);
  await page.getByRole('link', { name: 'Inloggen met DigiD' }).click();
  await expect(page).toHaveURL(/\/auth\/digid\/simulator/);
  await page.getByLabel('BSN', { exact: true }).fill(who.bsn);
  await page.getByRole('button', { name: 'Inloggen met dit BSN' }).click();
  await expect(page).toHaveURL(/\/winkelwagen$/);
  await settle(page);
}

async function addOnProductPage(page: Page, product: OfferProduct, quantity: number) {
  await page.goto(`/aanbod/${product.slug}/${product.id}`);
  await settle(page);
  await page.getByLabel('Aantal', { exact: true }).fill(String(quantity));
  await page.getByRole('button', { name: 'In winkelwagen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'in uw winkelwagen' })).toBeVisible();
}

test('a visitor fills the cart, logs in with DigiD from it, sees the budget pay and orders once', async ({
  page,
  browser,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const who = resident(BUDGET_HOUSEHOLD);

  // Which product the budget pays in full: asked as this resident in a separate browser context (books nothing).
  const scout = await browser.newContext();
  const scoutPage = await scout.newPage();
  await scoutPage.goto('/inloggen?terug=%2Fwinkelwagen');
  await logInFromCart(scoutPage, who);
  let chosen: OfferProduct | undefined;
  for (const p of await offer(scoutPage)) {
    const r = await preview(scoutPage, [{ productId: p.id, quantity: 1 }]);
    if (r.canOrder && r.contributionCents === 0 && r.budgetCents > 0) {
      chosen = p;
      break;
    }
  }
  expect(chosen, 'a product the budget pays in full').toBeDefined();
  const ordersBefore = (await myOrders(scoutPage, 'id')).length;

  // Not logged in: the cart lives in the browser.
  await addOnProductPage(page, chosen!, 1);
  await expect(page.getByRole('link', { name: /Winkelwagen \(1 artikel\)/ })).toBeVisible();
  await page.getByRole('link', { name: 'Bekijk uw winkelwagen' }).click();
  await expect(page).toHaveURL(/\/winkelwagen$/);
  await settle(page);
  await expect(page.getByRole('link', { name: chosen!.title, exact: true })).toBeVisible();
  await expect(page.getByLabel(`Aantal van ${chosen!.title}`)).toHaveValue('1');
  await expectAccessible(page, 'winkelwagen (bezoeker)');

  // "Bestellen" asks to log in, and comes back to the cart, now on the server.
  await page.getByRole('link', { name: 'Bestellen', exact: true }).click();
  await logInFromCart(page, who);
  await expect(page.getByRole('link', { name: chosen!.title, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /Winkelwagen \(1 artikel\)/ })).toBeVisible();
  const serverCart = await pageGql(page, '{ myCart { itemCount groups { lines { productId quantity } } } }');
  expect(serverCart.myCart.groups.flatMap((g: any) => g.lines)).toEqual([{ productId: chosen!.id, quantity: 1 }]);
  expect(await page.evaluate(() => window.localStorage.getItem('gemeentewinkel:winkelwagen'))).toBeNull();
  await expectAccessible(page, 'winkelwagen (ingelogd)');

  // Step 2: the budget split, no own contribution.
  await page.getByRole('button', { name: 'Verder naar bestellen' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Tegoed en eigen bijdrage' })).toBeVisible();
  const region = page.getByRole('region', { name: /^Bestelling bij / });
  await expect(region).toHaveCount(1);
  await expect(region.getByRole('cell', { name: chosen!.title })).toBeVisible();
  await expect(region.getByRole('listitem').filter({ hasText: / uit / }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Eigen bijdrage', exact: true })).toHaveCount(0);
  await expectAccessible(page, 'winkelwagen: tegoed en eigen bijdrage');

  // A double click books once.
  await page.getByRole('button', { name: 'Bestellen', exact: true }).dblclick();
  await expect(page.getByRole('heading', { level: 2, name: 'Bedankt voor uw bestelling' })).toBeVisible();
  const orderLink = page.getByRole('link', { name: /^Bestelling B\d+$/ });
  await expect(orderLink).toHaveCount(1);
  await expectAccessible(page, 'winkelwagen: bevestiging');
  const ordersAfter = await myOrders<{ id: string; status: string }>(page, 'id status');
  expect(ordersAfter.length).toBe(ordersBefore + 1);
  expect(ordersAfter[0]!.status).toBe('PLACED');
  // The cart is empty now: the header shows no count.
  await expect(
    page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Winkelwagen', exact: true }),
  ).toBeVisible();

  const href = await orderLink.getAttribute('href');
  expect(href).toBe(`/account/bestellingen/${ordersAfter[0]!.id}`);
  await orderLink.click();
  await expect(page).toHaveURL(new RegExp(`/account/bestellingen/${ordersAfter[0]!.id}$`));
  await scout.close();
  expect(errors).toEqual([]);
});

test('a resident orders from two providers with an own contribution and pays it on the payment page', async ({
  page,
  baseURL,
}) => {
  const { kindpakket } = await demoCalendar(baseURL!);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const who = resident(CONTRIBUTION_HOUSEHOLD);
  await page.goto('/inloggen?terug=%2Fwinkelwagen');
  await logInFromCart(page, who);

  // A cart the demo budget cannot pay in full where the arrangement allows an own contribution (the Kindpakket),
  // with a second provider's product the budget pays: found through the preview, which books nothing.
  const products = await offer(page);
  let big: { product: OfferProduct; quantity: number } | undefined;
  for (const p of [...products].reverse()) {
    const quantity = Math.min(99, Math.ceil(40_000 / p.priceCents));
    const r = await preview(page, [{ productId: p.id, quantity }]);
    if (r.canOrder && r.contributionCents > 0 && r.budgetCents > 0) {
      big = { product: p, quantity };
      break;
    }
  }
  expect(big, 'a product with an own contribution').toBeDefined();
  let second: OfferProduct | undefined;
  let expected: Awaited<ReturnType<typeof preview>> | undefined;
  for (const p of products.filter((x) => x.provider.id !== big!.product.provider.id)) {
    const r = await preview(page, [
      { productId: p.id, quantity: 1 },
      { productId: big!.product.id, quantity: big!.quantity },
    ]);
    if (r.canOrder && r.orders.length === 2 && r.contributionCents > 0) {
      second = p;
      expected = r;
      break;
    }
  }
  expect(second, 'a second provider’s product').toBeDefined();

  await addOnProductPage(page, second!, 1);
  await addOnProductPage(page, big!.product, big!.quantity);
  await page.goto('/winkelwagen');
  await settle(page);
  await expect(page.getByRole('heading', { level: 3, name: /^Van / })).toHaveCount(2);
  await expect(page.getByLabel(`Aantal van ${big!.product.title}`)).toHaveValue(String(big!.quantity));

  // Change a quantity and back (1–99), as a resident would try.
  const field = page.getByLabel(`Aantal van ${second!.title}`);
  await field.fill('2');
  await field.press('Enter');
  await expect
    .poll(async () => (await pageGql(page, '{ myCart { itemCount } }')).myCart.itemCount)
    .toBe(big!.quantity + 2);
  await field.fill('0');
  await field.press('Enter');
  await expect(page.getByText('Kies een aantal van 1 tot en met 99.')).toBeVisible();
  await field.fill('1');
  await field.press('Enter');
  await expect
    .poll(async () => (await pageGql(page, '{ myCart { itemCount } }')).myCart.itemCount)
    .toBe(big!.quantity + 1);
  await expectAccessible(page, 'winkelwagen met twee aanbieders');

  await page.getByRole('button', { name: 'Verder naar bestellen' }).click();
  await expect(page.getByRole('region', { name: /^Bestelling bij / })).toHaveCount(2);
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: ` uit ${kindpakket}` })
      .first(),
  ).toBeVisible();
  const contribution = page.getByRole('region', { name: 'Eigen bijdrage' });
  await expect(contribution).toBeVisible();
  const euros = (cents: number) =>
    new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(cents / 100);
  await expect(contribution).toContainText(euros(expected!.contributionCents));
  await expectAccessible(page, 'winkelwagen: tegoed en eigen bijdrage (met eigen bijdrage)');

  await page.getByRole('button', { name: 'Bestellen', exact: true }).click();
  await expect(page).toHaveURL(/\/betalen\/simulator\/sim_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Eigen bijdrage betalen' })).toBeVisible();
  await expect(page.locator('main')).toContainText(euros(expected!.contributionCents));
  await expectAccessible(page, 'betaalsimulator');
  await page.getByRole('button', { name: 'Betaald' }).click();

  await expect(page).toHaveURL(/\/account\/bestellingen\?betaling=[0-9a-f-]{36}$/);
  const paymentId = new URL(page.url()).searchParams.get('betaling')!;
  const payment = (
    await pageGql(
      page,
      `query($id: ID!) { myPayment(id: $id) { status amountCents orders { status contributionCents } } }`,
      { id: paymentId },
    )
  ).myPayment;
  expect(payment.status).toBe('PAID');
  expect(payment.amountCents).toBe(expected!.contributionCents);
  expect(payment.orders.map((o: { status: string }) => o.status)).toEqual(['PLACED', 'PLACED']);
  expect(errors).toEqual([]);
});
