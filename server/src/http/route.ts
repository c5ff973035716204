import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { GraphQLError } from 'graphql';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Services } from '../platform/composition.js';
import type { Contexts } from '../platform/composition.js';
import type { DigidAdapter } from '../integrations/digid/digid.js';
import type { RequestContext } from '../kernel/request-context.js';
import { Audience, Permission } from '../kernel/permissions.js';
import { isAllowed } from '../graphql/auth/requires.js';
import { inScope, reachesAll } from '../kernel/scope.js';
import { ForbiddenError, TERMS_NOT_ACCEPTED_MESSAGE, UnauthenticatedError } from '../kernel/errors.js';
import { IP_NOT_ALLOWED_MESSAGE, staffAddressAllowed } from './ip-allow-list.js';
import { MAINTENANCE_MESSAGE, maintenanceRetryAfter } from './maintenance.js';
import { FORGED_REQUEST_MESSAGE, SAFE_METHODS, isCrossOrigin } from './origin.js';
import { rejectHostileForm } from './hostile-request.js';
import type { StaticFiles } from './static.js';
import type { InstanceHealth } from './health.js';

/**
 * One way to declare an HTTP route outside GraphQL, with the same guard a GraphQL field has (`@Requires`), so no route
 * checks who calls it by hand. A declaration is a plain object and its handler; `mountRoutes` mounts a list of them
 * (the list a module's manifest will hold). Before the handler runs, the route's guard, in this order:
 *
 * 1. a state-changing request (not GET/HEAD/OPTIONS): a foreign `Origin` is refused (http/origin.ts), and the route's
 *    `csrfHeader`, when it names one, must be sent (a cross-site form cannot set a header);
 * 2. a body with a `Content-Encoding` other than identity: 415 (nothing inflates what a route reads);
 * 3. a `public` route runs as a visitor (no session or key is looked up). Otherwise the caller as GraphQL sees it
 *    (contexts.forRoute): a refused API key gets its 401/403; an API client's call reserves a point of its rate limit
 *    (429 when spent) and writes its `api_client.called` audit row, exactly as a GraphQL call does
 *    (ApiClientService.admit); then
 *    - nobody logged in: 401;
 *    - staff from outside the IP allow-list (instellingen/ip): 403, whatever the route;
 *    - an API client on a route not open to `partners`: 403;
 *    - `access` not met (graphql/auth/requires.ts `isAllowed`, the check of `@Requires`): 403;
 *    - `scope: { query }`: a municipality in that query parameter outside the caller's scope: 404;
 *    - maintenance (instellingen/onderhoudsmodus): residents and providers get 503 with Retry-After;
 *    - a provider whose organisation has new terms to accept: 403, as in GraphQL;
 * 4. the body is read as declared (`json`/`form`/`raw` with a limit; `upload` is left to the handler's stream).
 *
 * Every refusal is a Dutch message with a code, as JSON `{ ...empty, errors: [{ field, code, message }] }` or as plain
 * text (`refusals`), the way the route's own answers are. An error the handler throws is logged and answered 500 (or
 * ends a response already under way).
 */
export type RouteMethod = 'GET' | 'POST';
export type Requirement = Audience | Permission;

/** How a route reads its body. */
export type RouteBody =
  | { kind: 'none' }
  /** multipart/form-data, streamed by the handler (busboy) after the guard. */
  | { kind: 'upload' }
  | { kind: 'json'; limit: string }
  /** application/x-www-form-urlencoded, with the hostile-text check (http/hostile-request.ts). */
  | { kind: 'form'; limit: string }
  | { kind: 'raw'; limit: string };

/**
 * How the municipality scope applies:
 * - `none`: nothing of a municipality (public, the platform as a whole);
 * - `own`: the caller's own data (a resident's, a provider's); ownership is checked in the service;
 * - `service`: the service limits what it reads to the caller's municipalities, as the GraphQL lists do;
 * - `{ query }`: the municipality named in that query parameter must be in the caller's scope (checked here, and by
 *   the service again).
 */
export type RouteScope = 'none' | 'own' | 'service' | { query: string; optional?: boolean };

export interface RouteDeps {
  services: Services;
  contexts: Contexts;
  orm: MikroORM;
  logger: Logger;
  digid: DigidAdapter;
  /** The job worker's state and whether the instance is stopping (the health endpoints). */
  health: InstanceHealth;
  /** The built client's files (absent in development, where Vite serves the client). */
  pages?: StaticFiles;
}

/** What a handler gets: the request, the response, its context (a visitor's on a public route) and the deps. */
export interface RouteCall {
  req: Request;
  res: Response;
  ctx: RequestContext;
  deps: RouteDeps;
  /** Express's `next`: to fall through to what comes after the routes (the client's pages, the 404). */
  next: NextFunction;
  /** Answers a refusal in the route's format; answers null, so `return call.refuse(…)` reads well. */
  refuse: (status: number, code: string, message: string, field?: string | null) => null;
}

export interface RouteDeclaration {
  method: RouteMethod;
  /** An Express path, e.g. `/api/payouts/:batchId/export`. */
  path: string;
  /** What it does, in English (the API documentation). */
  description: string;
  /** `public` (anyone, also anonymous; say so explicitly), or what `@Requires` takes: any of these. */
  access: 'public' | readonly [Requirement, ...Requirement[]];
  /** Partners' API clients may call it with their key (when they hold a permission it asks). Default false. */
  partners?: boolean;
  scope: RouteScope;
  body: RouteBody;
  /** A request header our own client sends on this state-changing route (value `1`). */
  csrfHeader?: string;
  /** How refusals are answered: plain text (downloads a browser opens) or JSON with the route's empty payload. */
  refusals: 'text' | { json: object };
  /** Routes that exist only in some set-ups (a simulator, development); absent: always. */
  enabled?: (deps: RouteDeps) => boolean;
  handler: (call: RouteCall) => unknown;
}

/** Declares a route (an identity function: the type checks the declaration). */
export function defineRoute(declaration: RouteDeclaration): RouteDeclaration {
  return declaration;
}

/** The handlers mountRoutes made: a test checks that every route Express knows is one of them. */
const declaredHandlers = new WeakSet<object>();
export const isDeclaredRouteHandler = (fn: unknown) => typeof fn === 'function' && declaredHandlers.has(fn);

const UNAUTHENTICATED_MESSAGE = new UnauthenticatedError().message;
const FORBIDDEN_MESSAGE = new ForbiddenError().message;
export const NOT_FOR_PARTNERS_MESSAGE = 'Deze route is niet beschikbaar voor API-koppelingen.';
export const MUNICIPALITY_NOT_FOUND_MESSAGE = 'Deze gemeente is niet gevonden.';
export const ENCODING_MESSAGE = 'Stuur de inhoud van het verzoek zonder compressie (Content-Encoding: identity).';

/** The permissions and audiences of a declaration's access, apart (for the documentation). */
export function requirementsOf(route: RouteDeclaration): { permissions: Permission[]; audiences: Audience[] } {
  if (route.access === 'public') return { permissions: [], audiences: [] };
  const permissions = Object.values(Permission) as string[];
  return {
    permissions: route.access.filter((r): r is Permission => permissions.includes(r)),
    audiences: route.access.filter((r): r is Audience => !permissions.includes(r)),
  };
}

function refuser(route: RouteDeclaration, req: Request, res: Response) {
  return (status: number, code: string, message: string, field: string | null = null): null => {
    if (res.headersSent) return null;
    // A refused request whose body was not read: close the connection rather than read the rest.
    if (route.body.kind !== 'none' && !req.readableEnded) res.setHeader('Connection', 'close');
    res.setHeader('Cache-Control', 'no-store');
    res.status(status);
    if (route.refusals === 'text') res.type('text/plain; charset=utf-8').send(message);
    else res.json({ ...route.refusals.json, errors: [{ field, code, message }] });
    return null;
  };
}

/** Runs an Express middleware (a body parser) as a promise. */
function run(middleware: RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    void middleware(req, res, (error?: unknown) => (error ? reject(error) : resolve()));
  });
}

function bodyParsers(body: RouteBody): RequestHandler[] {
  switch (body.kind) {
    case 'json':
      return [express.json({ limit: body.limit, inflate: false })];
    case 'form':
      return [express.urlencoded({ extended: false, limit: body.limit, inflate: false }), rejectHostileForm()];
    case 'raw':
      return [express.raw({ type: () => true, limit: body.limit, inflate: false })];
    default:
      return [];
  }
}

/** The guard of a non-public route; the context to run the handler with, or null when it has refused. */
async function guard(
  route: RouteDeclaration,
  deps: RouteDeps,
  req: Request,
  res: Response,
  refuse: RouteCall['refuse'],
): Promise<RequestContext | null> {
  const { services, contexts } = deps;
  const who = await contexts.forRoute(req);
  const ctx = who.ctx;
  if (who.refusal) {
    const extensions = who.refusal.extensions as { code?: string; reason?: string; http?: { status?: number } };
    ctx.log.info({ event: 'api_key_refused', reason: extensions.reason, ip: req.ip }, 'API key refused');
    return refuse(extensions.http?.status ?? 401, extensions.code ?? 'UNAUTHENTICATED', who.refusal.message);
  }
  if (who.apiClient) {
    try {
      await services.apiClients.admit(ctx, who.apiClient, req, {
        name: `${route.method} ${route.path}`,
        type: 'http',
        fields: [],
      });
    } catch (error) {
      if (!(error instanceof GraphQLError)) throw error;
      const extensions = error.extensions as {
        code?: string;
        http?: { status?: number; headers?: Map<string, string> };
      };
      for (const [name, value] of extensions.http?.headers ?? []) res.setHeader(name, value);
      return refuse(extensions.http?.status ?? 429, extensions.code ?? 'RATE_LIMITED', error.message);
    }
  }
  const viewer = ctx.viewer;
  if (viewer.kind === Audience.ANONYMOUS) return refuse(401, 'UNAUTHENTICATED', UNAUTHENTICATED_MESSAGE);
  if (viewer.kind === Audience.STAFF && !(await staffAddressAllowed(services.settings, req.ip))) {
    ctx.log.warn(
      { event: 'ip_blocked', ip: req.ip, path: route.path },
      'admin route refused: address not on the allow-list',
    );
    return refuse(403, 'IP_NOT_ALLOWED', IP_NOT_ALLOWED_MESSAGE);
  }
  if (viewer.kind === Audience.API_CLIENT && !route.partners) return refuse(403, 'FORBIDDEN', NOT_FOR_PARTNERS_MESSAGE);
  if (route.access === 'public' || !isAllowed(viewer, route.access)) return refuse(403, 'FORBIDDEN', FORBIDDEN_MESSAGE);
  if (typeof route.scope === 'object') {
    const raw = req.query[route.scope.query];
    const named = typeof raw === 'string' && raw !== '';
    // Without a municipality named, only a route that takes "all of my municipalities" serves a scoped caller.
    if (named ? !inScope(viewer, raw) : !route.scope.optional && !reachesAll(viewer))
      return refuse(404, 'NOT_FOUND', MUNICIPALITY_NOT_FOUND_MESSAGE);
  }
  const retryAfter = await maintenanceRetryAfter({ viewer, settings: services.settings, now: ctx.clock.now() });
  if (retryAfter !== null) {
    res.setHeader('Retry-After', String(retryAfter));
    return refuse(503, 'MAINTENANCE', MAINTENANCE_MESSAGE);
  }
  if (viewer.kind === Audience.PROVIDER && (await services.terms.pending(ctx)).length > 0)
    return refuse(403, 'TERMS_NOT_ACCEPTED', TERMS_NOT_ACCEPTED_MESSAGE);
  return ctx;
}

/** The Express handler of one declaration: its guard, its body, then its handler. */
function serve(route: RouteDeclaration, deps: RouteDeps): RequestHandler {
  const parsers = bodyParsers(route.body);
  const handler = async (req: Request, res: Response, next: NextFunction) => {
    const refuse = refuser(route, req, res);
    let ctx: RequestContext | null = null;
    try {
      if (!SAFE_METHODS.has(req.method)) {
        if (route.csrfHeader && req.get(route.csrfHeader) !== '1')
          return void refuse(400, 'BAD_REQUEST', FORGED_REQUEST_MESSAGE);
        if (isCrossOrigin(req, deps.services.config.appUrl))
          return void refuse(403, 'FORBIDDEN', FORGED_REQUEST_MESSAGE);
      }
      const encoding = (req.get('content-encoding') ?? 'identity').trim().toLowerCase();
      if (route.body.kind !== 'none' && encoding !== 'identity' && encoding !== '')
        return void refuse(415, 'UNSUPPORTED_ENCODING', ENCODING_MESSAGE);
      ctx = route.access === 'public' ? deps.contexts.forVisitor(req) : await guard(route, deps, req, res, refuse);
      if (!ctx) return;
      for (const parser of parsers) {
        await run(parser, req, res);
        if (res.headersSent) return;
      }
      await route.handler({ req, res, ctx, deps, refuse, next });
    } catch (error) {
      if (!res.headersSent) return next(error);
      const log = ctx?.log ?? deps.logger;
      // The reader went away during a download: nothing is wrong with the server.
      if ((error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE' || req.destroyed)
        log.info({ path: route.path }, 'http route: the client closed the connection during the answer');
      else log.error({ err: error, path: route.path }, 'http route failed after its answer began');
      res.destroy();
    }
  };
  declaredHandlers.add(handler);
  return handler;
}

/** Mounts the declarations on the app, in order (the first that matches a path answers). */
export function mountRoutes(app: Express, routes: readonly RouteDeclaration[], deps: RouteDeps): void {
  for (const route of routes) {
    if (route.enabled && !route.enabled(deps)) continue;
    const handler = serve(route, deps);
    if (route.method === 'GET') app.get(route.path, handler);
    else app.post(route.path, handler);
  }
}
