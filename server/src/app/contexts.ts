import type { Request, Response } from 'express';
import type { GraphQLError } from 'graphql';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Context } from '../graphql/context.js';
import { createLoaders } from '../graphql/loaders.js';
import { ANONYMOUS, systemViewer, type Viewer } from '../kernel/viewer.js';
import type { Clock } from '../kernel/clock.js';
import type { RequestContext } from '../kernel/request-context.js';
import { REQUEST_ID_HEADER, requestIdFrom } from '../kernel/request-id.js';
import type { Services } from '../platform/composition.js';
import type { TestViewers } from '../http/app.js';
import { guardGraphQL } from '../http/maintenance.js';
import type { ApiClientSession } from '../modules/api-clients/api-client.service.js';

/** `res.locals.requestId`: set by the request-id middleware (http/app.ts) for everything that handles the request. */
export function requestIdOf(req: Request): string {
  const known = (req.res?.locals as { requestId?: string } | undefined)?.requestId;
  return known ?? requestIdFrom(req.get(REQUEST_ID_HEADER));
}

/**
 * The one place request contexts are made (made once at start, in app/boot.ts):
 * - `forRoute(req)`: an HTTP route declared with http/route.ts (its guard): the caller as for GraphQL, with the API
 *   client's session or the refusal of its key; `forVisitor(req)`: a public route, as a visitor;
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

  /**
   * Who calls: a test viewer (tests only), an API client by its key (`Authorization: Bearer gwk_…`, checked by
   * ApiClientService.authenticate: a refused key gives the refusal), an operator acting in a municipality, or the
   * session cookie.
   */
  async function caller(req: Request, em: ReturnType<MikroORM['em']['fork']>) {
    const test = testViewers?.viewerFor(req);
    if (test) return { viewer: test };
    const api = await services.apiClients.authenticate(em, req, clock.now());
    if (api?.ok) return { viewer: api.viewer, apiClient: api.session };
    if (api) return { viewer: ANONYMOUS, refusal: api.error };
    // An operator acting in a municipality (modules/operators) before the session: their own cookie and session.
    const acting = await services.operators.actingViewer({ em, clock, req });
    if (acting) return { viewer: acting };
    return { viewer: await services.sessions.resolveViewer(em, req) };
  }

  /**
   * An HTTP route declared with http/route.ts: the caller as GraphQL sees it — the context, the API client's session
   * (its rate limit and audit row are the route's to apply, as forGraphQL applies them) or the refusal of its key.
   */
  async function forRoute(
    req: Request,
  ): Promise<{ ctx: RequestContext; apiClient?: ApiClientSession; refusal?: GraphQLError }> {
    const em = orm.em.fork();
    const who = await caller(req, em);
    return { ctx: make(who.viewer, requestIdOf(req), em), apiClient: who.apiClient, refusal: who.refusal };
  }

  /** A public HTTP route: a visitor, whatever cookie or key comes along (nothing is looked up). */
  function forVisitor(req: Request): RequestContext {
    return make(ANONYMOUS, requestIdOf(req));
  }

  async function forGraphQL(req: Request, res: Response): Promise<Context> {
    const em = orm.em.fork();
    const who = await caller(req, em);
    const base = make(who.viewer, requestIdOf(req), em);
    // A refused API key (unknown, revoked, expired, rotated past its grace period, outside its allow-list): 401/403.
    if (who.refusal) {
      base.log.info({ event: 'api_key_refused', reason: who.refusal.extensions.reason, ip: req.ip }, 'API key refused');
      throw who.refusal;
    }
    // Maintenance mode and the IP allow-list (http/maintenance.ts): throws the 503 or 403 Apollo then answers.
    await guardGraphQL({ req, viewer: base.viewer, settings: services.settings, now: clock.now(), log: base.log });
    // An API client's call: its rate limit (429 when spent, reserved before any work) and the audit row of the call.
    if (who.apiClient) await services.apiClients.admit(base, who.apiClient, req);
    return { ...base, services, loaders: createLoaders(base.em), req, res, apiClient: who.apiClient };
  }

  /** `job` names the work, e.g. `payments.sweep`; a new request id per run unless one is given. */
  function forSystem(job: string, requestId = requestIdFrom(null)): RequestContext {
    return make(systemViewer(job), requestId, orm.em.fork(), { job });
  }

  return { forRoute, forVisitor, forGraphQL, forSystem };
}

type MadeContexts = ReturnType<typeof createContexts>;

declare module '../platform/composition.js' {
  // What createContexts makes is the `Contexts` everything else names (platform/composition.ts).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge is the point
  interface Contexts extends MadeContexts {}
}

export type { Contexts } from '../platform/composition.js';
