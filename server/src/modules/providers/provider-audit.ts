import type { EntityManager } from '@mikro-orm/postgresql';
import { AuditLog } from '../audit/audit-log.entity.js';
import { Audience } from '../../graphql/auth/permissions.js';
import type { Viewer } from '../../graphql/auth/viewer.js';

export type Actor = { kind: 'PROVIDER' | 'STAFF' | 'ANONYMOUS'; id: string | null };

export function actorOf(viewer: Viewer): Actor {
  switch (viewer.kind) {
    case Audience.PROVIDER:
      return { kind: 'PROVIDER', id: viewer.providerUserId };
    case Audience.STAFF:
      return { kind: 'STAFF', id: viewer.adminAccountId };
    default:
      return { kind: 'ANONYMOUS', id: null };
  }
}

/** Appends an audit record to the unit of work (flushed with it). Details never hold personal data beyond ids. */
export function recordAudit(
  em: EntityManager,
  actor: Actor,
  action: string,
  subjectType: string,
  subjectId: string,
  details: Record<string, unknown> = {},
): void {
  em.create(AuditLog, { actorKind: actor.kind, actorId: actor.id, action, subjectType, subjectId, details });
}
