import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { randomUUID } from 'node:crypto';
import { Permission } from '../../graphql/auth/permissions.js';
import { applicationNow } from '../../lib/clock.js';

/** A named set of permissions; the five built-in roles are seeded and stay editable. */
@ObjectType({ description: 'A staff role: a named set of permissions.' })
@Entity({ tableName: 'role' })
export class Role {
  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string & Opt = randomUUID();

  /** Stable key of a built-in role (BEHEERDER, …); null for roles made by staff. */
  @Property({ type: 'text', nullable: true, unique: true })
  key?: string | null;

  @Field(() => String)
  @Property({ type: 'text', unique: true })
  name!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  description: string & Opt = '';

  @Field(() => [Permission])
  @Property({ type: 'text[]' })
  permissions: Permission[] & Opt = [];

  @Field(() => Boolean)
  @Property({ type: 'boolean' })
  builtIn: boolean & Opt = false;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();

  @Property({ type: 'timestamptz', onUpdate: () => applicationNow() })
  updatedAt: Date & Opt = applicationNow();
}
