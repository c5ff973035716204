import { Arg, Args, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Audience, Permission } from '../../kernel/permissions.js';
import { reachesAll } from '../../kernel/scope.js';
import { ListArgs } from '../../graphql/pagination.js';
import { renderMarkdown } from '../../platform/markdown.js';
import { Link, LinkPlacement } from './link.entity.js';
import { Municipality } from '../municipalities/index.js';
import { NewsArticle } from './news-article.entity.js';
import { isVisible, newsImagePath, newsPath } from './news.service.js';
import {
  DeleteLinkPayload,
  DeleteNewsArticlePayload,
  LinkInput,
  LinkPayload,
  NewsArticleConnection,
  NewsArticleInput,
  NewsArticlePayload,
  NewsFilter,
  Sitemap,
} from './news.types.js';

/** Managed links, the municipalities, the sitemap. */
@Resolver()
export class ContentResolver {
  @Query(() => [Link], { description: 'Managed links, in display order; optionally only one placement.' })
  links(
    @Ctx() ctx: Context,
    @Arg('placement', () => LinkPlacement, {
      description: 'Only the links of this placement; null for all.',
      nullable: true,
    })
    placement?: LinkPlacement | null,
  ): Promise<Link[]> {
    return ctx.services.links.list(ctx, placement);
  }

  @Query(() => Link, { nullable: true, description: 'One managed link; null when unknown.' })
  @Requires(Permission.CONTENT_EDIT)
  link(
    @Ctx() ctx: Context,
    @Arg('id', () => ID, { description: 'The id of the link.' }) id: string,
  ): Promise<Link | null> {
    return ctx.services.links.one(ctx, id);
  }

  @Query(() => [Municipality], { description: 'The municipalities on this platform.' })
  municipalities(@Ctx() ctx: Context): Promise<Municipality[]> {
    return ctx.em.find(Municipality, {}, { orderBy: { name: 'asc' } });
  }

  @Query(() => Sitemap, { description: 'Every public page: the fixed pages, the visible news, the offer.' })
  sitemap(@Ctx() ctx: Context): Promise<Sitemap> {
    return ctx.services.sitemap.entries(ctx);
  }

  @Mutation(() => LinkPayload, {
    description: 'Creates a managed link (footer or useful links), placed last in its placement.',
  })
  @Requires(Permission.CONTENT_EDIT)
  async createLink(
    @Arg('input', () => LinkInput, { description: 'The new link.' }) input: LinkInput,
    @Ctx() ctx: Context,
  ): Promise<LinkPayload> {
    return LinkPayload.from(await ctx.services.links.create(ctx, input));
  }

  @Mutation(() => LinkPayload, { description: 'Changes a managed link’s label, URL or placement.' })
  @Requires(Permission.CONTENT_EDIT)
  async updateLink(
    @Arg('id', () => ID, { description: 'The id of the link to change.' }) id: string,
    @Arg('input', () => LinkInput, { description: 'The link’s new values.' }) input: LinkInput,
    @Ctx() ctx: Context,
  ): Promise<LinkPayload> {
    return LinkPayload.from(await ctx.services.links.update(ctx, id, input));
  }

  @Mutation(() => LinkPayload, { description: 'Moves a link one place up (-1) or down (1) within its placement.' })
  @Requires(Permission.CONTENT_EDIT)
  async moveLink(
    @Arg('id', () => ID, { description: 'The id of the link to move.' }) id: string,
    @Arg('direction', () => Int, { description: '-1 moves the link one place up, 1 one place down.' })
    direction: number,
    @Ctx() ctx: Context,
  ): Promise<LinkPayload> {
    return LinkPayload.from(await ctx.services.links.move(ctx, id, direction < 0 ? -1 : 1));
  }

  @Mutation(() => DeleteLinkPayload, { description: 'Deletes a managed link for good.' })
  @Requires(Permission.CONTENT_EDIT)
  async deleteLink(
    @Arg('id', () => ID, { description: 'The id of the link to delete.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<DeleteLinkPayload> {
    return DeleteLinkPayload.from(await ctx.services.links.delete(ctx, id));
  }
}

/** News: the public list, detail and home-page block; the editors' list and changes (CONTENT_EDIT). */
@Resolver(() => NewsArticle)
export class NewsResolver {
  @Query(() => NewsArticleConnection, { description: 'The visible news, newest first (a page at a time).' })
  news(@Ctx() ctx: Context, @Args(() => ListArgs) page: ListArgs): Promise<NewsArticleConnection> {
    return ctx.services.news.publicList(ctx, page);
  }

  @Query(() => [NewsArticle], { description: 'The newest visible articles (the home page shows three).' })
  latestNews(
    @Ctx() ctx: Context,
    @Arg('count', () => Int, { description: 'How many articles.', defaultValue: 3 }) count: number,
  ): Promise<NewsArticle[]> {
    return ctx.services.news.latest(ctx, count);
  }

  @Query(() => NewsArticle, {
    nullable: true,
    description: 'One visible article by its id (the URL’s slug may be outdated: compare it with `slug`).',
  })
  newsArticle(
    @Ctx() ctx: Context,
    @Arg('id', () => ID, { description: 'The id of the article.' }) id: string,
  ): Promise<NewsArticle | null> {
    return ctx.services.news.publicOne(ctx, id);
  }

  @Query(() => NewsArticleConnection, { description: 'News articles for editors (their scope), last changed first.' })
  @Requires(Permission.CONTENT_EDIT)
  adminNews(
    @Ctx() ctx: Context,
    @Args(() => ListArgs) page: ListArgs,
    @Arg('filter', () => NewsFilter, { description: 'Filters; all optional, combined with "and".', nullable: true })
    filter?: NewsFilter | null,
  ): Promise<NewsArticleConnection> {
    return ctx.services.news.adminList(ctx, filter, page);
  }

  @Query(() => NewsArticle, { nullable: true, description: 'One article for editors, in any status.' })
  @Requires(Permission.CONTENT_EDIT)
  adminNewsArticle(
    @Ctx() ctx: Context,
    @Arg('id', () => ID, { description: 'The id of the article.' }) id: string,
  ): Promise<NewsArticle | null> {
    return ctx.services.news.adminOne(ctx, id);
  }

  @Query(() => Boolean, {
    description: 'Whether this editor may write for the whole platform (no municipality scope); else only for theirs.',
  })
  @Requires(Permission.CONTENT_EDIT)
  newsPlatformWideAllowed(@Ctx() ctx: Context): boolean {
    return reachesAll(ctx.viewer);
  }

  @Query(() => String, {
    description:
      'A news article text (Markdown) rendered exactly as the article page renders `bodyHtml`: the news editor’s preview. ' +
      'The same permission as writing news.',
  })
  @Requires(Permission.CONTENT_EDIT)
  previewNewsArticle(
    @Arg('source', () => String, { description: 'The article text (Markdown) to render.' }) source: string,
  ): string {
    return renderMarkdown(source);
  }

  @FieldResolver(() => String, { description: 'The body rendered to safe HTML (no raw HTML, no script links).' })
  bodyHtml(@Root() article: NewsArticle): string {
    return renderMarkdown(article.body);
  }

  @FieldResolver(() => String, { description: 'The canonical path: /nieuws/{slug}/{id}.' })
  path(@Root() article: NewsArticle): string {
    return newsPath(article);
  }

  @FieldResolver(() => String, { nullable: true, description: 'The image (1200 × 675 WebP), if any.' })
  imageUrl(@Root() article: NewsArticle): string | null {
    return newsImagePath(article);
  }

  @FieldResolver(() => Boolean, { description: 'Published with a moment still to come (on the application’s clock).' })
  scheduled(@Root() article: NewsArticle, @Ctx() ctx: Context): boolean {
    return article.status === 'PUBLISHED' && !!article.publishAt && article.publishAt > ctx.clock.now();
  }

  @FieldResolver(() => Boolean, { description: 'Whether visitors see it now.' })
  visible(@Root() article: NewsArticle, @Ctx() ctx: Context): boolean {
    return isVisible({ ...ctx, viewer: { kind: Audience.ANONYMOUS } }, article);
  }

  @FieldResolver(() => String, { nullable: true, description: 'The municipality’s name; null: the whole platform.' })
  async municipalityName(@Root() article: NewsArticle, @Ctx() ctx: Context): Promise<string | null> {
    if (!article.municipalityId) return null;
    return (await ctx.em.findOne(Municipality, article.municipalityId))?.name ?? null;
  }

  @Mutation(() => NewsArticlePayload, {
    description: 'Creates a news article, as a draft or published at once, for the municipalities of your scope.',
  })
  @Requires(Permission.CONTENT_EDIT)
  async createNewsArticle(
    @Arg('input', () => NewsArticleInput, { description: 'The new article.' }) input: NewsArticleInput,
    @Ctx() ctx: Context,
  ): Promise<NewsArticlePayload> {
    return NewsArticlePayload.from(await ctx.services.news.create(ctx, input));
  }

  @Mutation(() => NewsArticlePayload, { description: 'Changes a news article (text, status, municipalities).' })
  @Requires(Permission.CONTENT_EDIT)
  async updateNewsArticle(
    @Arg('id', () => ID, { description: 'The id of the article to change.' }) id: string,
    @Arg('input', () => NewsArticleInput, { description: 'The article’s new values.' }) input: NewsArticleInput,
    @Ctx() ctx: Context,
  ): Promise<NewsArticlePayload> {
    return NewsArticlePayload.from(await ctx.services.news.update(ctx, id, input));
  }

  @Mutation(() => NewsArticlePayload, { description: 'Removes the article’s image.' })
  @Requires(Permission.CONTENT_EDIT)
  async removeNewsImage(
    @Arg('id', () => ID, { description: 'The id of the article.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<NewsArticlePayload> {
    return NewsArticlePayload.from(await ctx.services.news.removeImage(ctx, id));
  }

  @Mutation(() => DeleteNewsArticlePayload, { description: 'Deletes an article for good (archiving keeps it).' })
  @Requires(Permission.CONTENT_EDIT)
  async deleteNewsArticle(
    @Arg('id', () => ID, { description: 'The id of the article to delete.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<DeleteNewsArticlePayload> {
    return DeleteNewsArticlePayload.from(await ctx.services.news.delete(ctx, id));
  }
}
