import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { randomUUID } from 'node:crypto';
import { applicationNow } from '../../lib/clock.js';

/**
 * An e-mail template (sjabloon): plain text with {{variable}} placeholders. The defaults are inserted by the
 * migration; staff with TEMPLATE_EDIT may change subject and body. Which variables a key may use is listed in
 * templates.ts.
 */
@ObjectType({ description: 'An e-mail template: plain text with {{variable}} placeholders.' })
@Entity({ tableName: 'communication_template' })
export class CommunicationTemplate {
  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string & Opt = randomUUID();

  @Field(() => String, { description: 'Stable key the application sends it by, e.g. PASSWORD_RESET.' })
  @Property({ type: 'text', unique: true })
  key!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  name!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  subject!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  body!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();

  @Field(() => Date)
  @Property({ type: 'timestamptz', onUpdate: () => applicationNow() })
  updatedAt: Date & Opt = applicationNow();
}
