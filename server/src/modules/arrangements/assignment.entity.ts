import { Entity, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Opt, Ref } from '@mikro-orm/core';
import { ClientGroup } from '../customers/index.js';
import { Person } from '../customers/index.js';
import { Arrangement } from './arrangement.entity.js';
import { TimestampedEntity } from '../../platform/entity.js';

export type StoredAssignmentStatus = 'ACTIVE' | 'REVOKED';

/**
 * An arrangement granted to a client group (toewijzing), optionally for one member. `amountCents` is what was
 * granted; what is left is the balance of its ledger account, never a column here.
 */
@Entity({ tableName: 'assignment' })
export class Assignment extends TimestampedEntity {
  @ManyToOne(() => ClientGroup, { ref: true })
  clientGroup!: Ref<ClientGroup>;

  @ManyToOne(() => Arrangement, { ref: true })
  arrangement!: Ref<Arrangement>;

  @ManyToOne(() => Person, { ref: true, nullable: true, fieldName: 'beneficiary_id' })
  beneficiary?: Ref<Person> | null;

  @Property({ type: 'integer' })
  amountCents!: number;

  @Property({ type: 'date' })
  validFrom!: string;

  @Property({ type: 'date' })
  validUntil!: string;

  @Property({ type: 'text' })
  status: StoredAssignmentStatus & Opt = 'ACTIVE';

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt?: Date | null;

  @Property({ type: 'text', nullable: true })
  revokedReason?: string | null;

  /** Why it was granted to someone outside the arrangement's age range (required then). */
  @Property({ type: 'text', nullable: true })
  ageExceptionReason?: string | null;

  @Property({ type: 'uuid', nullable: true })
  createdBy?: string | null;
}
