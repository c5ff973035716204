import { PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { applicationNow } from '../kernel/clock.js';

/**
 * What most entities start with, written once (MikroORM reads the decorators of a base class for every entity that
 * extends it; the base class is no table of its own).
 *
 * `IdEntity`: a uuid key made in the application, so an entity has its id before it is flushed.
 */
export abstract class IdEntity {
  @PrimaryKey({ type: 'uuid' })
  id: string & Opt = randomUUID();
}

/** `IdEntity` with when it was made and last changed, both on the application clock (kernel/clock.ts). */
export abstract class TimestampedEntity extends IdEntity {
  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();

  @Property({ type: 'timestamptz', onUpdate: () => applicationNow() })
  updatedAt: Date & Opt = applicationNow();
}
