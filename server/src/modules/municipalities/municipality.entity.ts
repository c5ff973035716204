import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { randomUUID } from 'node:crypto';
import { applicationNow } from '../../kernel/clock.js';

/** A tenant: owns arrangements, client groups and persons; providers join it. */
@ObjectType({ description: 'A municipality (gemeente) on this platform.' })
@Entity({ tableName: 'municipality' })
export class Municipality {
  @Field(() => ID, { description: 'The municipality’s id.' })
  @PrimaryKey({ type: 'uuid' })
  id: string & Opt = randomUUID();

  @Field(() => String, { description: 'The municipality’s name, e.g. "Gemeente Zuiderveen".' })
  @Property({ type: 'text' })
  name!: string;

  @Field(() => String, { description: 'The municipality’s name in URLs.' })
  @Property({ type: 'text', unique: true })
  slug!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();

  @Property({ type: 'timestamptz', onUpdate: () => applicationNow() })
  updatedAt: Date & Opt = applicationNow();
}
