import { applicationNow } from '../kernel/clock.js';
import { databaseAnswers } from '../database/health.js';
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
    description: 'Liveness: the process answers.',
    access: 'public',
    scope: 'none',
    body: { kind: 'none' },
    refusals: 'text',
    handler({ res }) {
      res.json({ status: 'ok' });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/readyz',
    description: 'Readiness: the database answers.',
    access: 'public',
    scope: 'none',
    body: { kind: 'none' },
    refusals: 'text',
    async handler({ res, deps }) {
      try {
        await databaseAnswers(deps.orm.em.fork());
        res.json({ status: 'ready' });
      } catch {
        res.status(503).json({ status: 'unavailable' });
      }
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
