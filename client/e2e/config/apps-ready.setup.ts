import { expect, test } from '@playwright/test';

/**
 * The apps of the tests that need one of their own (playwright.other-apps.ts) start beside the main apps, unwaited
 * for (playwright.config.ts, E2E_ALL=1): their projects depend on this one, which waits until each answers.
 */
const urls = (process.env.E2E_OTHER_APPS ?? '').split(' ').filter(Boolean);

test('the apps of their own answer', async ({ request }) => {
  test.setTimeout(180_000);
  for (const url of urls) {
    await expect
      .poll(async () => (await request.get(url, { failOnStatusCode: false }).catch(() => null))?.status(), {
        message: `${url} answers`,
        timeout: 170_000,
        intervals: [250, 500, 1000],
      })
      .toBe(200);
  }
});
