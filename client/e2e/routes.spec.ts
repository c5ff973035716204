import { test, expect } from './fixtures';
import { expectAccessible, expectNoSidewaysScroll, expectWellFormedPage, PHONE, resizeTo } from './support';
import { describeAudiences, ROUTE_AUDIENCES, routeTarget } from './route-list';

/**
 * Every route of the specification, visited as its own audience: it renders a Dutch page with a title, one h1 and
 * landmarks, and passes axe (WCAG 2.1 AA) with zero violations; then, on the same page turned to a phone's width
 * (390 px, as a phone turned upright or a narrowed window), it does not scroll sideways and passes axe again (the staff
 * area: its layout and one screen of each kind, see RouteAudience.phoneAxe). Public product and provider pages use
 * real seeded ids.
 */
describeAudiences((audience) => {
  for (const url of audience.urls) {
    test(`${audience.label}: ${url}`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const target = await routeTarget(page, url);
      const response = await page.goto(target);
      expect(response?.status(), target).toBe(200);
      await expectWellFormedPage(page, target);
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/Pagina niet gevonden|Geen toegang/);
      await expectAccessible(page, target);

      await resizeTo(page, PHONE);
      await expectNoSidewaysScroll(page, `${target} (390 px)`);
      if (!audience.phoneAxe || audience.phoneAxe.includes(url)) await expectAccessible(page, `${target} (390 px)`);
      expect(errors, `script errors on ${target}`).toEqual([]);
    });
  }
});

test('the staff routes axe checks at 390 px are routes of the walk', () => {
  for (const audience of ROUTE_AUDIENCES) {
    for (const url of audience.phoneAxe ?? []) expect(audience.urls, audience.label).toContain(url);
  }
});
