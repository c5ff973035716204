import { Entity, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { applicationNow } from '../../kernel/clock.js';
import { IdEntity } from '../../platform/entity.js';

export type MailStatus = 'QUEUED' | 'SENT' | 'FAILED' | 'CANCELLED';

/**
 * One mail in the mail log (`mail_message`): recorded by MailService.send in the business transaction, delivered by
 * the `mail.send` job. QUEUED until the transport accepted it (SENT); FAILED when every attempt failed (staff can
 * resend it); CANCELLED when its recipient was erased before it went out. Written with SQL by the service; the
 * entity is for reading (the dev outbox, the later mail log screen, tests).
 */
@Entity({ tableName: 'mail_message' })
export class MailMessage extends IdEntity {
  @Property({ type: 'text', fieldName: 'to_address' })
  to!: string;

  @Property({ type: 'text', nullable: true })
  templateKey?: string | null;

  @Property({ type: 'text' })
  subject!: string;

  @Property({ type: 'text' })
  body!: string;

  @Property({ type: 'text' })
  status: MailStatus & Opt = 'QUEUED';

  @Property({ type: 'integer' })
  attempts: number & Opt = 0;

  /** The transport's last answer, addresses removed. */
  @Property({ type: 'text', nullable: true })
  lastError?: string | null;

  @Property({ type: 'uuid', nullable: true })
  personId?: string | null;

  @Property({ type: 'uuid', nullable: true })
  municipalityId?: string | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();

  @Property({ type: 'timestamptz', nullable: true })
  lastAttemptAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  sentAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  erasedAt?: Date | null;
}
