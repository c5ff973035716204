import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt, Ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { randomUUID } from 'node:crypto';
import { Product } from './product.entity.js';
import { applicationNow } from '../../kernel/clock.js';

/**
 * An image of a product: re-encoded (metadata such as GPS positions stripped) and a thumbnail, both in FileStorage.
 * The URLs are derived from the storage keys; a key is never taken from user input.
 */
@ObjectType({ description: 'An image of a product, with a thumbnail.' })
@Entity({ tableName: 'product_image' })
export class ProductImage {
  @Field(() => ID, { description: 'The image’s id.' })
  @PrimaryKey({ type: 'uuid' })
  id: string & Opt = randomUUID();

  @ManyToOne(() => Product, { ref: true, deleteRule: 'cascade' })
  product!: Ref<Product>;

  @Property({ type: 'text' })
  storageKey!: string;

  @Property({ type: 'text' })
  thumbnailKey!: string;

  @Property({ type: 'text' })
  contentType!: string;

  @Property({ type: 'text' })
  originalContentType!: string;

  @Field(() => Int, { description: 'Size in bytes of the stored image.' })
  @Property({ type: 'integer' })
  byteSize!: number;

  @Field(() => Int, { description: 'The image’s width in pixels.' })
  @Property({ type: 'integer' })
  width!: number;

  @Field(() => Int, { description: 'The image’s height in pixels.' })
  @Property({ type: 'integer' })
  height!: number;

  @Field(() => String, { description: 'Text alternative; empty means decorative.' })
  @Property({ type: 'text' })
  alt: string & Opt = '';

  @Property({ type: 'integer' })
  sortOrder: number & Opt = 0;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();
}
