import { Arg, Args, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Permission } from '../../kernel/permissions.js';
import { Requires } from '../../graphql/auth/requires.js';
import { ListArgs } from '../../graphql/pagination.js';
import {
  CreateWebhookEndpointInput,
  DeleteWebhookEndpointPayload,
  UpdateWebhookEndpointInput,
  WebhookAttemptConnection,
  WebhookEndpoint,
  WebhookEndpointPayload,
  WebhookEventTypeInfo,
  WebhookQueuedPayload,
  WebhookReplayPayload,
  WebhookSecretPayload,
} from './webhook.types.js';
import type { Result } from '../../kernel/result.js';

function withSecret(r: Result<{ endpoint: WebhookEndpoint; secret: string }>): WebhookSecretPayload {
  return Object.assign(new WebhookSecretPayload(), {
    endpoint: r.ok ? r.value.endpoint : null,
    secret: r.ok ? r.value.secret : null,
    errors: r.ok ? [] : r.errors,
  });
}

/** beheer/api (API_CLIENT_MANAGE): an API client's webhook endpoints, their secrets and the delivery log. */
@Resolver()
export class WebhookResolver {
  @Query(() => [WebhookEventTypeInfo], {
    description: 'The webhook event types, with the permission each needs and an example body.',
  })
  @Requires(Permission.API_CLIENT_MANAGE)
  webhookEventTypes(@Ctx() ctx: Context): WebhookEventTypeInfo[] {
    return ctx.services.webhooks.eventTypes();
  }

  @Query(() => [WebhookEndpoint], {
    nullable: true,
    description: 'The webhook endpoints of an API client; null when the client is unknown or out of scope.',
  })
  @Requires(Permission.API_CLIENT_MANAGE)
  webhookEndpoints(
    @Arg('apiClientId', () => ID, { description: 'The API client.' }) apiClientId: string,
    @Ctx() ctx: Context,
  ): Promise<WebhookEndpoint[] | null> {
    return ctx.services.webhooks.list(ctx, apiClientId);
  }

  @Query(() => WebhookAttemptConnection, {
    nullable: true,
    description: 'The delivery log of an endpoint, newest first; null when unknown or out of scope.',
  })
  @Requires(Permission.API_CLIENT_MANAGE)
  webhookAttempts(
    @Arg('endpointId', () => ID, { description: 'The endpoint.' }) endpointId: string,
    @Args(() => ListArgs) page: ListArgs,
    @Ctx() ctx: Context,
  ): Promise<WebhookAttemptConnection | null> {
    return ctx.services.webhooks.attempts(ctx, endpointId, page);
  }

  @Mutation(() => WebhookSecretPayload, {
    description: 'A new endpoint and its signing secret: the secret is in the answer this once.',
  })
  @Requires(Permission.API_CLIENT_MANAGE)
  async createWebhookEndpoint(
    @Arg('input', () => CreateWebhookEndpointInput, { description: 'The endpoint.' }) input: CreateWebhookEndpointInput,
    @Ctx() ctx: Context,
  ): Promise<WebhookSecretPayload> {
    return withSecret(await ctx.services.webhooks.create(ctx, input));
  }

  @Mutation(() => WebhookEndpointPayload, { description: 'Changes an endpoint’s URL, event types or note.' })
  @Requires(Permission.API_CLIENT_MANAGE)
  async updateWebhookEndpoint(
    @Arg('input', () => UpdateWebhookEndpointInput, { description: 'What changes.' }) input: UpdateWebhookEndpointInput,
    @Ctx() ctx: Context,
  ): Promise<WebhookEndpointPayload> {
    return WebhookEndpointPayload.from(await ctx.services.webhooks.update(ctx, input));
  }

  @Mutation(() => WebhookEndpointPayload, {
    description: 'Pauses an endpoint, or resumes it (also after it was switched off): what waited is then delivered.',
  })
  @Requires(Permission.API_CLIENT_MANAGE)
  async setWebhookEndpointPaused(
    @Arg('id', () => ID, { description: 'The endpoint.' }) id: string,
    @Arg('paused', () => Boolean, { description: 'true: pause; false: resume.' }) paused: boolean,
    @Ctx() ctx: Context,
  ): Promise<WebhookEndpointPayload> {
    return WebhookEndpointPayload.from(await ctx.services.webhooks.setPaused(ctx, id, paused));
  }

  @Mutation(() => DeleteWebhookEndpointPayload, { description: 'Deletes an endpoint with its delivery log.' })
  @Requires(Permission.API_CLIENT_MANAGE)
  async deleteWebhookEndpoint(
    @Arg('id', () => ID, { description: 'The endpoint.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<DeleteWebhookEndpointPayload> {
    return DeleteWebhookEndpointPayload.from(await ctx.services.webhooks.delete(ctx, id));
  }

  @Mutation(() => WebhookSecretPayload, {
    description:
      'A new signing secret (in the answer this once); the previous one signs as well for `overlapHours` (default 24).',
  })
  @Requires(Permission.API_CLIENT_MANAGE)
  async rotateWebhookSecret(
    @Arg('id', () => ID, { description: 'The endpoint.' }) id: string,
    @Ctx() ctx: Context,
    @Arg('overlapHours', () => Int, { nullable: true, description: 'Hours both secrets sign (0 to 168).' })
    overlapHours?: number | null,
  ): Promise<WebhookSecretPayload> {
    return withSecret(await ctx.services.webhooks.rotate(ctx, id, overlapHours));
  }

  @Mutation(() => WebhookQueuedPayload, { description: 'Sends one delivery’s event again.' })
  @Requires(Permission.API_CLIENT_MANAGE)
  async resendWebhookDelivery(
    @Arg('deliveryId', () => ID, { description: 'The delivery (from the delivery log).' }) deliveryId: string,
    @Ctx() ctx: Context,
  ): Promise<WebhookQueuedPayload> {
    return WebhookQueuedPayload.from(await ctx.services.webhooks.resend(ctx, deliveryId));
  }

  @Mutation(() => WebhookReplayPayload, {
    description: 'Sends again every event since a moment, one page per call (continue with `continueAfter`).',
  })
  @Requires(Permission.API_CLIENT_MANAGE)
  async replayWebhookEvents(
    @Arg('endpointId', () => ID, { description: 'The endpoint.' }) endpointId: string,
    @Arg('since', () => Date, { description: 'The moment from which on.' }) since: Date,
    @Ctx() ctx: Context,
    @Arg('continueAfter', () => String, { nullable: true, description: 'The previous call’s `continueAfter`.' })
    continueAfter?: string | null,
  ): Promise<WebhookReplayPayload> {
    return WebhookReplayPayload.from(await ctx.services.webhooks.replay(ctx, endpointId, since, continueAfter));
  }

  @Mutation(() => WebhookQueuedPayload, { description: 'Sends a `webhook.test` event to this endpoint.' })
  @Requires(Permission.API_CLIENT_MANAGE)
  async sendWebhookTestEvent(
    @Arg('endpointId', () => ID, { description: 'The endpoint.' }) endpointId: string,
    @Ctx() ctx: Context,
  ): Promise<WebhookQueuedPayload> {
    return WebhookQueuedPayload.from(await ctx.services.webhooks.sendTest(ctx, endpointId));
  }
}
