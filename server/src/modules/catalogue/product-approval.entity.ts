import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt, Ref } from '@mikro-orm/core';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { randomUUID } from 'node:crypto';
import { Municipality } from '../municipalities/index.js';
import { AdminAccount } from '../staff/index.js';
import { Product } from './product.entity.js';
import { applicationNow } from '../../kernel/clock.js';

export enum ProductApprovalStatus {
  PENDING = 'PENDING',
  APPROVED = 'APPROVED',
  REJECTED = 'REJECTED',
}
registerEnumType(ProductApprovalStatus, {
  valuesConfig: {
    APPROVED: { description: 'Approved: offered in that municipality.' },
    PENDING: { description: 'Waiting for the municipality’s decision.' },
    REJECTED: { description: 'Rejected by the municipality (with a reason).' },
  },
  name: 'ProductApprovalStatus',
  description:
    'One municipality’s decision on a product: waiting for review, approved (in that offer), or rejected with a reason.',
});

/**
 * One municipality's decision on one product (unique per product × municipality). It counts only while the
 * provider's membership of that municipality is APPROVED; the rules are in product-approval.ts.
 */
@ObjectType({ description: 'One municipality’s decision on a product.' })
@Entity({ tableName: 'product_approval' })
export class ProductApproval {
  @Field(() => ID, { description: 'The approval’s id.' })
  @PrimaryKey({ type: 'uuid' })
  id: string & Opt = randomUUID();

  @ManyToOne(() => Product, { ref: true, deleteRule: 'cascade' })
  product!: Ref<Product>;

  @ManyToOne(() => Municipality, { ref: true })
  municipality!: Ref<Municipality>;

  @Field(() => ProductApprovalStatus, { description: 'The municipality’s decision.' })
  @Property({ type: 'text' })
  status: ProductApprovalStatus & Opt = ProductApprovalStatus.PENDING;

  @Field(() => String, { nullable: true, description: 'Why this municipality rejected it; shown to the provider.' })
  @Property({ type: 'text', nullable: true })
  reason?: string | null;

  @Field(() => Date, {
    description: 'When this decision was asked for (the submission, or the membership’s approval).',
  })
  @Property({ type: 'timestamptz' })
  requestedAt: Date & Opt = applicationNow();

  @Field(() => Date, { nullable: true, description: 'When the municipality decided; null while pending.' })
  @Property({ type: 'timestamptz', nullable: true })
  decidedAt?: Date | null;

  /** The staff member who decided (null when carried over, decided through the API, or the account was removed). */
  @ManyToOne(() => AdminAccount, { ref: true, nullable: true, deleteRule: 'set null', fieldName: 'decided_by_id' })
  decidedBy?: Ref<AdminAccount> | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();

  @Property({ type: 'timestamptz', onUpdate: () => applicationNow() })
  updatedAt: Date & Opt = applicationNow();
}
