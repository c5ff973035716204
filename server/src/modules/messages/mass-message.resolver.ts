import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { ListArgs } from '../../graphql/pagination.js';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Permission } from '../../kernel/permissions.js';
import {
  ComposeMassMessageInput,
  MassMessageConnection,
  MassMessageFilterInput,
  MassMessagePayload,
  MassMessageTestPayload,
  MassMessageView,
  MessageArrangementChoice,
  MessageAudienceInput,
  MessageAudiencePreviewPayload,
  SendMassMessageInput,
} from './mass-message.types.js';
import type { MassMessageRecord } from './mass-message.service.js';

const view = (r: MassMessageRecord) => Object.assign(new MassMessageView(), r) as MassMessageView;

@Resolver(() => MassMessageView)
export class MassMessageResolver {
  @Query(() => MassMessageConnection, {
    description: 'Messages sent to audiences in the viewer’s municipalities, newest first, with read counts.',
  })
  @Requires(Permission.MESSAGE_SEND)
  async massMessages(
    @Ctx() ctx: Context,
    @Args(() => ListArgs) page: ListArgs,
    @Arg('filter', () => MassMessageFilterInput, {
      description: 'Filters; all optional, combined with "and".',
      nullable: true,
    })
    filter?: MassMessageFilterInput | null,
  ): Promise<MassMessageConnection> {
    const c = await ctx.services.massMessages.list(ctx, filter ?? {}, page);
    return { ...c, edges: c.edges.map((e) => ({ ...e, node: view(e.node) })) } as MassMessageConnection;
  }

  @Query(() => MassMessageView, { nullable: true, description: 'One sent message, with its progress.' })
  @Requires(Permission.MESSAGE_SEND)
  async massMessage(
    @Arg('id', () => ID, { description: 'The id of the message.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<MassMessageView | null> {
    const found = await ctx.services.massMessages.get(ctx, id);
    return found && view(found);
  }

  @Query(() => [MessageArrangementChoice], {
    description: 'The arrangements of a municipality in the viewer’s scope, to send a message to their holders.',
  })
  @Requires(Permission.MESSAGE_SEND)
  async messageArrangementChoices(
    @Arg('municipalityId', () => ID, { description: 'The id of the municipality.' }) municipalityId: string,
    @Ctx() ctx: Context,
  ): Promise<MessageArrangementChoice[]> {
    return (await ctx.services.massMessages.arrangementChoices(ctx, municipalityId)).map((a) =>
      Object.assign(new MessageArrangementChoice(), a),
    );
  }

  @Mutation(() => MessageAudiencePreviewPayload, {
    description: 'How many people a message to this audience would reach (nothing is sent).',
  })
  @Requires(Permission.MESSAGE_SEND)
  async previewMessageAudience(
    @Arg('audience', () => MessageAudienceInput, { description: 'The audience to count.' })
    audience: MessageAudienceInput,
    @Ctx() ctx: Context,
  ): Promise<MessageAudiencePreviewPayload> {
    return MessageAudiencePreviewPayload.from(await ctx.services.massMessages.preview(ctx, audience));
  }

  @Mutation(() => MassMessageTestPayload, { description: 'Sends the e-mail as recipients would get it to oneself.' })
  @Requires(Permission.MESSAGE_SEND)
  async sendMassMessageTest(
    @Arg('input', () => ComposeMassMessageInput, { description: 'The message as composed.' })
    input: ComposeMassMessageInput,
    @Ctx() ctx: Context,
  ): Promise<MassMessageTestPayload> {
    return MassMessageTestPayload.from(await ctx.services.massMessages.sendTest(ctx, input));
  }

  @Mutation(() => MassMessagePayload, {
    description:
      'Sends a message to an audience: counted under the municipality’s daily limit and delivered by a background job.',
  })
  @Requires(Permission.MESSAGE_SEND)
  async sendMassMessage(
    @Arg('input', () => SendMassMessageInput, { description: 'The message and its audience.' })
    input: SendMassMessageInput,
    @Ctx() ctx: Context,
  ): Promise<MassMessagePayload> {
    const result = await ctx.services.massMessages.send(ctx, input);
    return MassMessagePayload.from(result.ok ? { ok: true, value: view(result.value) } : result);
  }
}
