import { Entity, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Municipality } from '../municipalities/index.js';
import { TimestampedEntity } from '../../platform/entity.js';

/** The unit a municipality grants arrangements to, usually a household (klantgroep). */
@Entity({ tableName: 'client_group' })
export class ClientGroup extends TimestampedEntity {
  @ManyToOne(() => Municipality, { ref: true })
  municipality!: Ref<Municipality>;

  /** The municipality's client number for the household. */
  @Property({ type: 'text' })
  clientNumber!: string;

  @Property({ type: 'text' })
  name!: string;
}
