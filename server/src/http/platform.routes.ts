import { applicationNow } from '../kernel/clock.js';
import { pendingMigrations } from '../database/health.js';
import { defineRoute } from './route.js';
import { SIMPLE_PAGE_CSS, SIMPLE_PAGE_STYLESHEET } from './simple-page.js';

/**
 * The platform's own public routes: health and readiness for the load balancer, the application's clock and the
 * client's runtime configuration, the simple pages' stylesheet, and the GraphQL sandbox page.
 */
export const platformRoutes = [
  defineRoute({
    method: 'GET',
    path: '/healthz',
    description:
      'Liveness: the process answers and its job worker has not died. Never asks the database: an outage or a failover must not make the platform restart every instance.',
    access: 'public',
    scope: 'none',
    body: { kind: 'none' },
    refusals: 'text',
    handler({ res, deps }) {
      res.set('Cache-Control', 'no-store');
      // A worker that ended without being asked comes back only with a new process (while stopping it ends anyway).
      if (deps.health.worker() === 'stopped' && !deps.health.stopping())
        res.status(503).json({ status: 'unhealthy', jobs: 'stopped' });
      else res.json({ status: 'ok' });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/readyz',
    description:
      'Readiness: the database answers, its schema has every migration of this version, the job worker runs (unless JOBS_WORKER=false), and the instance is not stopping.',
    access: 'public',
    scope: 'none',
    body: { kind: 'none' },
    refusals: 'text',
    async handler({ res, deps }) {
      res.set('Cache-Control', 'no-store');
      const checks: Record<'database' | 'migrations' | 'jobs', 'ok' | 'off' | 'pending' | 'unavailable'> = {
        database: 'ok',
        migrations: 'ok',
        jobs: 'ok',
      };
      try {
        // One query answers both questions: does the database answer, and does it have every migration of this
        // version? Only the state is told: which ones are missing is for the migration job's log, not the public.
        if ((await pendingMigrations(deps.orm.em.fork())).length) checks.migrations = 'pending';
      } catch {
        checks.database = 'unavailable';
        checks.migrations = 'unavailable';
      }
      const worker = deps.health.worker();
      if (worker === 'off') checks.jobs = 'off';
      else if (worker !== 'running') checks.jobs = 'unavailable';
      const stopping = deps.health.stopping();
      const ready = !stopping && Object.values(checks).every((c) => c === 'ok' || c === 'off');
      res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : stopping ? 'stopping' : 'unavailable', checks });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/clock',
    description:
      'The time on the application’s clock (CLOCK_START outside production): the browser tests set the page’s clock to it.',
    access: 'public',
    scope: 'none',
    body: { kind: 'none' },
    refusals: 'text',
    handler({ res }) {
      res.set('Cache-Control', 'no-store').json({ now: applicationNow().toISOString() });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/client-config',
    description: 'The browser’s runtime configuration: error reporting, the sandbox, the platform’s name.',
    access: 'public',
    scope: 'none',
    body: { kind: 'none' },
    refusals: 'text',
    async handler({ res, deps }) {
      const { config, settings } = deps.services;
      // The platform's name is a setting (instellingen/algemeen), served from this instance's cache.
      const { platformName } = await settings.get('general');
      res.json({
        sentryDsn: config.sentry.dsn ?? null,
        environment: config.sentry.environment,
        sandboxEnabled: config.graphqlSandbox,
        appName: platformName,
      });
    },
  }),
  defineRoute({
    method: 'GET',
    path: SIMPLE_PAGE_STYLESHEET,
    description: 'The stylesheet of the server’s simple pages (the simulators).',
    access: 'public',
    scope: 'none',
    body: { kind: 'none' },
    refusals: 'text',
    handler({ res }) {
      res.setHeader('Cache-Control', 'public, max-age=3600');
      res.type('text/css').send(SIMPLE_PAGE_CSS);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/sandbox',
    description: 'The GraphQL sandbox (GraphiQL), when GRAPHQL_SANDBOX is on.',
    access: 'public',
    scope: 'none',
    body: { kind: 'none' },
    refusals: 'text',
    enabled: ({ pages, services }) => !!pages && services.config.graphqlSandbox,
    handler({ req, res, deps, next }) {
      if (!deps.pages?.sendPage('/sandbox.html', req, res, next)) next();
    },
  }),
];
