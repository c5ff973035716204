import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Viewer } from '../graphql/auth/viewer.js';
import type { Clock } from './clock.js';

/**
 * What a service method needs to know about the call it serves, and nothing more: the unit of work, who is acting,
 * where to log, a correlation id and the clock. Built per GraphQL request, per HTTP request, per CLI command and per
 * background job alike, so any of them calls a service directly. Services get their collaborators through their
 * constructors (see services.ts), never through the context.
 */
export interface RequestContext {
  /** This call's own EntityManager fork (a transaction's, inside one). */
  readonly em: EntityManager;
  readonly viewer: Viewer;
  readonly log: Logger;
  /** Correlates log lines and audit rows of one request or job. */
  readonly requestId: string;
  readonly clock: Clock;
}
