import type { PlaywrightTestConfig, PlaywrightTestOptions, PlaywrightWorkerOptions, Project } from '@playwright/test';

/**
 * The browser tests that need an app of their own, as Playwright projects and the web servers they run against. Each
 * standalone configuration uses its part (playwright.dates.config.ts, playwright.digid.config.ts); `npm test` runs
 * them all in the main run (E2E_ALL=1, playwright.config.ts), so their tests share its workers instead of running
 * after it.
 */
type WebServer = Exclude<PlaywrightTestConfig['webServer'], unknown[] | undefined>;
type ClockProject = Project<PlaywrightTestOptions, PlaywrightWorkerOptions & { clockStart: string | undefined }>;

/**
 * No calendar time bomb, proved in the browser: the resident journey against servers whose clock is set to other
 * days (CLOCK_START, README "Dates and the clock"), each with its own freshly seeded database and port. The page's
 * clock is set to the server's (e2e/fixtures.ts).
 * New Year's Day 2027 (the arrangements start today) and New Year's Eve 2030 (the evening before the year turns).
 */
const DAYS = [
  { name: 'klok-2027', clockStart: '2027-01-01T08:30:00+01:00', port: Number(process.env.E2E_PORT_2027 ?? 3101) },
  { name: 'klok-2030', clockStart: '2030-12-31T20:00:00+01:00', port: Number(process.env.E2E_PORT_2030 ?? 3102) },
];

export function otherDays(appServer: WebServer): { projects: ClockProject[]; webServer: WebServer[] } {
  return {
    projects: DAYS.map((day) => ({
      name: day.name,
      testMatch: /resident-journey\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${day.port}`, clockStart: day.clockStart },
    })),
    webServer: DAYS.map((day) => ({
      ...appServer,
      url: `http://127.0.0.1:${day.port}/readyz`,
      env: { E2E_PORT: String(day.port), CLOCK_START: day.clockStart },
    })),
  };
}

/**
 * The resident's DigiD log-in through the production OIDC broker adapter (server/src/integrations/digid/oidc)
 * against the local OIDC provider (server/src/integrations/digid/test-idp/oidc-idp.ts), with an app of its own
 * (DIGID_MODE=oidc, a freshly seeded database). The log-in's own cases: the resident journey runs on the simulator.
 */
const OIDC_APP_PORT = Number(process.env.E2E_PORT_DIGID_OIDC ?? 3104);
const OIDC_IDP_PORT = Number(process.env.OIDC_IDP_PORT ?? 4270);
const OIDC_CLIENT = { id: 'gemeentewinkel', secret: 'lokaal-test-secret-voor-de-browsertests' };

export function digidOidc(appServer: WebServer): { projects: ClockProject[]; webServer: WebServer[] } {
  const app = `http://127.0.0.1:${OIDC_APP_PORT}`;
  return {
    projects: [{ name: 'digid-oidc', testMatch: /digid-oidc\.spec\.ts/, use: { baseURL: app } }],
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
          OIDC_IDP_REDIRECT_URI: `${app}/auth/digid/callback`,
        },
      },
      {
        ...appServer,
        url: `${app}/readyz`,
        env: {
          E2E_PORT: String(OIDC_APP_PORT),
          APP_URL: app,
          DIGID_MODE: 'oidc',
          DIGID_OIDC_ISSUER: `http://127.0.0.1:${OIDC_IDP_PORT}`,
          DIGID_OIDC_CLIENT_ID: OIDC_CLIENT.id,
          DIGID_OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
          DIGID_OIDC_BSN_CLAIM: 'bsn',
          DIGID_ASSURANCE_LEVEL: 'midden',
        },
      },
    ],
  };
}

/**
 * The tests that change what every page shows (maintenance mode closes the site for residents and providers, the
 * operator console creates a municipality the public header and footer then name, the DigiD rollover changes the
 * certificate every staff member's dashboard warns about): in `npm test` against an app of their own, one after
 * another (one worker), from the start of the run beside the others — not after all of them on the main app, where
 * they were a tail of four minutes on one worker.
 */
const PLATFORM_PORT = Number(process.env.E2E_PORT_PLATFORM ?? 3105);
export const PLATFORM_WIDE_SPECS = /(admin-settings|operator|digid-settings)\.spec\.ts/;

export function platformWide(appServer: WebServer): { projects: ClockProject[]; webServer: WebServer[] } {
  return {
    projects: [
      {
        name: 'platform-wide',
        testMatch: PLATFORM_WIDE_SPECS,
        fullyParallel: false,
        workers: 1,
        use: { baseURL: `http://127.0.0.1:${PLATFORM_PORT}` },
      },
    ],
    webServer: [
      { ...appServer, url: `http://127.0.0.1:${PLATFORM_PORT}/readyz`, env: { E2E_PORT: String(PLATFORM_PORT) } },
    ],
  };
}
