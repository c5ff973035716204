import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * No calendar time bomb, proved in the browser: the resident journey against servers whose clock is set to other
 * days (CLOCK_START, README "Dates and the clock"), each with its own freshly seeded database and port. The page's
 * clock is set to the server's (e2e/fixtures.ts). `npm test` runs this after the main browser tests; on its own:
 * `npm run build && npm run test:e2e:dates -w client`.
 * New Year's Day 2027 (the arrangements start today) and New Year's Eve 2030 (the evening before the year turns).
 */
const DAYS = [
  { name: 'klok-2027', clockStart: '2027-01-01T08:30:00+01:00', port: Number(process.env.E2E_PORT_2027 ?? 3101) },
  { name: 'klok-2030', clockStart: '2030-12-31T20:00:00+01:00', port: Number(process.env.E2E_PORT_2030 ?? 3102) },
];

// The main app's server (the first; the digid-saml one is not needed here).
const server = [base.webServer].flat()[0] as Exclude<PlaywrightTestConfig['webServer'], unknown[] | undefined>;

export default defineConfig<object, { clockStart: string | undefined }>({
  ...base,
  testMatch: 'resident-journey.spec.ts',
  outputDir: '../.tmp/e2e-dates-results',
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../.tmp/test-reports/e2e-dates.json' }],
  ],
  projects: DAYS.map((day) => ({
    name: day.name,
    use: { baseURL: `http://127.0.0.1:${day.port}`, clockStart: day.clockStart },
  })),
  webServer: DAYS.map((day) => ({
    ...server,
    url: `http://127.0.0.1:${day.port}/readyz`,
    env: { E2E_PORT: String(day.port), CLOCK_START: day.clockStart },
  })),
});
