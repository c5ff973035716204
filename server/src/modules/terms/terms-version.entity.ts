import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt, Ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { randomUUID } from 'node:crypto';
import { Municipality } from '../municipalities/index.js';
import { applicationNow } from '../../kernel/clock.js';

/**
 * A version of the terms for providers. Platform-wide when `municipality` is null (the version 1 text comes with the
 * onboarding migration); a municipality may publish its own conditions, which then apply when applying to it.
 */
@ObjectType({ description: 'A version of the terms (voorwaarden) a provider accepts.' })
@Entity({ tableName: 'terms_version' })
export class TermsVersion {
  @Field(() => ID, { description: 'The version’s id.' })
  @PrimaryKey({ type: 'uuid' })
  id: string & Opt = randomUUID();

  @ManyToOne(() => Municipality, { ref: true, nullable: true, deleteRule: 'cascade' })
  municipality?: Ref<Municipality> | null;

  @Field(() => Int, { description: 'The version number, counting from 1.' })
  @Property({ type: 'integer' })
  version!: number;

  @Field(() => String, { description: 'The title.' })
  @Property({ type: 'text' })
  title!: string;

  @Field(() => String, { description: 'Plain text; paragraphs are separated by blank lines.' })
  @Property({ type: 'text' })
  body!: string;

  @Field(() => Date, { description: 'When it was published.' })
  @Property({ type: 'timestamptz' })
  publishedAt: Date & Opt = applicationNow();

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();
}
