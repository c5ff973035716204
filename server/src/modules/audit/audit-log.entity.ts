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

  /** The processing activity of the register (audit-catalogue.ts): LDV `dpl.core.processing_activity_id`. */
  @Property({ type: 'text', nullable: true })
  processingActivity?: string | null;

  /** A reason the actor stated (an operator's visit). */
  @Property({ type: 'text', nullable: true })
  reason?: string | null;

  /** The fields read (`Type.field`), never their values. */
  @Property({ type: 'text[]', nullable: true })
  fields?: string[] | null;

  /** Whom it is about: LDV `dpl.core.data_subject_id` (our person id, never the BSN). */
  @Property({ type: 'uuid', nullable: true })
  subjectPersonId?: string | null;

  @Property({ type: 'uuid', nullable: true })
  subjectHouseholdId?: string | null;

  /** Whose log it is: the municipality of the person, household or actor; null for the platform's own rows. */
  @Property({ type: 'uuid', nullable: true })
  municipalityId?: string | null;
}
