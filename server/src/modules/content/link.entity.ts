import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { randomUUID } from 'node:crypto';
import { applicationNow } from '../../lib/clock.js';

export enum LinkPlacement {
  FOOTER = 'FOOTER',
  USEFUL = 'USEFUL',
}
registerEnumType(LinkPlacement, { name: 'LinkPlacement', description: 'Where a managed link is shown.' });

@ObjectType({ description: 'A managed link shown in the footer or the useful-links block.' })
@Entity({ tableName: 'link' })
export class Link {
  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string & Opt = randomUUID();

  @Field(() => String)
  @Property({ type: 'text' })
  label!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  url!: string;

  @Field(() => LinkPlacement)
  @Property({ type: 'text' })
  placement!: LinkPlacement;

  @Property({ type: 'integer' })
  sortOrder: number & Opt = 0;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();

  @Property({ type: 'timestamptz', onUpdate: () => applicationNow() })
  updatedAt: Date & Opt = applicationNow();
}
