import { type Page } from '@playwright/test';
import { demoCalendar, test, expect } from './fixtures';
import { expectAccessible, settle, resizeTo } from './support';
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

async function preview(page: Page, lines: { productId: string; quantity: number; beneficiaryId?: string }[]) {
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

  // "Bestellen" asks to log in, and comes back to the cart, now on the server. Reads of the server cart are answered
  // late on purpose: one that crossed the merge would bring the empty cart from before it after the merged one.
  await page.route('**/graphql', async (route) => {
    if (route.request().postDataJSON()?.operationName !== 'MyCart') return route.fallback();
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.fulfill({ response });
  });
  await page.getByRole('link', { name: 'Bestellen', exact: true }).click();
  await logInFromCart(page, who);
  await expect(page.getByRole('link', { name: chosen!.title, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /Winkelwagen \(1 artikel\)/ })).toBeVisible();
  const serverCart = await pageGql(page, '{ myCart { itemCount groups { lines { productId quantity } } } }');
  expect(serverCart.myCart.groups.flatMap((g: any) => g.lines)).toEqual([{ productId: chosen!.id, quantity: 1 }]);
  expect(await page.evaluate(() => window.localStorage.getItem('gemeentewinkel:winkelwagen'))).toBeNull();
  await page.unroute('**/graphql');
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

/** No sideways scrolling: the page is not wider than the window. */
async function expectNoOverflow(page: Page, what: string) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, `${what}: no horizontal overflow`).toBeLessThanOrEqual(client);
}

test('a resident orders for a child from two providers, pays the own contribution and lands on the confirmation', async ({
  page,
  baseURL,
}) => {
  const { kindpakket } = await demoCalendar(baseURL!);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const who = resident(CONTRIBUTION_HOUSEHOLD);
  await page.goto('/inloggen?terug=%2Fwinkelwagen');
  await logInFromCart(page, who);

  // A child's Kindpakket: a budget of one household member, which pays only for lines for that child.
  const assignments = (await pageGql(page, '{ myAssignments { arrangementName beneficiaryId beneficiaryName } }'))
    .myAssignments as { arrangementName: string; beneficiaryId: string | null; beneficiaryName: string | null }[];
  const child = assignments.find((a) => a.arrangementName === kindpakket && a.beneficiaryId)!;
  expect(child, 'a child with a Kindpakket').toBeDefined();
  const forChild = { beneficiaryId: child.beneficiaryId! };

  // A cart the demo budget cannot pay in full where the arrangement allows an own contribution (the child's
  // Kindpakket), with a second provider's product the budget pays: found through the preview, which books nothing.
  const products = await offer(page);
  let big: { product: OfferProduct; quantity: number } | undefined;
  for (const p of [...products].reverse()) {
    const quantity = Math.min(99, Math.ceil(40_000 / p.priceCents));
    const r = await preview(page, [{ productId: p.id, quantity, ...forChild }]);
    if (r.canOrder && r.contributionCents > 0 && r.budgetCents > 0) {
      big = { product: p, quantity };
      break;
    }
  }
  expect(big, 'a product with an own contribution').toBeDefined();
  // The same line for the parent (not chosen): the child's Kindpakket does not pay for it.
  const forParent = await pageGql(
    page,
    `query($lines: [CartLineInput!]) { checkoutPreview(lines: $lines) { canOrder errors { code }
       orders { lines { allocations { arrangementName } } } } }`,
    { lines: [{ productId: big!.product.id, quantity: big!.quantity }] },
  );
  expect(
    forParent.checkoutPreview.orders.flatMap((o: any) => o.lines.flatMap((l: any) => l.allocations)),
  ).not.toContainEqual({ arrangementName: kindpakket });
  expect(forParent.checkoutPreview.canOrder).toBe(false);
  let second: OfferProduct | undefined;
  let expected: Awaited<ReturnType<typeof preview>> | undefined;
  for (const p of products.filter((x) => x.provider.id !== big!.product.provider.id)) {
    const r = await preview(page, [
      { productId: p.id, quantity: 1 },
      { productId: big!.product.id, quantity: big!.quantity, ...forChild },
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
  // The cart's answer to the 2 may still reach the field (it shows the saved quantity) after the 0 is typed: again then.
  await expect(async () => {
    await field.fill('0');
    await field.press('Enter');
    await expect(page.getByText('Kies een aantal van 1 tot en met 99.')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  // The same race once more: a late answer can put the saved quantity back into the field while the 1 is typed.
  await expect(async () => {
    await field.fill('1');
    await field.press('Enter');
    await expect
      .poll(async () => (await pageGql(page, '{ myCart { itemCount } }')).myCart.itemCount, { timeout: 3_000 })
      .toBe(big!.quantity + 1);
  }).toPass({ timeout: 15_000 });
  // "Voor wie?": the line the Kindpakket could pay asks for whom it is (the parent, until the child is chosen).
  const forWhom = page.getByLabel(`Voor wie? (${big!.product.title})`);
  await expect(forWhom).toHaveValue(
    (await pageGql(page, '{ myCart { groups { lines { productId beneficiaryId } } } }')).myCart.groups
      .flatMap((g: any) => g.lines)
      .find((l: any) => l.productId === big!.product.id).beneficiaryId,
  );
  await forWhom.selectOption({ label: child.beneficiaryName! });
  await expect(page.getByRole('status').filter({ hasText: `is nu voor ${child.beneficiaryName}` })).toBeAttached();
  await expect
    .poll(
      async () =>
        (await pageGql(page, '{ myCart { groups { lines { productId beneficiaryId } } } }')).myCart.groups
          .flatMap((g: any) => g.lines)
          .find((l: any) => l.productId === big!.product.id).beneficiaryId,
    )
    .toBe(child.beneficiaryId);
  await expectAccessible(page, 'winkelwagen met twee aanbieders');
  // On a phone: stacked rows, each value labelled, nothing scrolls sideways.
  await resizeTo(page, { width: 390, height: 844 });
  await expectNoOverflow(page, 'winkelwagen (390 px)');
  await expectAccessible(page, 'winkelwagen (390 px)');
  await resizeTo(page, { width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Verder naar bestellen' }).click();
  await expect(page.getByRole('region', { name: /^Bestelling bij / })).toHaveCount(2);
  await expect(page.getByText(`Voor ${child.beneficiaryName}`, { exact: true })).toBeVisible();
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
  await resizeTo(page, { width: 390, height: 844 });
  await expectNoOverflow(page, 'tegoed en eigen bijdrage (390 px)');
  await expectAccessible(page, 'tegoed en eigen bijdrage (390 px)');
  await resizeTo(page, { width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Bestellen', exact: true }).click();
  await expect(page).toHaveURL(/\/betalen\/simulator\/sim_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Eigen bijdrage betalen' })).toBeVisible();
  await expect(page.locator('main')).toContainText(euros(expected!.contributionCents));
  await expectAccessible(page, 'betaalsimulator');
  await page.getByRole('button', { name: 'Betaald' }).click();

  // Back on the checkout's confirmation step: order numbers, what the budget paid, the own contribution, paid.
  await expect(page).toHaveURL(/\/winkelwagen\?betaling=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Bedankt voor uw bestelling' })).toBeFocused();
  await expect(page.getByRole('listitem').filter({ hasText: '(huidige stap)' })).toContainText('Bevestiging');
  await expect(page.getByRole('status').filter({ hasText: 'Uw betaling is gelukt' })).toContainText(
    euros(expected!.contributionCents),
  );
  await expect(page.getByRole('link', { name: /^Bestelling B\d+$/ })).toHaveCount(2);
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: ` uit ${kindpakket}` })
      .first(),
  ).toBeVisible();
  const paid = page.locator('dl[aria-label="Betaling"]');
  await expect(paid.locator('dt').filter({ hasText: 'Van uw tegoed' }).locator('+ dd')).toHaveText(
    euros(expected!.budgetCents),
  );
  await expect(paid.locator('dt').filter({ hasText: 'Eigen bijdrage (zelf betaald)' }).locator('+ dd')).toHaveText(
    euros(expected!.contributionCents),
  );
  await expect(page.getByRole('heading', { level: 3, name: 'Wat gebeurt er nu?' })).toBeVisible();
  await expectAccessible(page, 'winkelwagen: bevestiging na betalen');
  await resizeTo(page, { width: 390, height: 844 });
  await expectNoOverflow(page, 'bevestiging (390 px)');
  await resizeTo(page, { width: 1280, height: 900 });
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

  // The order says for whom its line is.
  const orderIds = (
    await pageGql(
      page,
      `query($id: ID!) { myPayment(id: $id) { orders { id lines { productId beneficiaryName } } } }`,
      { id: paymentId },
    )
  ).myPayment.orders as { id: string; lines: { productId: string; beneficiaryName: string | null }[] }[];
  const childOrder = orderIds.find((o) => o.lines.some((l) => l.productId === big!.product.id))!;
  expect(childOrder.lines.find((l) => l.productId === big!.product.id)!.beneficiaryName).toBe(child.beneficiaryName);
  await page.goto(`/account/bestellingen/${childOrder.id}`);
  await expect(page.getByRole('rowheader', { name: new RegExp(`Voor ${child.beneficiaryName}`) })).toBeVisible();
  expect(errors).toEqual([]);
});
