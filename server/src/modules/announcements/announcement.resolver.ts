import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Permission } from '../../kernel/permissions.js';
import { renderMarkdown } from '../../platform/markdown.js';
import {
  AnnouncementInput,
  AnnouncementPayload,
  AnnouncementView,
  DeleteAnnouncementPayload,
} from './announcement.types.js';
import type { AnnouncementRecord } from './announcement.service.js';

const view = (r: AnnouncementRecord) => Object.assign(new AnnouncementView(), r) as AnnouncementView;

@Resolver(() => AnnouncementView)
export class AnnouncementResolver {
  @Query(() => [AnnouncementView], { description: 'The announcements active now (public), outages first.' })
  async activeAnnouncements(@Ctx() ctx: Context): Promise<AnnouncementView[]> {
    return (await ctx.services.announcements.active(ctx)).map(view);
  }

  @Query(() => AnnouncementView, { nullable: true, description: 'One active announcement (public).' })
  async activeAnnouncement(
    @Arg('id', () => ID, { description: 'The id of the announcement.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<AnnouncementView | null> {
    const found = await ctx.services.announcements.activeOne(ctx, id);
    return found && view(found);
  }

  @Query(() => [AnnouncementView], { description: 'Every announcement the viewer may manage.' })
  @Requires(Permission.MESSAGE_SEND)
  async announcements(@Ctx() ctx: Context): Promise<AnnouncementView[]> {
    return (await ctx.services.announcements.list(ctx)).map(view);
  }

  @Query(() => AnnouncementView, {
    description: 'One announcement for its editors, in any state; null when unknown or out of your scope.',
    nullable: true,
  })
  @Requires(Permission.MESSAGE_SEND)
  async announcement(
    @Arg('id', () => ID, { description: 'The id of the announcement.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<AnnouncementView | null> {
    const found = await ctx.services.announcements.get(ctx, id);
    return found && view(found);
  }

  @Mutation(() => AnnouncementPayload, { description: 'Creates (no id) or changes an announcement.' })
  @Requires(Permission.MESSAGE_SEND)
  async saveAnnouncement(
    @Arg('input', () => AnnouncementInput, { description: 'The announcement’s text, severity and period.' })
    input: AnnouncementInput,
    @Ctx() ctx: Context,
    @Arg('id', () => ID, {
      description: 'The id of the announcement to change; null to create a new one.',
      nullable: true,
    })
    id?: string | null,
  ): Promise<AnnouncementPayload> {
    const result = await ctx.services.announcements.save(ctx, id ?? null, input);
    return AnnouncementPayload.from(result.ok ? { ok: true, value: view(result.value) } : result);
  }

  @Mutation(() => DeleteAnnouncementPayload, {
    description: 'Deletes an announcement for good; it disappears from the site at once.',
  })
  @Requires(Permission.MESSAGE_SEND)
  async deleteAnnouncement(
    @Arg('id', () => ID, { description: 'The id of the announcement to delete.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<DeleteAnnouncementPayload> {
    return DeleteAnnouncementPayload.from(await ctx.services.announcements.delete(ctx, id));
  }

  @FieldResolver(() => String, { description: 'The text as safe HTML (no raw HTML, no script or javascript: links).' })
  bodyHtml(@Root() announcement: AnnouncementView): string {
    return renderMarkdown(announcement.body);
  }
}
