import compression from 'compression';
import express, { type Express } from 'express';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Server } from 'node:http';
import type { Services } from '../platform/composition.js';
import type { Contexts } from '../platform/composition.js';
import type { Context } from '../graphql/context.js';
import { createSchema } from '../graphql/schema.js';
import { REQUEST_ID_HEADER, requestIdFrom } from '../kernel/request-id.js';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  DatabaseUnavailableError,
  databaseFailureReason,
  formatError,
  isClientMistake,
  isDatabaseUnavailable,
} from '../kernel/errors.js';
import { personalDataAuditPlugin } from '../graphql/personal-data-audit.js';
import type { Viewer } from '../kernel/viewer.js';
import type { DigidAdapter } from '../integrations/digid/digid.js';
import { CatalogueCache } from '../modules/catalogue/catalogue-cache.js';
import { securityHeaders } from './security-headers.js';
import { staticFiles } from './static.js';
import { loadRenderer, serverRenderedPages } from './server-render.js';
import { adminIpAllowList, allowListOf } from './ip-allow-list.js';
import { analyticsScript } from '../modules/settings/sections/analytics.js';
import { rejectHostileQuery } from './hostile-request.js';
import { refuseContentEncoding } from './content-encoding.js';
import { hostileInputPlugin } from '../graphql/hostile-input.js';
import { introspectionPlugin } from '../graphql/introspection.js';
import { applicationNow } from '../kernel/clock.js';
import { mountRoutes } from './route.js';
import { ALWAYS_HEALTHY, type InstanceHealth } from './health.js';
import { DRAIN_MS } from '../kernel/shutdown.js';
import { ROUTES } from './routes.js';
import { FORGED_REQUEST_MESSAGE, crossOriginSession } from './origin.js';

/** Paths the server answers itself; everything else is the client (index.html) or a static file. */
export const SERVER_PATHS = [
  '/graphql',
  '/healthz',
  '/readyz',
  '/auth/',
  '/monitoring/',
  '/api/',
  '/sandbox',
  '/uploads/',
  '/sitemap.xml',
  '/robots.txt',
];

export interface AppDeps {
  orm: MikroORM;
  services: Services;
  /** Builds the request context of every HTTP route and GraphQL request (app/contexts.ts). */
  contexts: Contexts;
  logger: Logger;
  digid: DigidAdapter;
  httpServer: Server;
  /** The job worker's state and whether the instance is stopping, for /healthz and /readyz (kept by app/boot.ts). */
  health?: InstanceHealth;
  /** Built client (client/dist); omitted in development, where Vite serves the client. */
  clientDist?: string;
  /** In development: Vite's middleware (hot reload) in front of the client routes. */
  devMiddleware?: express.RequestHandler;
  devTransformIndex?: (url: string, html: string) => Promise<string>;
  /**
   * Tests only (src/test/api-clients.ts, not part of the build): viewers for test bearer tokens, e.g. an API client
   * before API keys exist. Refused unless NODE_ENV=test.
   */
  testViewers?: TestViewers;
}

export interface TestViewers {
  viewerFor(req: express.Request): Viewer | null;
}

export async function createApp(deps: AppDeps): Promise<{ app: Express; apollo: ApolloServer<Context> }> {
  const { orm, services, contexts, logger, digid, httpServer } = deps;
  const config = services.config;
  if (deps.testViewers && config.env !== 'test')
    throw new Error('Testgebruikers bestaan alleen in tests (NODE_ENV=test).');
  const app = express();
  app.disable('x-powered-by');
  // X-Forwarded-For is believed only from the configured reverse proxies (TRUSTED_PROXIES); from anyone else the
  // socket's address is the client's address, so no client can choose its own for the per-address limits.
  app.set('trust proxy', config.trustedProxies.length ? config.trustedProxies : false);

  app.use(
    securityHeaders({
      production: config.production,
      appUrl: config.appUrl,
      analytics: async () => analyticsScript(await services.settings.get('analytics')),
      log: logger,
    }),
  );
  // instellingen/ip: the admin area's pages only from the allow-list, when it is on (the API's part: app/contexts.ts).
  app.use(
    adminIpAllowList({
      current: async () => {
        const ip = await services.settings.get('ip');
        return ip.enabled ? allowListOf(ip.entries.map((e) => e.range)) : null;
      },
      logger,
    }),
  );
  app.use((req, res, next) => {
    // One id per request (the caller's X-Request-Id when valid): in every log line and audit row of it, and answered.
    const requestId = requestIdFrom(req.get(REQUEST_ID_HEADER));
    res.locals.requestId = requestId;
    res.setHeader('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // The path only: query strings may carry tokens and are never logged.
      logger.debug(
        { requestId, method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms) },
        'request',
      );
    });
    next();
  });

  app.use(rejectHostileQuery());
  // A request body in any content coding but identity: 415 before any route (or GraphQL) reads it.
  app.use(refuseContentEncoding());

  // Every HTTP route outside GraphQL: declared with its guard (http/route.ts), listed in http/routes.ts.
  const files = deps.clientDist ? staticFiles(deps.clientDist) : undefined;
  mountRoutes(app, ROUTES, {
    services,
    contexts,
    orm,
    logger,
    digid,
    health: deps.health ?? ALWAYS_HEALTHY,
    pages: files,
  });

  const armor = new ApolloArmor({
    maxDepth: { n: 12 },
    costLimit: { maxCost: 20000 },
    maxAliases: { n: 20 },
    maxDirectives: { n: 50 },
    // Token limits are applied by graphql-js's own parser (parseOptions below): a plugin-level parse error became a 500.
    maxTokens: { enabled: false },
    blockFieldSuggestion: { enabled: config.production },
  }).protect();
  // graphql-armor ships CommonJS typings of @apollo/server; its plugins are plain objects that work with the ESM server.
  const armorPlugins = armor.plugins as unknown as ApolloServerPlugin<Context>[];

  // Anonymous reads of the public offer, from this instance's cache while the catalogue is unchanged.
  const catalogueCache = new CatalogueCache({ orm, settings: services.settings, now: applicationNow, logger });
  const apollo = new ApolloServer<Context>({
    schema: await createSchema(),
    introspection: true,
    csrfPrevention: true,
    // No automatic persisted queries: a document sent earlier must not run later by its hash alone, past the guards
    // that read the document (the IP allow-list's log-in check and maintenance mode, http/maintenance.ts).
    persistedQueries: false,
    includeStacktraceInErrorResponses: false,
    allowBatchedHttpRequests: false,
    // main.ts owns shutdown (HTTP, then the job worker, then the database); Apollo's own SIGINT/SIGTERM handler raced
    // it and left boot's stop() waiting until the forced exit.
    stopOnTerminationSignals: false,
    parseOptions: { maxTokens: 5000 },
    validationRules: armor.validationRules,
    formatError,
    plugins: [
      // Text PostgreSQL refuses (a NUL, a lone surrogate) in any argument: BAD_USER_INPUT before any resolver runs.
      hostileInputPlugin<Context>(),
      // Introspection per caller (`introspection: true` above is Apollo's global switch; this narrows it per request).
      introspectionPlugin({
        everyone: config.graphqlIntrospection === 'everyone',
        isOperator: async (ctx) => !!(await services.operators.session(ctx)),
      }),
      ...armorPlugins,
      ApolloServerPluginLandingPageDisabled(),
      // No cache hints are used (the offer has its own response cache): without this, Apollo's default cache-control
      // plugin wraps every field's resolver to collect them, a fifth of an uncached listing's GraphQL execution.
      ApolloServerPluginCacheControlDisabled(),
      // Requests in flight get DRAIN_MS to finish when the instance stops (kernel/shutdown.ts).
      ApolloServerPluginDrainHttpServer({ httpServer, stopGracePeriodMillis: DRAIN_MS }),
      // Reads of fields marked @personalData by staff and API clients: one audit insert per request.
      personalDataAuditPlugin(),
      catalogueCache.plugin(),
      {
        async requestDidStart() {
          return {
            async didEncounterErrors({ errors, operationName, contextValue }) {
              // The request's own logger (it carries the request id) once the context exists.
              const log = contextValue?.log ?? logger;
              for (const error of errors) {
                if (isDatabaseUnavailable(error)) {
                  // A failover or restart of the database: retryable, answered 503 (below); no stack, one line.
                  log.warn(
                    {
                      code: 'DATABASE_UNAVAILABLE',
                      reason: databaseFailureReason(error),
                      path: error.path,
                      operationName,
                    },
                    'graphql request met the database away',
                  );
                } else if (isClientMistake(error)) {
                  // The caller's mistake, not ours: no stack, and no message (it may quote the input).
                  log.info(
                    { code: error.extensions?.code ?? 'BAD_USER_INPUT', path: error.path, operationName },
                    'graphql request refused',
                  );
                } else {
                  log.error({ err: error.originalError ?? error, path: error.path, operationName }, 'graphql error');
                }
              }
            },
            // A request that met the database away is 503 with Retry-After, so a client (or a proxy) retries it.
            async willSendResponse({ errors, response }) {
              if (!errors?.some((error) => isDatabaseUnavailable(error))) return;
              response.http.status = 503;
              response.http.headers.set('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
            },
          };
        },
      },
    ],
  });
  await apollo.start();

  app.use(
    '/graphql',
    // A cross-site request that carries a session cookie is refused (http/origin.ts): partners' scripts (a key, no
    // cookie) and requests without an Origin (curl, servers) are not a browser's cross-site request.
    (req, res, next) => {
      if (!crossOriginSession(req, config.appUrl)) return next();
      logger.warn({ event: 'cross_origin_refused', origin: req.get('origin')?.slice(0, 100) }, 'graphql refused');
      res.status(403).json({
        errors: [{ message: FORGED_REQUEST_MESSAGE, extensions: { code: 'FORBIDDEN', reason: 'CROSS_ORIGIN' } }],
      });
    },
    // Answers of 1 KB and more compressed (brotli at quality 4, else gzip), as the browser accepts: the offer's page of
    // 24 cards is ~19 KB of JSON and ~3 KB compressed, on the critical path of /aanbod. No BREACH exposure: a
    // cross-site page cannot make the browser send a credentialed GraphQL request (Apollo's CSRF prevention and the
    // session cookie's SameSite) and answers carry no secret beside reflected input.
    compression({ threshold: 1024 }),
    express.json({ limit: '1mb' }),
    catalogueCache.fastPath(),
    expressMiddleware(apollo, {
      // The caller's session is read from the database: when that is away, 503 DATABASE_UNAVAILABLE (Apollo reads
      // the status and Retry-After from the error), not a 500 "Context creation failed".
      context: async ({ req, res }) => {
        try {
          return await contexts.forGraphQL(req, res);
        } catch (error) {
          if (isDatabaseUnavailable(error) && !(error instanceof DatabaseUnavailableError)) {
            logger.warn(
              { code: 'DATABASE_UNAVAILABLE', reason: databaseFailureReason(error), path: req.path },
              'graphql request met the database away',
            );
            throw new DatabaseUnavailableError();
          }
          throw error;
        }
      },
    }),
  );

  const isServerPath = (path: string) =>
    SERVER_PATHS.some((p) => path === p || (p.endsWith('/') ? path.startsWith(p) : path.startsWith(`${p}/`)));

  if (deps.clientDist && files) {
    const dist = deps.clientDist;
    app.use(files.middleware);
    const renderer = config.serverRender ? await loadRenderer(dist) : null;
    if (renderer) app.use(serverRenderedPages({ renderer, clientDist: dist, apollo, contexts, logger }));
    // The client's pages: every other GET is the app (index.html); not a route of its own, like the static files.
    app.use((req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      if (isServerPath(req.path)) return next();
      // A file-like path that was not found above (e.g. /assets/x.js) is a real 404, not the app.
      if (/\.[a-z0-9]{1,8}$/i.test(req.path)) return next();
      if (!files.sendPage('/index.html', req, res, next)) next();
    });
  } else if (deps.devMiddleware) {
    const vite = deps.devMiddleware;
    app.use((req, res, next) => {
      if (isServerPath(req.path) && !req.path.startsWith('/sandbox')) return next();
      // Vite's development pages carry an inline script (React Refresh); the built client needs no such exception.
      res.removeHeader('Content-Security-Policy');
      return vite(req, res, next);
    });
  }

  app.use((_req, res) => {
    res.status(404).json({ error: 'Niet gevonden.' });
  });
  app.use((error: Error, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    if (isDatabaseUnavailable(error)) {
      logger.warn(
        { code: 'DATABASE_UNAVAILABLE', reason: databaseFailureReason(error), method: req.method, path: req.path },
        'http request met the database away',
      );
      if (res.headersSent) return;
      res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      res.status(503).json({ error: DATABASE_UNAVAILABLE_MESSAGE, code: 'DATABASE_UNAVAILABLE' });
      return;
    }
    const status = (error as { status?: number }).status;
    if (status && status >= 400 && status < 500) {
      // A client mistake (bad JSON, a body too large, a malformed URL): worth a line, not an error with a stack.
      logger.warn(
        { status, type: (error as { type?: string }).type, method: req.method, path: req.path },
        'http request refused',
      );
    } else {
      logger.error({ err: error, method: req.method, path: req.path }, 'unhandled http error');
    }
    if (res.headersSent) return;
    if (status && status >= 400 && status < 500) {
      res.status(status).json({ error: 'Het verzoek is ongeldig.' });
      return;
    }
    res.status(500).json({ error: 'Er is een onverwachte fout opgetreden.' });
  });

  return { app, apollo };
}
