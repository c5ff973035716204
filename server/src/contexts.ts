import type { Request, Response } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Context } from './graphql/context.js';
import { createLoaders } from './graphql/loaders.js';
import { systemViewer, type Viewer } from './graphql/auth/viewer.js';
import type { Clock } from './lib/clock.js';
import type { RequestContext } from './lib/request-context.js';
import { REQUEST_ID_HEADER, requestIdFrom } from './lib/request-id.js';
import type { Services } from './services.js';
import type { TestViewers } from './http/app.js';
import { guardGraphQL } from './http/maintenance.js';

/** `res.locals.requestId`: set by the request-id middleware (http/app.ts) for everything that handles the request. */
export function requestIdOf(req: Request): string {
  const known = (req.res?.locals as { requestId?: string } | undefined)?.requestId;
  return known ?? requestIdFrom(req.get(REQUEST_ID_HEADER));
}

/**
 * The one place request contexts are made (made once at start, in boot.ts):
 * - `forRequest(req)`: an HTTP route (uploads, webhooks, DigiD): the viewer from the session cookie;
 * - `forGraphQL(req, res)`: the same, plus loaders and services for resolvers (Apollo's context function);
 * - `forSystem(job)`: a background job or CLI command, acting as SYSTEM under the job's name.
 * Each gets its own EntityManager fork, a logger child carrying the request id, and the application's clock.
 *
 * `testViewers` (tests only, refused unless NODE_ENV=test; src/test/api-clients.ts): a test bearer token stands for an
 * API client, before API keys exist.
 */
export function createContexts(deps: {
  orm: MikroORM;
  services: Services;
  logger: Logger;
  clock: Clock;
  testViewers?: TestViewers;
}) {
  const { orm, services, logger, clock, testViewers } = deps;
  if (testViewers && services.config.env !== 'test')
    throw new Error('Testgebruikers bestaan alleen in tests (NODE_ENV=test).');

  const make = (
    viewer: Viewer,
    requestId: string,
    em = orm.em.fork(),
    bindings: Record<string, string> = {},
  ): RequestContext => ({
    em,
    viewer,
    requestId,
    log: logger.child({ requestId, ...bindings }),
    clock,
  });

  async function forRequest(req: Request): Promise<RequestContext> {
    const em = orm.em.fork();
    const viewer =
      testViewers?.viewerFor(req) ??
      // An operator acting in a municipality (modules/operators) first: their own cookie, their own session.
      (await services.operators.actingViewer({ em, clock, req })) ??
      (await services.sessions.resolveViewer(em, req));
    return make(viewer, requestIdOf(req), em);
  }

  async function forGraphQL(req: Request, res: Response): Promise<Context> {
    const base = await forRequest(req);
    // Maintenance mode and the IP allow-list (http/maintenance.ts): throws the 503 or 403 Apollo then answers.
    await guardGraphQL({ req, viewer: base.viewer, settings: services.settings, now: clock.now(), log: base.log });
    return { ...base, services, loaders: createLoaders(base.em), req, res };
  }

  /** `job` names the work, e.g. `payments.sweep`; a new request id per run unless one is given. */
  function forSystem(job: string, requestId = requestIdFrom(null)): RequestContext {
    return make(systemViewer(job), requestId, orm.em.fork(), { job });
  }

  return { forRequest, forGraphQL, forSystem };
}

export type Contexts = ReturnType<typeof createContexts>;
