import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { applicationNow } from '../../kernel/clock.js';

/** Append-only record of who did or read what (AVG accountability). Written only by AuditService; read here. */
@Entity({ tableName: 'audit_log' })
export class AuditLog {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Property({ type: 'timestamptz' })
  at: Date & Opt = applicationNow();

  @Property({ type: 'text' })
  actorKind!: string;

  @Property({ type: 'uuid', nullable: true })
  actorId?: string | null;

  /** SYSTEM rows: the job or CLI command that acted. */
  @Property({ type: 'text', nullable: true })
  actorJob?: string | null;

  /** The request (or job run) the row comes from, as in the log lines. */
  @Property({ type: 'text', nullable: true })
  requestId?: string | null;

  @Property({ type: 'text' })
  action!: string;

  @Property({ type: 'text', nullable: true })
  subjectType?: string | null;

  @Property({ type: 'text', nullable: true })
  subjectId?: string | null;

  @Property({ type: 'json' })
  details: Record<string, unknown> & Opt = {};
}
