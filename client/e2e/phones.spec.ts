import { test, expect } from './fixtures';
import { expectAccessible, expectNoSidewaysScroll, loginStaff, PHONE, settle, STAFF } from './support';

const ZOOM_400 = { width: 320, height: 256 };

/**
 * Phones (390 CSS px wide) and 400% zoom (320 CSS px, WCAG 1.4.10 reflow): the folded menus work with the keyboard and
 * the main pages reflow. Every route at 390 px (no sideways scroll, axe) is checked in routes.spec.ts, on the same
 * page load as at desktop width.
 */

test.describe('the public header on a phone', () => {
  test.use({ viewport: PHONE });

  test('the menu is a disclosure: opened and closed by keyboard, Escape returns the focus, a link closes it', async ({
    page,
  }) => {
    await page.goto('/');
    await settle(page);
    const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
    const button = nav.getByRole('button', { name: 'Menu' });
    const catalogue = nav.getByRole('link', { name: 'Aanbod' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(catalogue).toBeHidden();
    const panelId = await button.getAttribute('aria-controls');
    expect(panelId).toBeTruthy();
    await expect(page.locator(`[id="${panelId}"]`)).toBeHidden();

    // Tab from the skip link and the logo to the button, open it with Enter.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Naar de inhoud' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator(`[id="${panelId}"]`)).toBeVisible();
    await expect(catalogue).toBeVisible();
    await expectAccessible(page, 'home with the menu open (390 px)');

    // The next Tab goes into the menu; Escape closes it and puts the focus back on the button.
    await page.keyboard.press('Tab');
    await expect(catalogue).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(catalogue).toBeHidden();
    await expect(button).toBeFocused();

    // Space opens it too; following a link closes it on the new page.
    await page.keyboard.press('Space');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/aanbod$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(catalogue).toBeHidden();
  });

  test('the header names the municipalities and the footer says how to contact them, each link once', async ({
    page,
  }) => {
    await page.goto('/');
    await settle(page);
    await expect(page.getByRole('banner')).toContainText(/Gemeente Noorderhaven en Gemeente Zuiderveen/);
    const footer = page.getByRole('contentinfo');
    const contact = footer.getByRole('region', { name: 'Contact met de gemeente' });
    for (const name of ['Gemeente Noorderhaven', 'Gemeente Zuiderveen']) {
      await expect(contact.getByRole('heading', { name })).toBeVisible();
    }
    await expect(contact.getByRole('link', { name: /^14 \d{4}$/ })).toHaveCount(2);
    await expect(contact.getByRole('link', { name: /@/ })).toHaveCount(2);
    const hrefs = await footer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(5);
    expect(hrefs.filter((href, i) => hrefs.indexOf(href) !== i)).toEqual([]);
  });
});

test.describe('400% zoom (320 px)', () => {
  test.use({ viewport: ZOOM_400 });

  for (const url of ['/', '/aanbod', '/hoe-werkt-het', '/winkelwagen', '/inloggen']) {
    test(`${url} reflows`, async ({ page }) => {
      await page.goto(url);
      await settle(page);
      await expectNoSidewaysScroll(page, url);
    });
  }

  test('the home page heading is not covered by the hero, and the menu opens', async ({ page }) => {
    await page.goto('/');
    await settle(page);
    const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
    const hero = await page.locator('.gw-hero').boundingBox();
    expect(heading && hero && hero.y >= heading.y + heading.height, 'hero below the heading').toBe(true);
    const button = page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('button', { name: 'Menu' });
    await button.click();
    await expect(
      page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Aanbod' }),
    ).toBeVisible();
    await expectNoSidewaysScroll(page, '/ with the menu open');
  });
});

test.describe('work areas on a phone', () => {
  test.use({ viewport: PHONE });

  test('the admin menu folds away and marks the section of a detail page', async ({ page }) => {
    await loginStaff(page, STAFF.beheerder);
    const res = await page.request.post('/graphql', {
      headers: { 'content-type': 'application/json' },
      data: { query: '{ reviewProducts(first: 1) { edges { node { id } } } }' },
    });
    const productId = (await res.json()).data.reviewProducts.edges[0].node.id as string;
    await page.goto(`/admin/producten/${productId}`);
    await settle(page);
    const nav = page.getByRole('navigation', { name: 'Beheermenu' });
    const button = nav.getByRole('button', { name: 'Menu' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    const products = nav.getByRole('link', { name: 'Producten', exact: true });
    await expect(products).toBeHidden();
    // The content comes right after the folded menu.
    const h1 = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(h1!.y).toBeLessThan(PHONE.height);
    await button.click();
    await expect(products).toBeVisible();
    await expect(products).toHaveAttribute('aria-current', 'true');
    await expect(nav.locator('[aria-current]')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();
    await expect(products).toBeHidden();
  });
});
