import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/pagination.js';
import { Payload } from '../../graphql/payload.js';
import { Link, LinkPlacement } from './link.entity.js';
import { NewsArticle, NewsStatus } from './news-article.entity.js';

/** The GraphQL types of news and links besides the entities: inputs, filter, connection, payloads, the sitemap. */

@InputType({ description: 'A news article as editors write it. Rules: src/rules/news.ts (shared with the client).' })
export class NewsArticleInput {
  @Field(() => String, { description: '3 to 120 characters.' })
  title!: string;

  @Field(() => String, {
    defaultValue: '',
    description: 'Lower-case letters, digits and hyphens; empty: made from the title. Must not be taken.',
  })
  slug!: string;

  @Field(() => String, { description: 'At most 300 characters: the list, the home page and the feed show it.' })
  summary!: string;

  @Field(() => String, { description: 'Markdown, at most 20,000 characters; rendered with the product sanitiser.' })
  body!: string;

  @Field(() => String, { defaultValue: '', description: 'The image’s text alternative (at most 200 characters).' })
  imageAlt!: string;

  @Field(() => NewsStatus, {
    description: 'Whether it is saved as a draft, published or archived.',
    defaultValue: NewsStatus.DRAFT,
  })
  status!: NewsStatus;

  @Field(() => Date, {
    nullable: true,
    description:
      'When a published article appears: in the future schedules it; a new moment in the past is refused. Empty: now.',
  })
  publishAt?: Date | null;

  @Field(() => ID, { nullable: true, description: 'The municipality it is for; null: the whole platform.' })
  municipalityId?: string | null;
}

@InputType({ description: 'Filters for the editors’ list of news articles.' })
export class NewsFilter {
  @Field(() => String, { nullable: true, description: 'Part of the title.' })
  search?: string | null;

  @Field(() => NewsStatus, { description: 'Only articles in this status.', nullable: true })
  status?: NewsStatus | null;
}

@ObjectType({
  description: 'A page of news articles (keyset paging: pass `pageInfo.endCursor` as `after` for the next page).',
})
export class NewsArticleConnection extends Connection(NewsArticle, 'NewsArticle') {}

@ObjectType({ description: 'The result of a news article mutation.' })
export class NewsArticlePayload extends Payload(NewsArticle, 'article') {}

@ObjectType({ description: 'The result of deleting a news article.' })
export class DeleteNewsArticlePayload extends Payload<string, 'deletedId'>(ID, 'deletedId') {}

@InputType({ description: 'A managed link. Rules: src/rules/news.ts (shared with the client).' })
export class LinkInput {
  @Field(() => String, { description: 'The text of the link, 2 to 60 characters.' })
  label!: string;

  @Field(() => String, { description: 'https://… (or http://…), or a path on this site starting with /.' })
  url!: string;

  @Field(() => LinkPlacement, {
    description: 'Where on the site the link is shown.',
    defaultValue: LinkPlacement.FOOTER,
  })
  placement!: LinkPlacement;
}

@ObjectType({ description: 'The result of a link mutation.' })
export class LinkPayload extends Payload(Link, 'link') {}

@ObjectType({ description: 'The result of deleting a link.' })
export class DeleteLinkPayload extends Payload<string, 'deletedId'>(ID, 'deletedId') {}

@ObjectType({ description: 'One entry of the sitemap.' })
export class SitemapEntry {
  @Field(() => String, { description: 'The page’s title.' })
  title!: string;

  @Field(() => String, { description: 'The path on this site, e.g. /nieuws/slug/id.' })
  path!: string;

  @Field(() => Date, { description: 'When the page last changed; null when unknown.', nullable: true })
  updatedAt!: Date | null;
}

@ObjectType({ description: 'Every public page, grouped: what /sitemap and /sitemap.xml list.' })
export class Sitemap {
  @Field(() => [SitemapEntry], { description: 'The fixed public pages and the content pages.' })
  pages!: SitemapEntry[];

  @Field(() => [SitemapEntry], { description: 'The visible news articles, newest first.' })
  news!: SitemapEntry[];

  @Field(() => [SitemapEntry], { description: 'The products in the offer.' })
  products!: SitemapEntry[];

  @Field(() => [SitemapEntry], { description: 'The providers with an approved membership.' })
  providers!: SitemapEntry[];
}
