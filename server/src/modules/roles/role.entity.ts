import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { randomUUID } from 'node:crypto';
import { Permission } from '../../kernel/permissions.js';
import { applicationNow } from '../../kernel/clock.js';

/** A named set of permissions; the five built-in roles are seeded and stay editable. */
@ObjectType({ description: 'A staff role: a named set of permissions.' })
@Entity({ tableName: 'role' })
export class Role {
  @Field(() => ID, { description: 'The role’s id.' })
  @PrimaryKey({ type: 'uuid' })
  id: string & Opt = randomUUID();

  /** Stable key of a built-in role (BEHEERDER, …); null for roles made by staff. */
  @Property({ type: 'text', nullable: true, unique: true })
  key?: string | null;

  @Field(() => String, { description: 'The role’s name (Dutch).' })
  @Property({ type: 'text', unique: true })
  name!: string;

  @Field(() => String, { description: 'What the role is for (Dutch).' })
  @Property({ type: 'text' })
  description: string & Opt = '';

  @Field(() => [Permission], { description: 'The permissions the role grants.' })
  @Property({ type: 'text[]' })
  permissions: Permission[] & Opt = [];

  @Field(() => Boolean, { description: 'Whether it is one of the five built-in roles (cannot be deleted or renamed).' })
  @Property({ type: 'boolean' })
  builtIn: boolean & Opt = false;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();

  @Property({ type: 'timestamptz', onUpdate: () => applicationNow() })
  updatedAt: Date & Opt = applicationNow();
}
