import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The resident's DigiD log-in through the production adapters, against local identity providers that speak the real
 * protocol: each project has its own app (DIGID_MODE set, a freshly seeded database) and its own provider.
 * `npm test` runs this after the main browser tests; on its own: `npm run build && npx playwright test -c
 * playwright.digid.config.ts` in client/.
 *   digid-oidc: the OIDC broker adapter (server/src/integrations/digid/oidc) against the local OIDC provider
 *   (server/src/integrations/digid/test-idp/oidc-idp.ts).
 */
const OIDC_APP_PORT = Number(process.env.E2E_PORT_DIGID_OIDC ?? 3104);
const OIDC_IDP_PORT = Number(process.env.OIDC_IDP_PORT ?? 4270);
const OIDC_CLIENT = { id: 'gemeentewinkel', secret: 'lokaal-test-secret-voor-de-browsertests' };

const server = [base.webServer].flat()[0] as Exclude<PlaywrightTestConfig['webServer'], unknown[] | undefined>;
const oidcApp = `http://127.0.0.1:${OIDC_APP_PORT}`;

export default defineConfig<object, { clockStart: string | undefined }>({
  ...base,
  testMatch: ['digid-*.spec.ts'],
  outputDir: '../.tmp/e2e-digid-results',
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../.tmp/test-reports/e2e-digid.json' }],
  ],
  projects: [
    // The log-in's own cases (the resident journey runs on the simulator: see playwright.config.ts, digid-saml).
    { name: 'digid-oidc', testMatch: ['digid-oidc.spec.ts'], use: { baseURL: oidcApp } },
  ],
  webServer: [
    {
      command: 'node ../server/dist/integrations/digid/test-idp/oidc-idp-main.js',
      url: `http://127.0.0.1:${OIDC_IDP_PORT}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: {
        OIDC_IDP_PORT: String(OIDC_IDP_PORT),
        OIDC_IDP_CLIENT_ID: OIDC_CLIENT.id,
        OIDC_IDP_CLIENT_SECRET: OIDC_CLIENT.secret,
        OIDC_IDP_REDIRECT_URI: `${oidcApp}/auth/digid/callback`,
      },
    },
    {
      ...server,
      url: `${oidcApp}/readyz`,
      env: {
        E2E_PORT: String(OIDC_APP_PORT),
        APP_URL: oidcApp,
        DIGID_MODE: 'oidc',
        DIGID_OIDC_ISSUER: `http://127.0.0.1:${OIDC_IDP_PORT}`,
        DIGID_OIDC_CLIENT_ID: OIDC_CLIENT.id,
        DIGID_OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
        DIGID_OIDC_BSN_CLAIM: 'bsn',
        DIGID_ASSURANCE_LEVEL: 'midden',
      },
    },
  ],
});
