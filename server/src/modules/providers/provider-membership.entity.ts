import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt, Ref } from '@mikro-orm/core';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { randomUUID } from 'node:crypto';
import { Provider } from './provider.entity.js';
import { Municipality } from '../municipalities/municipality.entity.js';

export enum MembershipStatus {
  PENDING = 'PENDING',
  APPROVED = 'APPROVED',
  REJECTED = 'REJECTED',
  WITHDRAWN = 'WITHDRAWN',
}
registerEnumType(MembershipStatus, { name: 'MembershipStatus' });

/** A provider's membership of one municipality; only APPROVED memberships put products in that offer. */
@ObjectType({ description: "A provider's membership of one municipality." })
@Entity({ tableName: 'provider_membership' })
export class ProviderMembership {
  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string & Opt = randomUUID();

  @ManyToOne(() => Provider, { ref: true, deleteRule: 'cascade' })
  provider!: Ref<Provider>;

  @ManyToOne(() => Municipality, { ref: true })
  municipality!: Ref<Municipality>;

  @Field(() => MembershipStatus)
  @Property({ type: 'text' })
  status!: MembershipStatus;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  reason?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  decidedAt?: Date | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
