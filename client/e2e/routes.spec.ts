import { type Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { EXTRA_URLS, SAMPLE, SPEC_URLS } from '../src/test/specUrls';
import {
  expectAccessible,
  expectWellFormedPage,
  loginCustomer,
  loginProvider,
  loginStaff,
  savedLogin,
  STAFF,
} from './support';
import { someOrder } from './orders-support';
import { accountOrderId } from './account-support';

/**
 * Every route of the specification, visited as its own audience: it renders a Dutch page with a title, one h1 and
 * landmarks, and passes axe (WCAG 2.1 AA) with zero violations. Public product and provider pages use real seeded ids.
 */

async function publicSamples(page: Page): Promise<Record<string, string>> {
  const res = await page.request.post('/graphql', {
    headers: { 'content-type': 'application/json' },
    data: { query: '{ products(first: 1) { edges { node { id slug provider { id slug } } } } }' },
  });
  const node = (await res.json()).data.products.edges[0].node;
  return { productId: node.id, productSlug: node.slug, providerId: node.provider.id, providerSlug: node.provider.slug };
}

/**
 * Screens that show one real record need a real id (a sample id is "not found"): ask the API, as the logged-in
 * audience, for the first one. Returns the URL unchanged when it is not such a screen.
 */
async function withRealIds(page: Page, url: string): Promise<string> {
  const first = async (query: string, pick: (data: any) => string) => {
    const res = await page.request.post('/graphql', {
      headers: { 'content-type': 'application/json' },
      data: { query },
    });
    return pick((await res.json()).data);
  };
  switch (url) {
    case `/aanbieder/producten/${SAMPLE.uuid}`:
      return `/aanbieder/producten/${await first('{ myProducts(first: 1) { edges { node { id } } } }', (d) => d.myProducts.edges[0].node.id)}`;
    case `/admin/producten/${SAMPLE.uuid}`:
      return `/admin/producten/${await first('{ reviewProducts(first: 1) { edges { node { id } } } }', (d) => d.reviewProducts.edges[0].node.id)}`;
    case `/admin/beheer/categorieen/${SAMPLE.uuid}`:
      return `/admin/beheer/categorieen/${await first('{ categories { id } }', (d) => d.categories[0].id)}`;
    case `/account/bestellingen/${SAMPLE.uuid}`:
      return `/account/bestellingen/${await accountOrderId(page)}`;
    case `/aanbieder/bestellingen/${SAMPLE.uuid}`:
      return `/aanbieder/bestellingen/${(await someOrder(page, 'provider', 'ZV-100012')).id}`;
    case `/admin/bestellingen/${SAMPLE.uuid}`:
      return `/admin/bestellingen/${(await someOrder(page, 'staff', 'ZV-100012')).id}`;
    case `/admin/aanbieders/${SAMPLE.uuid}/bestellingen/${SAMPLE.uuid2}`: {
      const order = await someOrder(page, 'staff', 'ZV-100012');
      return `/admin/aanbieders/${order.providerId}/bestellingen/${order.id}`;
    }
    default:
      return url;
  }
}

function visitAll(urls: readonly string[], audience: string) {
  for (const url of urls) {
    test(`${audience}: ${url}`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      let target = await withRealIds(page, url);
      if (url.startsWith('/aanbod/')) {
        const s = await publicSamples(page);
        target = url.startsWith('/aanbod/aanbieders/')
          ? `/aanbod/aanbieders/${s.providerSlug}/${s.providerId}`
          : `/aanbod/${s.productSlug}/${s.productId}`;
      }
      const response = await page.goto(target);
      expect(response?.status(), target).toBe(200);
      await expectWellFormedPage(page, target);
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/Pagina niet gevonden|Geen toegang/);
      await expectAccessible(page, target);
      expect(errors, `script errors on ${target}`).toEqual([]);
    });
  }
}

test.describe('public routes', () => {
  visitAll([...SPEC_URLS.public, ...SPEC_URLS.internal, ...EXTRA_URLS.public], 'bezoeker');
});

test.describe('customer account routes', () => {
  let state: string;
  test.beforeAll(async ({ browser }) => {
    state = await savedLogin(browser, 'customer', loginCustomer);
  });
  test.use({ storageState: async ({}, use) => use(state) });
  visitAll(SPEC_URLS.account, 'klant');
});

test.describe('provider area routes', () => {
  let state: string;
  test.beforeAll(async ({ browser }) => {
    state = await savedLogin(browser, 'provider', (p) => loginProvider(p, 1));
  });
  test.use({ storageState: async ({}, use) => use(state) });
  visitAll(SPEC_URLS.provider, 'aanbieder');
});

test.describe('admin routes', () => {
  let state: string;
  test.beforeAll(async ({ browser }) => {
    state = await savedLogin(browser, 'staff', (p) => loginStaff(p, STAFF.beheerder));
  });
  test.use({ storageState: async ({}, use) => use(state) });
  visitAll([...SPEC_URLS.admin, ...SPEC_URLS.beheer, ...SPEC_URLS.instellingen], 'beheerder');
});
