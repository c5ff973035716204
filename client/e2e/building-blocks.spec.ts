import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectAccessible, loginStaff, settle, STAFF } from './support';

/**
 * The reference screens of the building blocks (docs "Adding a screen"): a list kit screen whose filters live in
 * the URL (Back and a shared link show the same list), and its empty and filtered states, each checked with axe.
 */

test('categories: filters in the URL survive Back and a shared link; empty and filtered states are accessible', async ({
  page,
  context,
}) => {
  await loginStaff(page, STAFF.redactie);
  await page.goto('/admin/beheer/categorieen');
  await settle(page);
  const all = page.getByRole('table', { name: /^Categorieën: \d+ van \d+$/ });
  await expect(all).toBeVisible();
  await expect(all.getByRole('rowheader').first()).toBeVisible();

  const search = page.getByRole('search', { name: 'Categorieën zoeken' });
  await search.getByRole('combobox', { name: 'Producten' }).selectOption({ label: 'Met producten' });
  await search.getByRole('searchbox', { name: /Naam/ }).fill('zwem');
  await search.getByRole('button', { name: 'Zoeken' }).click();
  await expect(page).toHaveURL(/producten=met/);
  await expect(page).toHaveURL(/zoek=zwem/);
  await settle(page);
  await expect(page.getByRole('table', { name: /^Categorieën: 1 van 1$/ })).toBeVisible();
  await expectAccessible(page, 'categorieën gefilterd');

  // A shared link shows the same list, with the filters filled in.
  const shared = await context.newPage();
  await shared.goto(page.url());
  await settle(shared);
  await expect(shared.getByRole('table', { name: /^Categorieën: 1 van 1$/ })).toBeVisible();
  await expect(shared.getByRole('searchbox', { name: /Naam/ })).toHaveValue('zwem');
  await shared.close();

  // Nothing matches: guidance, and a link that clears the filters.
  await search.getByRole('searchbox', { name: /Naam/ }).fill('qwxyzzy');
  await search.getByRole('button', { name: 'Zoeken' }).click();
  await settle(page);
  await expect(page.getByText('Geen categorie past bij deze filters.', { exact: false })).toBeVisible();
  await expectAccessible(page, 'categorieën zonder resultaat');

  // Back: the previous filters, in the list and in the form.
  await page.goBack();
  await settle(page);
  await expect(page.getByRole('table', { name: /^Categorieën: 1 van 1$/ })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: /Naam/ })).toHaveValue('zwem');

  await page.getByRole('link', { name: 'Filters wissen' }).click();
  await expect(page).toHaveURL(/\/admin\/beheer\/categorieen$/);
  await settle(page);
  await expect(all).toBeVisible();
});

test('customers: the search is in the URL, Back returns to it, and an invalid URL value is ignored', async ({
  page,
}) => {
  await loginStaff(page, STAFF.klantcontact);
  await page.goto('/admin/klanten?zoek=ZV-1000&gemeente=geen-id');
  await settle(page);
  await expect(page.getByRole('table', { name: /^Zoekresultaten voor ‘ZV-1000’: \d+ van \d+$/ })).toBeVisible();
  await expectAccessible(page, 'klanten gezocht');
  await page.getByRole('table').getByRole('rowheader').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/klantgroep\//);
  await settle(page);
  await page.goBack();
  await settle(page);
  await expect(page.getByRole('searchbox', { name: 'Zoeken' })).toHaveValue('ZV-1000');
  await expect(page.getByRole('table', { name: /^Zoekresultaten voor ‘ZV-1000’/ })).toBeVisible();
});

test('the accessibility check itself finds what axe finds, also on a later check of the same document', async ({
  page,
}) => {
  await page.goto('/');
  await settle(page);
  await expectAccessible(page, 'home');
  // The same document after a change: axe is already in the page and runs again on what is there now.
  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    main.insertAdjacentHTML('beforeend', '<img src="/favicon.svg"><input type="text" id="zonder-label">');
  });
  const failure = await expectAccessible(page, 'home with a broken image and field').then(
    () => null,
    (e: Error) => e.message,
  );
  expect(failure).toContain('image-alt');
  expect(failure).toContain('label');
  // A new document gets axe put in again.
  await page.goto('/nieuws');
  await settle(page);
  await expectAccessible(page, 'nieuws');
});

/**
 * The worker's kept tab (e2e/fixtures.ts): the next test gets the same tab, but nothing a test left in it — cookies,
 * local and session storage, routes. One after another on one worker (serial).
 */
test.describe('a kept tab', () => {
  test.describe.configure({ mode: 'serial' });
  let first: Page | undefined;

  test('a test leaves cookies, storage and a route behind', async ({ page }) => {
    first = page;
    await page.goto('/');
    await page.context().addCookies([{ name: 'gw_probe', value: '1', url: page.url() }]);
    await page.evaluate(() => {
      localStorage.setItem('gw-probe', '1');
      sessionStorage.setItem('gw-probe', '1');
    });
    await page.route('**/graphql', (route) => route.abort());
  });

  test('the next test gets the same tab with none of it', async ({ page }) => {
    // The same tab (with E2E_FRESH_PAGES=1, which gives every test a fresh context, another one).
    expect(page === first, 'the kept tab').toBe(process.env.E2E_FRESH_PAGES !== '1');
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('gw_probe');
    await page.goto('/aanbod');
    await settle(page);
    expect(await page.evaluate(() => [localStorage.getItem('gw-probe'), sessionStorage.getItem('gw-probe')])).toEqual([
      null,
      null,
    ]);
    // The route that aborted every GraphQL request is gone.
    const status = await page.evaluate(
      async () =>
        (
          await fetch('/graphql', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query: '{ __typename }' }),
          })
        ).status,
    );
    expect(status).toBe(200);
  });
});
