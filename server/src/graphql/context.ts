import type { Request, Response } from 'express';
import type { RequestContext } from '../kernel/request-context.js';
import type { Services } from '../platform/composition.js';
import type { Loaders } from './loaders.js';
import type { ApiClientSession } from '../modules/api-clients/api-client.service.js';

/**
 * A GraphQL request: the narrow RequestContext every service takes, plus what only resolvers use — the services
 * (resolvers call them; services never read `ctx.services`: they get their collaborators through their
 * constructors), the per-request batch loaders and the HTTP request and response. Built once per request by
 * `contexts.forGraphQL` (app/contexts.ts).
 */
export interface Context extends RequestContext {
  readonly services: Services;
  readonly loaders: Loaders;
  readonly req?: Request;
  readonly res?: Response;
  /** An API client's call (Authorization: Bearer gwk_…): its id, rate limit and personal-data encryption. */
  readonly apiClient?: ApiClientSession;
}
