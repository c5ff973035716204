import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { randomUUID } from 'node:crypto';
import { applicationNow } from '../../kernel/clock.js';

export enum NewsStatus {
  DRAFT = 'DRAFT',
  PUBLISHED = 'PUBLISHED',
  ARCHIVED = 'ARCHIVED',
}
registerEnumType(NewsStatus, {
  valuesConfig: {
    ARCHIVED: { description: 'No longer shown; kept.' },
    DRAFT: { description: 'Not shown yet.' },
    PUBLISHED: { description: 'Shown on the site.' },
  },
  name: 'NewsStatus',
  description:
    'Draft (only editors see it), published (visible from its publish moment on) or archived (gone from the site).',
});

@ObjectType({
  description: 'A news article (nieuws). Visitors see it while published and its publish moment has come.',
})
@Entity({ tableName: 'news_article' })
export class NewsArticle {
  @Field(() => ID, { description: 'The id in the URL (/nieuws/{slug}/{id}); the slug may change, the id does not.' })
  @PrimaryKey({ type: 'uuid' })
  id: string & Opt = randomUUID();

  @Field(() => String, { description: 'The title (Dutch).' })
  @Property({ type: 'text' })
  title!: string;

  @Field(() => String, { description: 'The canonical slug; an older one in a URL redirects here.' })
  @Property({ type: 'text', unique: true })
  slug!: string;

  @Field(() => String, { description: 'A short summary for lists (Dutch).' })
  @Property({ type: 'text' })
  summary!: string;

  @Field(() => String, { description: 'The Markdown source (editors); visitors read `bodyHtml`.' })
  @Property({ type: 'text' })
  body!: string;

  @Property({ type: 'text', nullable: true })
  imageKey?: string | null = null;

  @Property({ type: 'integer', nullable: true })
  imageWidth?: number | null = null;

  @Property({ type: 'integer', nullable: true })
  imageHeight?: number | null = null;

  @Field(() => String, { description: 'The image’s text alternative; empty when decorative or no image.' })
  @Property({ type: 'text' })
  imageAlt: string & Opt = '';

  @Field(() => NewsStatus, { description: 'Whether it is a draft, published or archived.' })
  @Property({ type: 'text' })
  status: NewsStatus & Opt = NewsStatus.DRAFT;

  @Field(() => Date, {
    nullable: true,
    description: 'When it appears (in the future: scheduled). Null for a draft never published.',
  })
  @Property({ type: 'timestamptz', nullable: true })
  publishAt?: Date | null = null;

  @Field(() => ID, { nullable: true, description: 'The municipality it is for; null: the whole platform.' })
  @Property({ type: 'uuid', nullable: true })
  municipalityId?: string | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();

  @Field(() => Date, { description: 'When it was last changed.' })
  @Property({ type: 'timestamptz', onUpdate: () => applicationNow() })
  updatedAt: Date & Opt = applicationNow();
}
