import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumExecutable } from './e2e/chromium';
import { digidOidc, otherDays, PLATFORM_WIDE_SPECS, platformWide } from './playwright.other-apps';

const port = Number(process.env.E2E_PORT ?? 3100);
/**
 * `digid-saml`: the resident's log-in through the local SAML identity provider, against an app of its own with
 * DIGID_MODE=saml (scripts/e2e-digid-saml.mjs) on E2E_PORT_SAML. That app only starts when the project is asked for
 * (E2E_DIGID_SAML=1, as `npm test` does, or `--project digid-saml` / the spec's name on the command line); the workers
 * inherit the decision through the environment.
 */
const samlPort = Number(process.env.E2E_PORT_SAML ?? 3103);
if (process.argv.some((arg) => arg.includes('digid-saml'))) process.env.E2E_DIGID_SAML = '1';
const withSaml = process.env.E2E_DIGID_SAML === '1';
/**
 * E2E_ALL=1 (`npm test`): also the tests that need apps of their own, in this run and with its workers: the resident
 * journey on other days (klok-2027, klok-2030), the DigiD log-in through OIDC (digid-oidc) and the platform-wide
 * settings (platform-wide); see playwright.other-apps.ts. Their apps start first and all at once (no `url`: Playwright
 * starts a web server without one and goes on, where with one it waits before starting the next); each worker waits
 * until its project's app answers (e2e/fixtures.ts). No project depends on another: Playwright runs a dependent
 * project only after everything before it, and these long tests then made a tail of several minutes on one or two
 * workers; listed first, they start first.
 */
const withOthers = process.env.E2E_ALL === '1';

type WebServer = Exclude<PlaywrightTestConfig['webServer'], unknown[] | undefined>;
/** The production build with a freshly seeded database (scripts/e2e-server.mjs), on E2E_PORT. */
export const appServer: WebServer = {
  command: 'node ../scripts/e2e-server.mjs',
  url: `http://127.0.0.1:${port}/readyz`,
  timeout: 120_000,
  reuseExistingServer: false,
  stdout: 'pipe',
  stderr: 'pipe',
  // SIGTERM, not Playwright's default SIGKILL: the script then stops the app, its PostgreSQL, and removes its folder.
  gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
  env: { E2E_PORT: String(port) },
};
const others = withOthers ? [platformWide(appServer), otherDays(appServer), digidOidc(appServer)] : [];
const otherServers = others.flatMap((part) => part.webServer);
// Resolved once in the runner (unpacking the packaged Chromium if need be) and handed to the workers.
process.env.CHROMIUM_PATH = await chromiumExecutable();

/**
 * Browser tests against the production build, driven in the machine's Chromium or the one `npm install` brought
 * (see e2e/chromium.ts; Playwright cannot download browsers here).
 * `npm test` builds first; run `npm run build && npm run test:e2e` to run only these.
 */
export default defineConfig<object, { clockStart: string | undefined }>({
  testDir: './e2e',
  outputDir: '../.tmp/e2e-results',
  fullyParallel: true,
  // Four browsers at once on this 2-core machine (much of a test's time is the server's and the page's waiting):
  // the whole run took 6:22 with four, 6:54 with three (29 November); E2E_WORKERS changes it.
  workers: Number(process.env.E2E_WORKERS ?? 4),
  retries: 0,
  // A resident's journey with axe on each screen takes 20–40 s alone; under the whole run's load on two cores (four
  // workers, the other apps' servers) some took over 60 s in the fresh-clone run of 29 November.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../.tmp/test-reports/e2e.json' }],
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    // A trace records every step of every test (DOM snapshots, screenshots) to keep only a failure's: a third of a
    // run's disk writes and much of its CPU. Off unless asked for (E2E_TRACE=1); a failure always keeps its screenshot.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH,
      args: ['--headless', ...CHROMIUM_FLAGS],
    },
  },
  projects: [
    // The projects with apps of their own first: the dispatcher hands out tests in this order, the longest first.
    ...others.flatMap((part) => part.projects),
    ...(withSaml
      ? [
          {
            name: 'digid-saml',
            // The log-in's own cases. The resident journey runs once, on the simulator: after the log-in, a session is
            // a session whichever adapter made it (the journey on each adapter cost a minute of a browser each run).
            testMatch: [/digid-saml\.spec\.ts/],
            use: { baseURL: `http://127.0.0.1:${samlPort}` },
          },
        ]
      : []),
    // digid-oidc.spec.ts runs in the `digid-oidc` project (or with playwright.digid.config.ts), digid-saml.spec.ts in
    // the `digid-saml` project above, resident-journey.spec.ts on other days with playwright.dates.config.ts.
    { name: 'browser', testIgnore: [PLATFORM_WIDE_SPECS, /digid-[a-z]+\.spec\.ts/] },
    // Without E2E_ALL, the platform-wide tests (maintenance mode closes the site for residents and providers, the
    // operator console creates a municipality the public header and footer then name, the DigiD rollover changes the
    // certificate in use) run on the main app after all the others, one after another (each also under `exclusive`).
    // To run only them: `--no-deps`. With E2E_ALL they have an app of their own (playwright.other-apps.ts).
    ...(withOthers
      ? []
      : [{ name: 'platform-wide', testMatch: PLATFORM_WIDE_SPECS, dependencies: ['browser'], fullyParallel: false }]),
  ],
  webServer: [
    // Started first and not waited for (see withOthers): they boot while the main apps do.
    ...otherServers.map(({ url: _url, ...server }) => server),
    appServer,
    ...(withSaml
      ? [
          {
            command: 'node ../scripts/e2e-digid-saml.mjs',
            url: `http://127.0.0.1:${samlPort}/readyz`,
            timeout: 120_000,
            reuseExistingServer: false,
            stdout: 'pipe' as const,
            stderr: 'pipe' as const,
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 30_000 },
            env: { E2E_PORT_SAML: String(samlPort) },
          },
        ]
      : []),
  ],
});
