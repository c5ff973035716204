import { type Page } from '@playwright/test';
import { test } from './fixtures';
import { EXTRA_URLS, SAMPLE, SPEC_URLS } from '../src/test/specUrls';
import { loginCustomer, loginProvider, loginStaff, savedLogin, STAFF } from './support';
import { someOrder } from './orders-support';
import { accountOrderId } from './account-support';

/**
 * Every route of the specification, grouped by the audience that visits it (logged out, customer, provider, staff),
 * for the browser tests that walk all routes (routes.spec.ts, phones.spec.ts). A route added to the specification's
 * list (src/test/specUrls.ts) is walked by all of them.
 */
export interface RouteAudience {
  /** The test.describe title. */
  title: string;
  /** The prefix of each test's name ("bezoeker: /aanbod"). */
  label: string;
  urls: readonly string[];
  /** How this audience logs in (once per worker; the cookies are reused); none for visitors. */
  login?: { name: string; run: (page: Page) => Promise<void> };
  /**
   * The routes axe checks a second time at 390 px (all when absent). Every route gets the full check at desktop width
   * and the no-sideways-scroll check at 390 px; residents, visitors and providers (at the counter) use phones, so their
   * routes get axe at 390 px as well. The staff area works at a desk: at 390 px its layout (the folded menu) and one
   * screen of each kind (list with a table as scroll region, form, detail) — an axe check costs more than the page's
   * load, and the staff routes are half of the walk.
   */
  phoneAxe?: readonly string[];
}

/** Routes beneath the specification's, with no line of their own in it: the payouts to providers (issue 11). */
export const PAYOUT_URLS = [
  '/admin/beheer/betalingen/uitbetalingen',
  '/admin/beheer/betalingen/uitbetalingen/nieuw',
  `/admin/beheer/betalingen/uitbetalingen/${SAMPLE.uuid}`,
] as const;

/** Online applications (issue 28): routes beyond the specification, per audience. */
export const APPLICATION_URLS = {
  public: ['/aanvragen', `/aanvragen/zuiderveen/${SAMPLE.uuid}`],
  account: ['/account/aanvragen', `/account/aanvragen/${SAMPLE.uuid}`],
  admin: ['/admin/aanvragen', `/admin/aanvragen/${SAMPLE.uuid}`],
} as const;

export const ROUTE_AUDIENCES: readonly RouteAudience[] = [
  {
    title: 'public routes',
    label: 'bezoeker',
    urls: [...SPEC_URLS.public, ...SPEC_URLS.internal, ...EXTRA_URLS.public, ...APPLICATION_URLS.public],
  },
  {
    title: 'customer account routes',
    label: 'klant',
    urls: [...SPEC_URLS.account, ...APPLICATION_URLS.account],
    login: { name: 'customer', run: loginCustomer },
  },
  {
    title: 'provider area routes',
    label: 'aanbieder',
    urls: SPEC_URLS.provider,
    login: { name: 'provider', run: (p) => loginProvider(p, 1) },
  },
  {
    title: 'admin routes',
    label: 'beheerder',
    // /admin/beheer/auditlog is not in the specification (the audit log screen of issue 12).
    urls: [
      ...SPEC_URLS.admin,
      ...SPEC_URLS.beheer,
      ...SPEC_URLS.instellingen,
      ...PAYOUT_URLS,
      '/admin/beheer/auditlog',
      ...APPLICATION_URLS.admin,
      // Ordering for a resident without DigiD (issue 14), beneath the person screens.
      `/admin/persoon/${SAMPLE.externalIdentifier}/bestellen`,
    ],
    login: { name: 'staff', run: (p) => loginStaff(p, STAFF.beheerder) },
    phoneAxe: [
      '/admin',
      '/admin/bestellingen',
      '/admin/klanten',
      `/admin/bestellingen/${SAMPLE.uuid}`,
      '/admin/beheer/links/nieuw',
      '/admin/beheer/auditlog',
    ],
  },
];

/**
 * One test.describe per audience, logged in as that audience (when it logs in); `body` declares the tests for it
 * (each audience's tab kept by the worker and logged in again after each test: `page` in e2e/fixtures.ts).
 */
export function describeAudiences(body: (audience: RouteAudience) => void) {
  for (const audience of ROUTE_AUDIENCES) {
    test.describe(audience.title, () => {
      const login = audience.login;
      if (login) {
        let state: string;
        test.beforeAll(async ({ browser }) => {
          state = await savedLogin(browser, login.name, login.run);
        });
        test.use({ storageState: async ({}, use) => use(state) });
      }
      body(audience);
    });
  }
}

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
    case `/admin/beheer/communicatie/sjablonen/${SAMPLE.uuid}`:
      return `/admin/beheer/communicatie/sjablonen/${await first('{ communicationTemplates { id } }', (d) => d.communicationTemplates[0].id)}`;
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
    case `/nieuws/${SAMPLE.slug}/${SAMPLE.uuid}`:
      return first(
        '{ latestNews(count: 1) { id slug } }',
        (d) => `/nieuws/${d.latestNews[0].slug}/${d.latestNews[0].id}`,
      );
    case `/admin/beheer/nieuws/${SAMPLE.uuid}`:
      return `/admin/beheer/nieuws/${await first('{ adminNews(first: 1) { edges { node { id } } } }', (d) => d.adminNews.edges[0].node.id)}`;
    case `/admin/beheer/betalingen/uitbetalingen/${SAMPLE.uuid}`:
      return `/admin/beheer/betalingen/uitbetalingen/${await first('{ payoutBatches(first: 1) { edges { node { id } } } }', (d) => d.payoutBatches.edges[0].node.id)}`;
    case `/admin/beheer/accounts/${SAMPLE.uuid}`:
      return `/admin/beheer/accounts/${await first('{ staffAccounts(first: 1) { edges { node { id } } } }', (d) => d.staffAccounts.edges[0].node.id)}`;
    case `/admin/beheer/links/${SAMPLE.uuid}`:
      return `/admin/beheer/links/${await first('{ links { id } }', (d) => d.links[0].id)}`;
    case `/meldingen/bericht/${SAMPLE.uuid}`:
      return `/meldingen/bericht/${await first('{ activeAnnouncements { id } }', (d) => d.activeAnnouncements[0].id)}`;
    case `/admin/meldingen/bericht/${SAMPLE.uuid}`:
      return `/admin/meldingen/bericht/${await first('{ massMessages(first: 1) { edges { node { id } } } }', (d) => d.massMessages.edges[0].node.id)}`;
    case `/aanvragen/zuiderveen/${SAMPLE.uuid}`:
      return first(
        '{ openApplicationForms { arrangementId municipalitySlug } }',
        (d) => `/aanvragen/${d.openApplicationForms[0].municipalitySlug}/${d.openApplicationForms[0].arrangementId}`,
      );
    case `/admin/aanvragen/${SAMPLE.uuid}`:
      return `/admin/aanvragen/${await first('{ applications(first: 1) { edges { node { id } } } }', (d) => d.applications.edges[0].node.id)}`;
    case `/account/aanvragen/${SAMPLE.uuid}`: {
      // The walking resident has no application in the demo: a draft of their own (no message, nothing sent).
      const mine = await first('{ myApplications { id } }', (d) => d.myApplications[0]?.id ?? '');
      if (mine) return `/account/aanvragen/${mine}`;
      const form = await first(
        '{ openApplicationForms { arrangementId } }',
        (d) => d.openApplicationForms[0].arrangementId,
      );
      const draft = await first(
        `mutation { saveApplicationDraft(arrangementId: "${form}", answers: {}) { application { id } } }`,
        (d) => d.saveApplicationDraft.application.id,
      );
      return `/account/aanvragen/${draft}`;
    }
    default:
      return url;
  }
}

/** The URL to visit for a route of the list: sample ids replaced by real ones where the screen needs a record. */
export async function routeTarget(page: Page, url: string): Promise<string> {
  const target = await withRealIds(page, url);
  if (!url.startsWith('/aanbod/')) return target;
  const s = await publicSamples(page);
  return url.startsWith('/aanbod/aanbieders/')
    ? `/aanbod/aanbieders/${s.providerSlug}/${s.providerId}`
    : `/aanbod/${s.productSlug}/${s.productId}`;
}
