import { defineConfig } from '@playwright/test';
import base, { appServer } from './playwright.config';
import { otherDays } from './playwright.other-apps';

/**
 * The resident journey with the server's and the page's clocks on other days (playwright.other-apps.ts). `npm test`
 * runs these projects in its main browser run; on their own: `npm run build && npm run test:e2e:dates -w client`.
 */
const { projects, webServer } = otherDays(appServer);

export default defineConfig<object, { clockStart: string | undefined }>({
  ...base,
  outputDir: '../.tmp/e2e-dates-results',
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../.tmp/test-reports/e2e-dates.json' }],
  ],
  projects,
  webServer,
});
