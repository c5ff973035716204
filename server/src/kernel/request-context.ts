import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Viewer } from './viewer.js';
import type { Clock } from './clock.js';

/**
 * What a service method needs to know about the call it serves, and nothing more: the unit of work, who is acting,
 * where to log, a correlation id and the clock. Built per GraphQL request, per HTTP request, per CLI command and per
 * background job alike (see app/contexts.ts), so any of them calls a service directly. Services get their collaborators
 * through their constructors (see app/services.ts), never through the context.
 */
export interface RequestContext {
  /** This call's own EntityManager fork (a transaction's, inside one). */
  readonly em: EntityManager;
  readonly viewer: Viewer;
  /** Already carries `requestId` (and, for jobs, `job`) on every line. */
  readonly log: Logger;
  /** Correlates log lines and audit rows of one request or job. */
  readonly requestId: string;
  readonly clock: Clock;
}

/** The same call on another EntityManager (a transaction's): everything else, the viewer above all, stays. */
export function withEm(ctx: RequestContext, em: EntityManager): RequestContext {
  return { em, viewer: ctx.viewer, log: ctx.log, requestId: ctx.requestId, clock: ctx.clock };
}

/**
 * Runs `work` in one transaction, handing it a context whose `em` is the transaction's: everything written through
 * it (audit rows included) commits or rolls back together. Nested calls join the outer transaction.
 */
export function transactional<T>(ctx: RequestContext, work: (tx: RequestContext) => Promise<T>): Promise<T> {
  return ctx.em.transactional((em) => work(withEm(ctx, em)));
}
