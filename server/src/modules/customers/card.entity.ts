import { Entity, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Opt, Ref } from '@mikro-orm/core';
import { Person } from './person.entity.js';
import { applicationNow } from '../../kernel/clock.js';
import { TimestampedEntity } from '../../platform/entity.js';

export type CardStatus = 'ACTIVE' | 'BLOCKED' | 'REPLACED';

/** A person's card (pas); the number is 10 digits, the last a check digit (see card-number.ts). */
@Entity({ tableName: 'card' })
export class Card extends TimestampedEntity {
  @ManyToOne(() => Person, { ref: true })
  person!: Ref<Person>;

  @Property({ type: 'text', unique: true })
  number!: string;

  @Property({ type: 'text' })
  status: CardStatus & Opt = 'ACTIVE';

  @Property({ type: 'timestamptz' })
  issuedAt: Date & Opt = applicationNow();

  @Property({ type: 'timestamptz', nullable: true })
  blockedAt?: Date | null;
}
