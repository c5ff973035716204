import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { randomUUID } from 'node:crypto';
import { applicationNow } from '../../kernel/clock.js';

/** An organisation that offers products (aanbieder). Contact and bank details are not public fields. */
@ObjectType({ description: 'A provider (aanbieder): an organisation that offers products.' })
@Entity({ tableName: 'provider' })
export class Provider {
  @Field(() => ID, { description: 'The provider’s id.' })
  @PrimaryKey({ type: 'uuid' })
  id: string & Opt = randomUUID();

  @Field(() => String, { description: 'The provider’s name.' })
  @Property({ type: 'text' })
  name!: string;

  @Field(() => String, { description: 'The provider’s name in URLs.' })
  @Property({ type: 'text' })
  slug!: string;

  @Property({ type: 'text' })
  kvkNumber!: string;

  @Property({ type: 'text' })
  iban!: string;

  @Property({ type: 'text' })
  street: string & Opt = '';

  @Property({ type: 'text' })
  postcode: string & Opt = '';

  @Field(() => String, { description: 'The provider’s city.' })
  @Property({ type: 'text' })
  city: string & Opt = '';

  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'text' })
  phone: string & Opt = '';

  @Field(() => String, { description: 'The provider’s website; empty when none.' })
  @Property({ type: 'text' })
  website: string & Opt = '';

  @Field(() => String, { description: 'What the provider offers (Markdown, Dutch).' })
  @Property({ type: 'text' })
  description: string & Opt = '';

  /** The logo in FileStorage (re-encoded WebP, made by the server); null: none. Public as `logoUrl`. */
  @Property({ type: 'text', nullable: true })
  logoKey?: string | null;

  @Property({ type: 'integer', nullable: true })
  logoWidth?: number | null;

  @Property({ type: 'integer', nullable: true })
  logoHeight?: number | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();

  @Property({ type: 'timestamptz', onUpdate: () => applicationNow() })
  updatedAt: Date & Opt = applicationNow();
}
