import { test as base, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';

/**
 * The browser tests' `test`: Playwright's, with the page's clock set to the server's when the server runs on a set
 * clock (CLOCK_START, docs "Dates and the clock"). Every browser context a test opens — the `page` fixture's and
 * those from `browser.newContext()` — gets `clock.install` at the server's current time (asked from /api/clock), so
 * "today" in the page is "today" on the server; the clock then runs on in real time, as the server's does.
 */
export const test = base.extend<object, { clockStart: string | undefined; pageClock: void; appReady: void }>({
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
});

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
