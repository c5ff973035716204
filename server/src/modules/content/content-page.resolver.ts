import {
  Arg,
  Args,
  ArgsType,
  Ctx,
  Field,
  FieldResolver,
  ID,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Permission } from '../../kernel/permissions.js';
import { Payload } from '../../graphql/payload.js';
import { renderPageMarkdown } from '../../platform/markdown.js';
import { ContentPage, ContentPageInput, ContentPageKind, ContentPageVersion } from './content-page.entity.js';

@ObjectType({ description: 'The result of a content page mutation: the page as its editors see it.' })
export class ContentPagePayload extends Payload(ContentPage, 'page') {}

/** Which content page: `page`, and for the providers' terms of one municipality its `municipalityId`. */
@ArgsType()
class ContentPageArgs {
  @Field(() => ContentPageKind, { description: 'Which content page.' })
  page!: ContentPageKind;

  @Field(() => ID, {
    description: 'The municipality, for the providers’ terms of one municipality; null for the platform-wide pages.',
    nullable: true,
  })
  municipalityId?: string | null;
}

/**
 * Content pages: the public page, the editors' view (draft, published, versions), preview, save, publish and
 * restore. Editing needs CONTENT_EDIT (news, pages and links; the terms and the accessibility statement are pages).
 */
@Resolver(() => ContentPageVersion)
export class ContentPageResolver {
  @Query(() => ContentPageVersion, {
    nullable: true,
    description:
      'The published version of a content page; for the providers’ terms of a municipality its own, or else the platform’s.',
  })
  contentPage(
    @Args(() => ContentPageArgs) which: ContentPageArgs,
    @Ctx() ctx: Context,
  ): Promise<ContentPageVersion | null> {
    return ctx.services.contentPages.published(ctx, which.page, which.municipalityId ?? null);
  }

  @Query(() => ContentPage, { nullable: true, description: 'A content page for its editors.' })
  @Requires(Permission.CONTENT_EDIT)
  adminContentPage(
    @Args(() => ContentPageArgs) which: ContentPageArgs,
    @Ctx() ctx: Context,
  ): Promise<ContentPage | null> {
    return ctx.services.contentPages.forEditor(ctx, which.page, which.municipalityId ?? null);
  }

  @Query(() => String, {
    description: 'A content page text rendered as the public page will show it (the editor’s preview).',
  })
  @Requires(Permission.CONTENT_EDIT)
  previewContentPage(
    @Arg('source', () => String, { description: 'The page text (Markdown) to render.' }) source: string,
  ): string {
    return renderPageMarkdown(source);
  }

  @FieldResolver(() => String, { description: 'The text as safe HTML.' })
  bodyHtml(@Root() version: ContentPageVersion): string {
    return renderPageMarkdown(version.body);
  }

  @Mutation(() => ContentPagePayload, { description: 'Saves a new draft version of a content page.' })
  @Requires(Permission.CONTENT_EDIT)
  async saveContentPage(
    @Args(() => ContentPageArgs) which: ContentPageArgs,
    @Arg('input', () => ContentPageInput, { description: 'The page’s new text.' }) input: ContentPageInput,
    @Ctx() ctx: Context,
  ): Promise<ContentPagePayload> {
    return ContentPagePayload.from(
      await ctx.services.contentPages.saveDraft(ctx, which.page, which.municipalityId ?? null, input),
    );
  }

  @Mutation(() => ContentPagePayload, {
    description:
      'Publishes the newest draft. New providers’ terms become the current terms version, which providers accept again.',
  })
  @Requires(Permission.CONTENT_EDIT)
  async publishContentPage(
    @Arg('versionId', () => ID, { description: 'The id of the draft version to publish (the newest draft).' })
    versionId: string,
    @Ctx() ctx: Context,
  ): Promise<ContentPagePayload> {
    return ContentPagePayload.from(await ctx.services.contentPages.publish(ctx, versionId));
  }

  @Mutation(() => ContentPagePayload, { description: 'Copies an old version into a new draft.' })
  @Requires(Permission.CONTENT_EDIT)
  async restoreContentPageVersion(
    @Arg('versionId', () => ID, { description: 'The id of the old version to copy.' }) versionId: string,
    @Ctx() ctx: Context,
  ): Promise<ContentPagePayload> {
    return ContentPagePayload.from(await ctx.services.contentPages.restore(ctx, versionId));
  }
}
