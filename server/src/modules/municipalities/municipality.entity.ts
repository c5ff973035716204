import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { randomUUID } from 'node:crypto';

/** A tenant: owns arrangements, client groups and persons; providers join it. */
@ObjectType({ description: 'A municipality (gemeente) on this platform.' })
@Entity({ tableName: 'municipality' })
export class Municipality {
  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string & Opt = randomUUID();

  @Field(() => String)
  @Property({ type: 'text' })
  name!: string;

  @Field(() => String)
  @Property({ type: 'text', unique: true })
  slug!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
