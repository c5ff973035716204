import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { randomUUID } from 'node:crypto';
import { applicationNow } from '../../kernel/clock.js';

@ObjectType({ description: 'A product category; one may be the featured category.' })
@Entity({ tableName: 'category' })
export class Category {
  @Field(() => ID, { description: 'The category’s id.' })
  @PrimaryKey({ type: 'uuid' })
  id: string & Opt = randomUUID();

  @Field(() => String, { description: 'The category’s name (Dutch).' })
  @Property({ type: 'text' })
  name!: string;

  @Field(() => String, { description: 'The category’s name in URLs.' })
  @Property({ type: 'text', unique: true })
  slug!: string;

  @Field(() => String, { description: 'What belongs in the category (Dutch).' })
  @Property({ type: 'text' })
  description: string & Opt = '';

  @Field(() => Int, { description: 'Display order: lower first.' })
  @Property({ type: 'integer' })
  sortOrder: number & Opt = 0;

  @Field(() => Boolean, { description: 'Whether this is the featured category of the home page.' })
  @Property({ type: 'boolean' })
  featured: boolean & Opt = false;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();

  @Property({ type: 'timestamptz', onUpdate: () => applicationNow() })
  updatedAt: Date & Opt = applicationNow();
}
