import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Context } from '../graphql/context.js';
import type { Viewer } from '../graphql/auth/viewer.js';
import { createLoaders } from '../graphql/loaders.js';
import { createLogger } from '../logging/logger.js';
import type { Services } from '../services.js';

/** A request context for calling services directly in tests (as a resolver would), with its own EntityManager. */
export function contextFor(orm: MikroORM, services: Services, viewer: Viewer): Context {
  const em = orm.em.fork();
  return { em, viewer, services, loaders: createLoaders(em), log: createLogger('silent'), requestId: randomUUID(), clock: services.clock };
}
