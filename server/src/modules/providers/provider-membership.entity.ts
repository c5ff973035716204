import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt, Ref } from '@mikro-orm/core';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { randomUUID } from 'node:crypto';
import { Provider } from './provider.entity.js';
import { Municipality } from '../municipalities/index.js';
import { AdminAccount } from '../staff/index.js';
import { applicationNow } from '../../kernel/clock.js';

export enum MembershipStatus {
  PENDING = 'PENDING',
  APPROVED = 'APPROVED',
  REJECTED = 'REJECTED',
  WITHDRAWN = 'WITHDRAWN',
}
registerEnumType(MembershipStatus, {
  description: 'Where a provider’s membership of a municipality is.',
  valuesConfig: {
    APPROVED: { description: 'Approved: the provider’s approved products can be offered there.' },
    PENDING: { description: 'Applied for; waiting for the municipality’s decision.' },
    REJECTED: { description: 'Rejected by the municipality (with a reason).' },
    WITHDRAWN: { description: 'Withdrawn by the provider.' },
  },
  name: 'MembershipStatus',
});

/** A provider's membership of one municipality; only APPROVED memberships put products in that offer. */
@ObjectType({ description: "A provider's membership of one municipality." })
@Entity({ tableName: 'provider_membership' })
export class ProviderMembership {
  @Field(() => ID, { description: 'The membership’s id.' })
  @PrimaryKey({ type: 'uuid' })
  id: string & Opt = randomUUID();

  @ManyToOne(() => Provider, { ref: true, deleteRule: 'cascade' })
  provider!: Ref<Provider>;

  @ManyToOne(() => Municipality, { ref: true })
  municipality!: Ref<Municipality>;

  @Field(() => MembershipStatus, { description: 'Where the membership is.' })
  @Property({ type: 'text' })
  status!: MembershipStatus;

  @Field(() => String, { nullable: true, description: 'Why it was rejected; shown to the provider.' })
  @Property({ type: 'text', nullable: true })
  reason?: string | null;

  @Field(() => Date, { description: 'When the provider (last) applied.' })
  @Property({ type: 'timestamptz' })
  appliedAt: Date & Opt = applicationNow();

  @Field(() => Date, { nullable: true, description: 'When staff approved or rejected it.' })
  @Property({ type: 'timestamptz', nullable: true })
  decidedAt?: Date | null;

  /** The staff member who decided (null after their account was removed). */
  @ManyToOne(() => AdminAccount, { ref: true, nullable: true, deleteRule: 'set null', fieldName: 'decided_by_id' })
  decidedBy?: Ref<AdminAccount> | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();

  @Field(() => Date, { description: 'When its status last changed.' })
  @Property({ type: 'timestamptz', onUpdate: () => applicationNow() })
  updatedAt: Date & Opt = applicationNow();
}
