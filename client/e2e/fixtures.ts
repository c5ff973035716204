import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * The browser tests' `test`: Playwright's, with the page's clock set to the server's when the server runs on a set
 * clock (CLOCK_START, docs "Dates and the clock"). Every browser context a test opens — the `page` fixture's and
 * those from `browser.newContext()` — gets `clock.install` at the server's current time (asked from /api/clock), so
 * "today" in the page is "today" on the server; the clock then runs on in real time, as the server's does.
 */
export const test = base.extend<
  object,
  { clockStart: string | undefined; pageClock: void; appReady: void; keptPages: Map<string, Page> }
>({
  /** The server's CLOCK_START (set per project in playwright.dates.config.ts; in the main run, the environment's). */
  clockStart: [process.env.CLOCK_START || undefined, { scope: 'worker', option: true }],
  /**
   * The app this worker's project runs against answers /readyz. The main apps are waited for by Playwright before any
   * test; the apps of their own in `npm test` start beside them unwaited for (playwright.config.ts, E2E_ALL), and
   * their projects' first tests are handed out at once: a worker of such a project waits here until its app is up.
   */
  appReady: [
    async ({}, use, workerInfo) => {
      const ready = new URL('/readyz', String(workerInfo.project.use.baseURL));
      const until = Date.now() + 180_000;
      for (;;) {
        const status = await fetch(ready).then(
          (res) => res.status,
          () => 0,
        );
        if (status === 200) break;
        if (Date.now() > until) throw new Error(`${ready} does not answer (last status ${status})`);
        await new Promise((done) => setTimeout(done, 500));
      }
      await use();
    },
    { scope: 'worker', auto: true, timeout: 190_000 },
  ],
  pageClock: [
    async ({ browser, clockStart }, use, workerInfo) => {
      if (clockStart) {
        const baseURL = String(workerInfo.project.use.baseURL);
        const newContext = browser.newContext.bind(browser);
        browser.newContext = async (options) => {
          const context = await newContext(options);
          await context.clock.install({ time: await serverNow(baseURL) });
          return context;
        };
      }
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  /** The worker's kept tabs, by app and window size (see `page`); closed with the worker. */
  keptPages: [
    async ({}, use) => {
      const pages = new Map<string, Page>();
      await use(pages);
      for (const page of pages.values())
        await page
          .context()
          .close()
          .catch(() => undefined);
    },
    { scope: 'worker' },
  ],
  /** The page's own context (a test that asks for `context` gets the one its `page` is in). */
  context: async ({ page }, use) => use(page.context()),
  /**
   * A test's page: a tab the worker keeps and hands from test to test, emptied in between (`recycle`: no cookies, no
   * storage, no service worker, no routes or listeners, other tabs closed, parked on the app's /robots.txt; a test
   * with a saved log-in, `storageState`, gets its cookies back), instead of a fresh browser context per test. A fresh
   * context costs a new renderer process that fetches and compiles the whole client again: 0.6 CPU seconds a first
   * page load against 0.3 in a kept tab (30 November, measured in a loop of loads). A tab stays only on the app's own
   * origin: a navigation to about:blank, as Playwright's own context reuse does, swaps the renderer and loses the gain.
   * A fresh context still for: a failed test (its tab is thrown away), a set clock (klok-2027, klok-2030: the clock is
   * installed per context), and the specs in FRESH_PAGE_SPECS, whose tests change what emptying cannot take back (init
   * scripts, exposed functions, a service worker that keeps a page offline). `E2E_FRESH_PAGES=1` gives every test a
   * fresh context. The route walk (routes.spec.ts) keeps one tab per audience this way, each with its saved log-in.
   */
  page: async (
    { browser, keptPages, clockStart, storageState, viewport, baseURL, locale, timezoneId },
    use,
    testInfo,
  ) => {
    const options = { baseURL, locale, timezoneId, viewport, storageState };
    if (clockStart || FRESH_PAGE_SPECS.test(testInfo.file) || process.env.E2E_FRESH_PAGES === '1') {
      const context = await browser.newContext(options);
      await use(await context.newPage());
      await context.close();
      return;
    }
    const saved = typeof storageState === 'string' ? storageState : storageState ? JSON.stringify(storageState) : '';
    const key = `${baseURL} ${JSON.stringify(viewport)} ${saved}`;
    let page = keptPages.get(key);
    if (page && !page.isClosed()) {
      if (viewport) await page.setViewportSize(viewport);
    } else {
      page = await (await browser.newContext(options)).newPage();
      keptPages.set(key, page);
    }
    await use(page);
    const passed = testInfo.status === testInfo.expectedStatus;
    const emptied =
      passed &&
      (await recycle(page, String(baseURL), storageState).then(
        () => true,
        () => false,
      ));
    if (!emptied) {
      keptPages.delete(key);
      await page
        .context()
        .close()
        .catch(() => undefined);
    }
  },
});

/** Specs whose tests get a fresh browser context each (see `page` above). */
const FRESH_PAGE_SPECS = /(security|server-render|digital-card|account-card)\.spec\.ts$/;

/** What a page listens for in a test; emptied with the tab. */
const PAGE_EVENTS = [
  'console',
  'pageerror',
  'request',
  'response',
  'requestfinished',
  'requestfailed',
  'dialog',
  'download',
  'popup',
  'framenavigated',
  'load',
  'domcontentloaded',
  'filechooser',
  'websocket',
  'worker',
] as const;

/**
 * Empties a kept tab for the next test, on the app's origin (see `page`); a saved log-in (`storageState`) gets its
 * cookies back. Throws when it cannot.
 */
async function recycle(page: Page, baseURL: string, storageState: string | StorageState | undefined) {
  const context = page.context();
  for (const other of context.pages()) if (other !== page) await other.close();
  for (const event of PAGE_EVENTS) await page.removeAllListeners(event, { behavior: 'ignoreErrors' });
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.clearCookies();
  await context.clearPermissions();
  await context.setOffline(false);
  await page.goto(new URL('/robots.txt', baseURL).href);
  await page.evaluate(async () => {
    localStorage.clear();
    sessionStorage.clear();
    for (const registration of (await navigator.serviceWorker?.getRegistrations()) ?? [])
      await registration.unregister();
    for (const name of (await globalThis.caches?.keys()) ?? []) await caches.delete(name);
    for (const db of (await indexedDB.databases?.()) ?? []) if (db.name) indexedDB.deleteDatabase(db.name);
  });
  await context.clearCookies();
  if (storageState) {
    const state: StorageState =
      typeof storageState === 'string' ? JSON.parse(readFileSync(storageState, 'utf8')) : storageState;
    await context.addCookies(state.cookies);
  }
}

export { expect };

/** The time on the server's clock now. */
export async function serverNow(baseURL: string): Promise<Date> {
  const res = await fetch(new URL('/api/clock', baseURL));
  if (!res.ok) throw new Error(`/api/clock: ${res.status}`);
  return new Date(((await res.json()) as { now: string }).now);
}

export interface DemoCalendar {
  /** Today on the server's clock, YYYY-MM-DD in the Netherlands. */
  today: string;
  year: number;
  arrangementPeriod: { validFrom: string; validUntil: string };
  /** 'Kindpakket 2031', 'Meedoenregeling 2031', 'Minimaregeling Noorderhaven 2031' */
  arrangementNames: string[];
}

/**
 * The demo's calendar as the seeder made it on the server's clock: the seeder's own rule (server/dist, built before
 * the browser tests run), read in a separate Node process like demoResidents().
 */
export async function demoCalendar(
  baseURL: string,
): Promise<DemoCalendar & { kindpakket: string; meedoenregeling: string }> {
  const now = await serverNow(baseURL);
  const module = new URL('../../server/dist/seeders/demo-data.js', import.meta.url).href;
  const script = `const m = await import(${JSON.stringify(module)}); const now = new Date(${JSON.stringify(now.toISOString())});
    const c = m.demoCalendar(now);
    process.stdout.write(JSON.stringify({ today: c.today, year: c.year, arrangementPeriod: c.arrangementPeriod, arrangementNames: m.demoArrangementNames(now) }));`;
  const calendar = JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
  ) as DemoCalendar;
  return { ...calendar, kindpakket: calendar.arrangementNames[0]!, meedoenregeling: calendar.arrangementNames[1]! };
}
