import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { randomUUID } from 'node:crypto';
import { applicationNow } from '../../kernel/clock.js';

export enum LinkPlacement {
  FOOTER = 'FOOTER',
  USEFUL = 'USEFUL',
}
registerEnumType(LinkPlacement, {
  valuesConfig: {
    FOOTER: {
      description: 'In the footer of every page, under "Over deze website" (replacing a fixed page it links to).',
    },
    USEFUL: { description: 'In the footer of every page, under "Handige links".' },
  },
  name: 'LinkPlacement',
  description: 'Where a managed link is shown.',
});

@ObjectType({ description: 'A managed link shown in the footer or the useful-links block.' })
@Entity({ tableName: 'link' })
export class Link {
  @Field(() => ID, { description: 'The link’s id.' })
  @PrimaryKey({ type: 'uuid' })
  id: string & Opt = randomUUID();

  @Field(() => String, { description: 'The text of the link (Dutch).' })
  @Property({ type: 'text' })
  label!: string;

  @Field(() => String, { description: 'Where the link goes: an absolute https URL or a path on this site.' })
  @Property({ type: 'text' })
  url!: string;

  @Field(() => LinkPlacement, { description: 'Where on the site the link is shown.' })
  @Property({ type: 'text' })
  placement!: LinkPlacement;

  @Property({ type: 'integer' })
  sortOrder: number & Opt = 0;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();

  @Property({ type: 'timestamptz', onUpdate: () => applicationNow() })
  updatedAt: Date & Opt = applicationNow();
}
