import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { Context } from '../graphql/context.js';
import { Audience, type Permission } from '../kernel/permissions.js';
import type { Viewer } from '../kernel/viewer.js';
import { createLoaders } from '../graphql/loaders.js';
import { createLogger } from '../logging/logger.js';
import { applicationClock, type Clock } from '../kernel/clock.js';
import type { RequestContext } from '../kernel/request-context.js';
import type { Services } from '../platform/composition.js';

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

/**
 * A staff member for calling services directly in a test: of every municipality (`municipalityIds: null`) unless
 * scoped, with the given permissions (none by default: services trust their caller, the resolvers check).
 */
export function staffViewer(
  options: { municipalityIds?: string[] | null; permissions?: Iterable<Permission>; adminAccountId?: string } = {},
): Extract<Viewer, { kind: Audience.STAFF }> {
  return {
    kind: Audience.STAFF,
    sessionId: 'test',
    adminAccountId: options.adminAccountId ?? randomUUID(),
    permissions: new Set(options.permissions ?? []),
    municipalityIds: options.municipalityIds ?? null,
  };
}
