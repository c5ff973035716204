import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt, Ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { randomUUID } from 'node:crypto';
import { Provider } from '../providers/provider.entity.js';
import { Category } from './category.entity.js';

export enum ProductStatus {
  DRAFT = 'DRAFT',
  SUBMITTED = 'SUBMITTED',
  APPROVED = 'APPROVED',
  REJECTED = 'REJECTED',
  ARCHIVED = 'ARCHIVED',
}
registerEnumType(ProductStatus, { name: 'ProductStatus' });

/** Something a provider offers. Relations are resolved by batched field resolvers, not exposed directly. */
@ObjectType({ description: 'A product offered by a provider.' })
@Entity({ tableName: 'product' })
export class Product {
  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string & Opt = randomUUID();

  @ManyToOne(() => Provider, { ref: true, deleteRule: 'cascade' })
  provider!: Ref<Provider>;

  @ManyToOne(() => Category, { ref: true })
  category!: Ref<Category>;

  @Field(() => String)
  @Property({ type: 'text' })
  title!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  slug!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  description: string & Opt = '';

  @Field(() => Int, { description: 'Price in euro cents.' })
  @Property({ type: 'integer' })
  priceCents!: number;

  @Field(() => ProductStatus)
  @Property({ type: 'text' })
  status: ProductStatus & Opt = ProductStatus.DRAFT;

  @Field(() => String, { nullable: true, description: 'Why staff rejected it; shown to the provider.' })
  @Property({ type: 'text', nullable: true })
  rejectionReason?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  submittedAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  reviewedAt?: Date | null;

  @Field(() => Date)
  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = new Date();

  @Field(() => Date)
  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
