import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { ANONYMOUS, type Viewer } from '../graphql/auth/viewer.js';
import type { AuditActor } from '../modules/audit/audit.service.js';
import type { Clock } from '../lib/clock.js';
import type { RequestContext } from '../lib/request-context.js';

/**
 * Who acts in a background job: the system. Its viewer holds no permissions and sees no municipality (a job does
 * its work through explicit service calls, not through a user's rights); audit rows and ledger bookings name the
 * SYSTEM actor. When the request context gains a dedicated system viewer, it replaces ANONYMOUS here.
 */
export const SYSTEM_VIEWER: Viewer = ANONYMOUS;
export const SYSTEM_ACTOR: AuditActor = { kind: 'SYSTEM', id: null };

/** A RequestContext for work that no request started: a job, a CLI command, start-up. Its own EntityManager fork. */
export function systemContext(deps: { orm: MikroORM; logger: Logger; clock: Clock }, name: string, requestId: string = randomUUID()): RequestContext {
  return {
    em: deps.orm.em.fork(),
    viewer: SYSTEM_VIEWER,
    log: deps.logger.child({ job: name, requestId }),
    requestId,
    clock: deps.clock,
  };
}
