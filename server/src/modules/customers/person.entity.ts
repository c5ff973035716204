import { Entity, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Opt, Ref } from '@mikro-orm/core';
import { ClientGroup } from './client-group.entity.js';
import { Municipality } from '../municipalities/index.js';
import { TimestampedEntity } from '../../platform/entity.js';

/**
 * A resident. `externalIdentifier` is the municipality's client number, never the BSN.
 * The BSN is stored encrypted (AES-256-GCM with a key id) plus a keyed hash for the DigiD look-up.
 */
@Entity({ tableName: 'person' })
export class Person extends TimestampedEntity {
  @ManyToOne(() => ClientGroup, { ref: true })
  clientGroup!: Ref<ClientGroup>;

  @ManyToOne(() => Municipality, { ref: true })
  municipality!: Ref<Municipality>;

  @Property({ type: 'text', unique: true })
  externalIdentifier!: string;

  @Property({ type: 'text' })
  firstName!: string;

  @Property({ type: 'text' })
  lastName!: string;

  @Property({ type: 'date', nullable: true })
  dateOfBirth?: string | null;

  @Property({ type: 'text', nullable: true })
  email?: string | null;

  @Property({ type: 'text', nullable: true })
  phone?: string | null;

  @Property({ type: 'text', nullable: true, hidden: true, lazy: true })
  bsnEncrypted?: string | null;

  @Property({ type: 'text', nullable: true, unique: true, hidden: true })
  bsnHash?: string | null;

  /** Customer's choice: an e-mail when one of the household's orders changes status. */
  @Property({ type: 'boolean' })
  notifyOrderStatus: boolean & Opt = true;

  /** When the person's data was erased (AVG); the row stays as a pseudonym that money records point at. */
  @Property({ type: 'timestamptz', nullable: true })
  erasedAt?: Date | null;

  get fullName(): Opt<string> {
    return `${this.firstName} ${this.lastName}`.trim();
  }
}
