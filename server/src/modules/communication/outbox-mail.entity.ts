import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** A mail "sent" through the local outbox (MAIL_TRANSPORT=outbox: development and tests; refused in production). */
@Entity({ tableName: 'outbox_mail' })
export class OutboxMail {
  @PrimaryKey({ type: 'uuid' })
  id: string & Opt = randomUUID();

  @Property({ type: 'text', fieldName: 'to_address' })
  to!: string;

  @Property({ type: 'text' })
  subject!: string;

  @Property({ type: 'text' })
  body!: string;

  @Property({ type: 'text', nullable: true })
  templateKey?: string | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = new Date();
}
