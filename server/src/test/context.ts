import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { Context } from '../graphql/context.js';
import type { Viewer } from '../graphql/auth/viewer.js';
import { createLoaders } from '../graphql/loaders.js';
import { createLogger } from '../logging/logger.js';
import { applicationClock, type Clock } from '../lib/clock.js';
import type { RequestContext } from '../lib/request-context.js';
import type { Services } from '../services.js';

/**
 * A request context for calling a service directly in a test, as an HTTP route, a job or a CLI command would:
 * any viewer (an API client, a staff member, SYSTEM), its own EntityManager and request id.
 */
export function requestContextFor(
  orm: MikroORM,
  viewer: Viewer,
  options: { clock?: Clock; requestId?: string } = {},
): RequestContext {
  return {
    em: orm.em.fork(),
    viewer,
    log: createLogger('silent'),
    requestId: options.requestId ?? `test-${randomUUID()}`,
    clock: options.clock ?? applicationClock(),
  };
}

/** A GraphQL context for calling services directly in tests (as a resolver would), with its own EntityManager. */
export function contextFor(
  orm: MikroORM,
  services: Services,
  viewer: Viewer,
  options: { clock?: Clock; requestId?: string } = {},
): Context {
  const base = requestContextFor(orm, viewer, options);
  return { ...base, services, loaders: createLoaders(base.em) };
}
