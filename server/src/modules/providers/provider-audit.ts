import type { EntityManager } from '@mikro-orm/postgresql';
import { AuditLog } from '../audit/audit-log.entity.js';
import { auditActorOf, type AuditActor } from '../audit/audit.service.js';
import type { Viewer } from '../../graphql/auth/viewer.js';

export type Actor = AuditActor;

/** The real actor: a provider user, a staff member or an API client (audit.service.ts says who is who). */
export function actorOf(viewer: Viewer): Actor {
  return auditActorOf(viewer);
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
