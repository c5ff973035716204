import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt, Ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { randomUUID } from 'node:crypto';
import { Provider } from '../providers/index.js';
import { Category } from './category.entity.js';
import { applicationNow } from '../../kernel/clock.js';

export enum ProductStatus {
  DRAFT = 'DRAFT',
  SUBMITTED = 'SUBMITTED',
  APPROVED = 'APPROVED',
  REJECTED = 'REJECTED',
  ARCHIVED = 'ARCHIVED',
}
registerEnumType(ProductStatus, {
  description: 'Where a product is in its review: draft, submitted, approved, rejected or archived.',
  valuesConfig: {
    APPROVED: { description: 'Approved by at least one municipality.' },
    ARCHIVED: { description: 'Archived by the provider: no longer offered.' },
    DRAFT: { description: 'Being written by the provider (concept).' },
    REJECTED: { description: 'Rejected; the provider may change and submit it again.' },
    SUBMITTED: { description: 'Submitted for review.' },
  },
  name: 'ProductStatus',
});

export enum ProductAvailability {
  AVAILABLE = 'AVAILABLE',
  TEMPORARILY_UNAVAILABLE = 'TEMPORARILY_UNAVAILABLE',
}
registerEnumType(ProductAvailability, {
  valuesConfig: {
    AVAILABLE: { description: 'Can be ordered.' },
    TEMPORARILY_UNAVAILABLE: { description: 'Shown, but cannot be ordered for now.' },
  },
  name: 'ProductAvailability',
  description: 'Whether customers can order the product now; a temporarily unavailable product stays in the offer.',
});

export enum RedemptionMethod {
  PICKUP = 'PICKUP',
  DELIVERY = 'DELIVERY',
  VOUCHER_CODE = 'VOUCHER_CODE',
}
registerEnumType(RedemptionMethod, {
  valuesConfig: {
    DELIVERY: { description: 'Delivered to the resident’s address.' },
    PICKUP: { description: 'Picked up at the provider with a pickup code.' },
    VOUCHER_CODE: { description: 'A voucher code the resident uses with the provider.' },
  },
  name: 'RedemptionMethod',
  description: 'How the customer receives the product: picked up, delivered, or as a voucher code.',
});

/** Something a provider offers. Relations are resolved by batched field resolvers, not exposed directly. */
@ObjectType({ description: 'A product offered by a provider.' })
@Entity({ tableName: 'product' })
export class Product {
  @Field(() => ID, { description: 'The product’s id.' })
  @PrimaryKey({ type: 'uuid' })
  id: string & Opt = randomUUID();

  @ManyToOne(() => Provider, { ref: true, deleteRule: 'cascade' })
  provider!: Ref<Provider>;

  @ManyToOne(() => Category, { ref: true })
  category!: Ref<Category>;

  @Field(() => String, { description: 'The product’s title (Dutch).' })
  @Property({ type: 'text' })
  title!: string;

  @Field(() => String, { description: 'The product’s title in URLs.' })
  @Property({ type: 'text' })
  slug!: string;

  @Field(() => String, { description: 'The description as the provider wrote it (Markdown). Show `descriptionHtml`.' })
  @Property({ type: 'text' })
  description: string & Opt = '';

  @Field(() => Int, { description: 'Price in euro cents.' })
  @Property({ type: 'integer' })
  priceCents!: number;

  @Field(() => ProductAvailability, { description: 'Whether it can be ordered now.' })
  @Property({ type: 'text' })
  availability: ProductAvailability & Opt = ProductAvailability.AVAILABLE;

  @Field(() => RedemptionMethod, {
    description: 'How the resident gets it: picked up, delivered or as a voucher code.',
  })
  @Property({ type: 'text' })
  redemptionMethod: RedemptionMethod & Opt = RedemptionMethod.PICKUP;

  @Field(() => ProductStatus, {
    description:
      'The provider’s lifecycle and, once submitted, a summary of the municipalities’ decisions (see `approvals`): APPROVED when ' +
      'approved in at least one municipality, SUBMITTED while none approved and at least one is still to decide (or none can decide ' +
      'yet), REJECTED when every municipality that can decide rejected it.',
  })
  @Property({ type: 'text' })
  status: ProductStatus & Opt = ProductStatus.DRAFT;

  @Field(() => Date, { nullable: true, description: 'When it was last submitted for review.' })
  @Property({ type: 'timestamptz', nullable: true })
  submittedAt?: Date | null;

  @Field(() => Date, { description: 'When the product was created.' })
  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();

  @Field(() => Date, { description: 'When it was last changed.' })
  @Property({ type: 'timestamptz', onUpdate: () => applicationNow() })
  updatedAt: Date & Opt = applicationNow();
}
