/** The face of modules/audit: what other modules may import of it (ARCHITECTURE.md, "Modules with a boundary"). */
export { auditActorOf } from './audit.service.js';
export type { AuditActor, AuditService } from './audit.service.js';
export type { AuditAction } from './audit-catalogue.js';
export type { RetentionPurge } from './retention.service.js';
