import { Arg, Args, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Audience } from '../../kernel/permissions.js';
import {
  MarkAllMessagesReadPayload,
  MessageConnection,
  MessageFilter,
  MessagePayload,
  MessageView,
} from './message.types.js';
import { ListArgs } from '../../graphql/pagination.js';

@Resolver(() => MessageView)
export class MessageResolver {
  @Query(() => MessageConnection, {
    description: 'The logged-in customer’s personal inbox (their household’s messages), newest first.',
  })
  @Requires(Audience.CUSTOMER)
  myMessages(
    @Ctx() ctx: Context,
    @Args(() => ListArgs) page: ListArgs,
    @Arg('filter', () => MessageFilter, { description: 'Filters; all optional, combined with "and".', nullable: true })
    filter?: MessageFilter | null,
  ): Promise<MessageConnection> {
    return ctx.services.messages.mine(ctx, filter, page);
  }

  @Query(() => Int, { description: 'How many messages in the customer’s inbox have not been opened yet.' })
  @Requires(Audience.CUSTOMER)
  myUnreadMessageCount(@Ctx() ctx: Context): Promise<number> {
    return ctx.services.messages.unreadCount(ctx);
  }

  @Mutation(() => MessagePayload, { description: 'Marks one of the customer’s own messages as read.' })
  @Requires(Audience.CUSTOMER)
  async markMessageRead(
    @Arg('id', () => ID, { description: 'The id of the own message.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<MessagePayload> {
    return Object.assign(new MessagePayload(), await ctx.services.messages.markRead(ctx, id));
  }

  @Mutation(() => MarkAllMessagesReadPayload, { description: 'Marks every message in the customer’s inbox as read.' })
  @Requires(Audience.CUSTOMER)
  async markAllMessagesRead(@Ctx() ctx: Context): Promise<MarkAllMessagesReadPayload> {
    return Object.assign(new MarkAllMessagesReadPayload(), await ctx.services.messages.markAllRead(ctx));
  }
}
