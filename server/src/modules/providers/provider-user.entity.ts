import { Entity, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Opt, Ref } from '@mikro-orm/core';
import { Provider } from './provider.entity.js';
import { TimestampedEntity } from '../../platform/entity.js';

/** A log-in of a provider organisation. */
@Entity({ tableName: 'provider_user' })
export class ProviderUser extends TimestampedEntity {
  @ManyToOne(() => Provider, { ref: true, deleteRule: 'cascade' })
  provider!: Ref<Provider>;

  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', hidden: true, lazy: true })
  passwordHash!: string;

  @Property({ type: 'timestamptz', nullable: true })
  emailVerifiedAt?: Date | null;

  @Property({ type: 'boolean' })
  active: boolean & Opt = true;

  @Property({ type: 'timestamptz', nullable: true })
  lastLoginAt?: Date | null;
}
