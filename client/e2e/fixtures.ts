import { test as base, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';

/**
 * The browser tests' `test`: Playwright's, with the page's clock set to the server's when the server runs on a set
 * clock (CLOCK_START, docs "Dates and the clock"). Every browser context a test opens — the `page` fixture's and
 * those from `browser.newContext()` — gets `clock.install` at the server's current time (asked from /api/clock), so
 * "today" in the page is "today" on the server; the clock then runs on in real time, as the server's does.
 */
export const test = base.extend<object, { clockStart: string | undefined; pageClock: void }>({
  /** The server's CLOCK_START (set per project in playwright.dates.config.ts; in the main run, the environment's). */
  clockStart: [process.env.CLOCK_START || undefined, { scope: 'worker', option: true }],
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
