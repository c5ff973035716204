import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO_PASSWORD, loginCustomer, providerEmail, settle } from './support';

/**
 * The public pages rendered on the server (server/src/http/server-render.ts, client/src/entry-server.tsx) and hydrated
 * in the browser (client/src/main.tsx): painted before any JavaScript runs, then usable without asking for the data
 * again, without hydration errors, and with what only this browser knows (its cart, the announcements it closed)
 * right after.
 */

/** The offer's first product as the API lists it: its id, slug and title. */
async function firstProduct(page: Page) {
  const res = await page.request.post('/graphql', {
    headers: { 'content-type': 'application/json' },
    data: { query: '{ products(first: 1) { edges { node { id slug title } } } }' },
  });
  const body = (await res.json()) as {
    data: { products: { edges: { node: { id: string; slug: string; title: string } }[] } };
  };
  return body.data.products.edges[0]!.node;
}

/** Everything the page reports as an error: console errors (React's hydration errors among them) and uncaught ones. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('a visitor without JavaScript reads the home page, the offer and a product', async ({ browser, page }) => {
  const product = await firstProduct(page);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  try {
    await plain.goto('/');
    await expect(plain.getByRole('heading', { level: 1 })).toHaveText('Welkom bij de Gemeentewinkel');
    await expect(
      plain.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Aanbod' }),
    ).toBeVisible();

    await plain.goto('/aanbod');
    await expect(plain).toHaveTitle('Aanbod | Gemeentewinkel');
    await expect(plain.getByRole('heading', { level: 1 })).toHaveText('Aanbod');
    await expect(plain.getByText(/\d+ producten gevonden\./)).toBeVisible();
    await expect(plain.getByRole('heading', { level: 3, name: product.title })).toBeVisible();

    await plain.goto(`/aanbod/${product.slug}/${product.id}`);
    await expect(plain).toHaveTitle(`${product.title} | Gemeentewinkel`);
    await expect(plain.getByRole('heading', { level: 1 })).toHaveText(product.title);
  } finally {
    await context.close();
  }
});

test('the offer the server rendered is hydrated without asking for its data again, and filters as before', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const operations: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/graphql') operations.push(request.postDataJSON()?.operationName ?? '?');
  });
  const response = await page.goto('/aanbod');
  expect(await response!.text()).toContain('id="gw-state"');
  await settle(page);
  // Hydrated: the rest of the page of 24 cards joins the first row rendered on the server.
  const cards = page.getByRole('list', { name: /^Producten:/ }).getByRole('listitem');
  await expect(cards).toHaveCount(24);
  expect(operations, 'GraphQL requests while hydrating').toEqual([]);

  await page.getByLabel('Zoeken in het aanbod').fill('fiets');
  await page.getByRole('button', { name: 'Zoeken' }).first().click();
  await expect(page).toHaveURL(/zoek=fiets/);
  await expect(page.getByText(/producten? gevonden voor ‘fiets’/)).toBeVisible();
  expect(operations).toContain('Catalogue');
  expect(errors).toEqual([]);
});

test('the cart and the closed announcements of this browser show once the page is hydrated', async ({ page }) => {
  const errors = collectErrors(page);
  const product = await firstProduct(page);
  await page.goto('/');
  await settle(page);
  const banner = page.getByRole('region', { name: 'Meldingen' });
  await expect(banner.getByRole('listitem')).not.toHaveCount(0);
  const announcements = await banner.getByRole('listitem').count();
  await banner
    .getByRole('button', { name: /^Sluiten/ })
    .first()
    .click();
  await page.evaluate(
    (id) => localStorage.setItem('gemeentewinkel:winkelwagen', JSON.stringify([{ productId: id, quantity: 2 }])),
    product.id,
  );

  await page.reload();
  await settle(page);
  await expect(page.getByRole('link', { name: 'Winkelwagen (2 artikelen)' })).toBeVisible();
  if (announcements === 1) await expect(banner).toHaveCount(0);
  else await expect(banner.getByRole('listitem')).toHaveCount(announcements - 1);
  expect(errors).toEqual([]);
});

test('when the screen’s code cannot be loaded, the rendered page says so instead of staying inert', async ({
  page,
}) => {
  await page.route(/\/assets\/CatalogueScreen-[^/]*\.js$/, (route) => route.abort());
  await page.goto('/aanbod');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Er ging iets mis');
  await expect(page.getByRole('button', { name: 'Pagina opnieuw laden' })).toBeVisible();
});

test('an old product address redirects permanently, an unknown product is a 404 in Dutch', async ({ page }) => {
  const product = await firstProduct(page);
  const moved = await page.request.get(`/aanbod/oude-naam/${product.id}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe(`/aanbod/${product.slug}/${product.id}`);

  const unknown = await page.request.get('/aanbod/bestaat-niet/00000000-0000-4000-8000-000000000000');
  expect(unknown.status()).toBe(404);
  expect(await unknown.text()).toContain('Pagina niet gevonden');
});

test('a logged-in resident gets the page the browser renders, with their own menu', async ({ page }) => {
  await loginCustomer(page);
  const html = await (await page.request.get('/aanbod')).text();
  expect(html).not.toContain('id="gw-state"');
  await page.goto('/aanbod');
  await settle(page);
  await expect(
    page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Mijn account' }),
  ).toBeVisible();
});

test('a provider who lands on a rendered page logs in at once and gets their own area', async ({ page }) => {
  await page.goto('/');
  await settle(page);
  // Right after the hydration: the page's data (an anonymous visitor) gives way to the log-in's.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Inloggen als aanbieder' }).click();
  await page.getByLabel('E-mailadres').fill(providerEmail(1));
  await page.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/aanbieder\//);
  await settle(page);
});
