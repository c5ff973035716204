import { defineConfig } from '@playwright/test';
import base, { appServer } from './playwright.config';
import { digidOidc } from './playwright.other-apps';

/**
 * The resident's DigiD log-in through the production OIDC adapter against a local identity provider
 * (playwright.other-apps.ts). `npm test` runs this project in its main browser run; on its own: `npm run build &&
 * npx playwright test -c playwright.digid.config.ts` in client/.
 */
const { projects, webServer } = digidOidc(appServer);

export default defineConfig<object, { clockStart: string | undefined }>({
  ...base,
  outputDir: '../.tmp/e2e-digid-results',
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../.tmp/test-reports/e2e-digid.json' }],
  ],
  projects,
  webServer,
});
