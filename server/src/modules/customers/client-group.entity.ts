import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt, Ref } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Municipality } from '../municipalities/index.js';
import { applicationNow } from '../../kernel/clock.js';

/** The unit a municipality grants arrangements to, usually a household (klantgroep). */
@Entity({ tableName: 'client_group' })
export class ClientGroup {
  @PrimaryKey({ type: 'uuid' })
  id: string & Opt = randomUUID();

  @ManyToOne(() => Municipality, { ref: true })
  municipality!: Ref<Municipality>;

  /** The municipality's client number for the household. */
  @Property({ type: 'text' })
  clientNumber!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();

  @Property({ type: 'timestamptz', onUpdate: () => applicationNow() })
  updatedAt: Date & Opt = applicationNow();
}
