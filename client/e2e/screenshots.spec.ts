import { mkdirSync } from 'node:fs';
import { type Browser, type Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { loginProvider, loginStaff, settle, STAFF } from './support';
import { pageGql } from './account-support';
import { resident } from './orders-support';

/**
 * Screenshots of the screens residents and providers meet first — home, offer, a product, the cart with a line, the
 * checkout's review step and the counter — and the staff screens made of several panels (own account, API clients,
 * import, DigiD certificates) at 390 and 1280 px, into .tmp/screenshots/ (git-ignored), for people to look at (`npm run screenshots`). Each screen
 * must also not scroll sideways, so a broken layout fails here too, also in `npm test`, which makes no pictures.
 * Its own household (NH-200004): no other spec uses its cart.
 */

const DIR = '../.tmp/screenshots';
/**
 * The pictures are made when asked for (`npm run screenshots`, E2E_SCREENSHOTS=1); `npm test` walks the same screens
 * and checks their layout without writing a full-page PNG of each (about half this file's time).
 */
const SAVE = process.env.E2E_SCREENSHOTS === '1';
const HOUSEHOLD = 'NH-200004';
const WIDTHS = [390, 1280] as const;

async function shoot(page: Page, name: string, width: number) {
  await settle(page);
  const overflow = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  expect(overflow, `${name} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
  if (SAVE) await page.screenshot({ path: `${DIR}/${name}-${width}.png`, fullPage: true });
}

async function residentPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto('/inloggen');
  await page.getByRole('link', { name: 'Inloggen met DigiD' }).click();
  await page.getByLabel('BSN', { exact: true }).fill(resident(HOUSEHOLD).bsn);
  await page.getByRole('button', { name: 'Inloggen met dit BSN' }).click();
  await expect(page).toHaveURL(/\/account\//);
  return page;
}

/** A product this resident's budget can pay (the preview books nothing); else the first one. */
async function productToOrder(page: Page): Promise<{ id: string; slug: string; title: string }> {
  const data = await pageGql(page, '{ products(first: 30) { edges { node { id slug title } } } }');
  const products = (data.products.edges as { node: { id: string; slug: string; title: string } }[]).map((e) => e.node);
  for (const product of products) {
    const preview = await pageGql(
      page,
      'query($lines: [CartLineInput!]) { checkoutPreview(lines: $lines) { canOrder } }',
      { lines: [{ productId: product.id, quantity: 1 }] },
    );
    if (preview.checkoutPreview.canOrder) return product;
  }
  return products[0]!;
}

// One household's cart for both widths: one after the other.
test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  mkdirSync(DIR, { recursive: true });
});

for (const width of WIDTHS) {
  test(`the first screens at ${width} px`, async ({ browser }) => {
    const page = await residentPage(browser, width);

    await page.goto('/');
    await shoot(page, '1-home', width);

    await page.goto('/aanbod');
    await shoot(page, '2-aanbod', width);

    const product = await productToOrder(page);
    await page.goto(`/aanbod/${product.slug}/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    await shoot(page, '3-product', width);

    // Put the product in the cart (once: the cart is the household's, shared by both widths).
    const cart = await pageGql(page, '{ myCart { groups { lines { productId } } } }');
    const lines = cart.myCart.groups.flatMap((g: { lines: { productId: string }[] }) => g.lines);
    if (!lines.some((line: { productId: string }) => line.productId === product.id)) {
      await page.getByLabel('Aantal', { exact: true }).fill('1');
      await page.getByRole('button', { name: 'In winkelwagen' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'in uw winkelwagen' })).toBeVisible();
    }
    await page.goto('/winkelwagen');
    await expect(page.getByRole('link', { name: product.title, exact: true })).toBeVisible();
    await shoot(page, '4-winkelwagen', width);

    await page.getByRole('button', { name: 'Verder naar bestellen' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Tegoed en eigen bijdrage' })).toBeVisible();
    await expect(page.getByRole('region', { name: /^Bestelling bij / }).first()).toBeVisible();
    await shoot(page, '5-afrekenen-controle', width);
    await page.context().close();

    const counterContext = await browser.newContext({ viewport: { width, height: 900 } });
    const counter = await counterContext.newPage();
    await loginProvider(counter, 1);
    await counter.goto('/aanbieder/app');
    await shoot(counter, '6-aanbieder-kassa', width);
    await counterContext.close();
  });
}

/** The staff screens built from a component per panel (issue 25), as the Beheerder sees them. */
const PANEL_SCREENS = [
  ['7-beheer-mijn-account', '/admin/account'],
  ['8-beheer-api', '/admin/beheer/api'],
  ['9-beheer-importeren', '/admin/beheer/importeren'],
  ['10-beheer-digid-certificaten', '/admin/beheer/instellingen/digid/nieuwe-certificaten'],
] as const;

for (const width of WIDTHS) {
  test(`the staff screens of several panels at ${width} px`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await loginStaff(page, STAFF.beheerder);
    for (const [name, path] of PANEL_SCREENS) {
      await page.goto(path);
      await shoot(page, name, width);
    }
    // An API client opened beside the list (?koppeling=…), when the demo has one.
    await page.goto('/admin/beheer/api');
    await settle(page);
    const client = page
      .getByRole('table', { name: /API-koppelingen/ })
      .getByRole('link')
      .first();
    if (await client.count()) {
      await client.click();
      await expect(page).toHaveURL(/koppeling=/);
      await shoot(page, '8-beheer-api-koppeling', width);
    }
    // An import run opened below the form (?import=…), when there has been one.
    await page.goto('/admin/beheer/importeren');
    await settle(page);
    const run = page
      .getByRole('table', { name: /imports/ })
      .getByRole('link')
      .first();
    if (await run.count()) {
      await run.click();
      await expect(page).toHaveURL(/import=/);
      await shoot(page, '9-beheer-importeren-run', width);
    }
    await context.close();
  });
}
