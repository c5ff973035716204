import { Entity, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { applicationNow } from '../../kernel/clock.js';
import { IdEntity } from '../../platform/entity.js';

/** PERSONAL: a household's inbox item. PUBLIC: an announcement of a municipality (later). */
export type MessageAudienceValue = 'PERSONAL' | 'PUBLIC';

/**
 * A message (melding). Personal messages belong to a client group (the household) and, optionally, to one member;
 * `readAt` is the household's read state. Foreign keys are plain ids: messages are written from inside other
 * modules' transactions (order status changes) without loading their entities.
 */
@Entity({ tableName: 'message' })
export class Message extends IdEntity {
  @Property({ type: 'text' })
  audience: MessageAudienceValue & Opt = 'PERSONAL';

  @Property({ type: 'uuid' })
  municipalityId!: string;

  @Property({ type: 'uuid', nullable: true })
  clientGroupId?: string | null;

  /** Only this member of the household sees it; null: the whole household. */
  @Property({ type: 'uuid', nullable: true })
  personId?: string | null;

  @Property({ type: 'uuid', nullable: true })
  orderId?: string | null;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text' })
  body!: string;

  @Property({ type: 'timestamptz', nullable: true })
  readAt?: Date | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();
}
