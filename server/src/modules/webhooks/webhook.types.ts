import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Permission } from '../../kernel/permissions.js';
import { Connection } from '../../graphql/pagination.js';
import { Payload } from '../../graphql/payload.js';
import { UserError } from '../../kernel/errors.js';

export enum WebhookEndpointStatus {
  ACTIVE = 'ACTIVE',
  PAUSED = 'PAUSED',
  DISABLED = 'DISABLED',
}
registerEnumType(WebhookEndpointStatus, {
  name: 'WebhookEndpointStatus',
  description: 'Whether an endpoint gets its events.',
  valuesConfig: {
    ACTIVE: { description: 'Events are delivered.' },
    PAUSED: { description: 'Paused by staff: events are kept and delivered after resuming.' },
    DISABLED: {
      description: 'Switched off after a run of failed deliveries: events are kept and delivered after resuming.',
    },
  },
});

export enum WebhookDeliveryStatus {
  PENDING = 'PENDING',
  DELIVERED = 'DELIVERED',
  FAILED = 'FAILED',
}
registerEnumType(WebhookDeliveryStatus, {
  name: 'WebhookDeliveryStatus',
  description: 'Where one event is on its way to one endpoint.',
  valuesConfig: {
    PENDING: { description: 'Waiting to be sent, or for its next attempt.' },
    DELIVERED: { description: 'The endpoint answered 2xx.' },
    FAILED: { description: 'Given up after about three days of attempts.' },
  },
});

@ObjectType({ description: 'An event type partners can subscribe to, with its required permission and an example.' })
export class WebhookEventTypeInfo {
  @Field(() => String, { description: 'The type, e.g. `order.placed`.' }) type!: string;
  @Field(() => String, { description: 'What happened, in Dutch.' }) description!: string;
  @Field(() => Permission, { description: 'The permission an API client needs to receive it.' })
  permission!: Permission;
  @Field(() => String, { description: 'An example of the request body (JSON), as the endpoint receives it.' })
  exampleBody!: string;
}

@ObjectType({ description: 'Where an API client’s events are sent (Standard Webhooks: signed, retried, in order).' })
export class WebhookEndpoint {
  @Field(() => ID, { description: 'The endpoint’s id.' }) id!: string;
  @Field(() => ID, { description: 'The API client it belongs to.' }) apiClientId!: string;
  @Field(() => String, { description: 'The https URL events are POSTed to.' }) url!: string;
  @Field(() => String, { description: 'A note for people.' }) description!: string;
  @Field(() => [String], { description: 'The event types it gets.' }) eventTypes!: string[];
  @Field(() => WebhookEndpointStatus, { description: 'Whether it gets events now.' })
  status!: WebhookEndpointStatus;
  @Field(() => String, { description: 'The last four characters of the current signing secret.' })
  secretLastFour!: string;
  @Field(() => Date, {
    nullable: true,
    description: 'During a rotation: until when the previous secret signs as well; null otherwise.',
  })
  previousSecretUntil!: Date | null;
  @Field(() => Int, { description: 'Failed attempts in a row (0 after a success).' }) consecutiveFailures!: number;
  @Field(() => Date, { nullable: true, description: 'When it was switched off after failures; null when not.' })
  disabledAt!: Date | null;
  @Field(() => Date, { description: 'When it was made.' }) createdAt!: Date;
}

@ObjectType({ description: 'One attempt to deliver an event to an endpoint (the delivery log).' })
export class WebhookAttempt {
  @Field(() => ID, { description: 'The attempt’s id.' }) id!: string;
  @Field(() => Date, { description: 'When it was made.' }) attemptedAt!: Date;
  @Field(() => Int, { nullable: true, description: 'The HTTP status; null without an answer.' })
  statusCode!: number | null;
  @Field(() => Int, { description: 'How long it took, in milliseconds.' }) durationMs!: number;
  @Field(() => String, { description: 'The start of the answer’s body (at most 500 characters).' })
  responseStart!: string;
  @Field(() => String, { nullable: true, description: 'What went wrong, in Dutch; null on success.' })
  error!: string | null;
  @Field(() => Boolean, { description: 'True on a 2xx answer.' }) succeeded!: boolean;
  @Field(() => ID, { description: 'The delivery (resend it with resendWebhookDelivery).' }) deliveryId!: string;
  @Field(() => WebhookDeliveryStatus, { description: 'Where the delivery is now.' })
  deliveryStatus!: WebhookDeliveryStatus;
  @Field(() => ID, { description: 'The event (the `webhook-id` header is `msg_` + this id).' }) eventId!: string;
  @Field(() => String, { description: 'The event’s type.' }) eventType!: string;
}

@ObjectType({ description: 'A page of the delivery log, newest first.' })
export class WebhookAttemptConnection extends Connection(WebhookAttempt, 'WebhookAttempt') {}

@InputType({ description: 'A new webhook endpoint of an API client.' })
export class CreateWebhookEndpointInput {
  @Field(() => ID, { description: 'The API client.' }) apiClientId!: string;
  @Field(() => String, { description: 'https URL (http only outside production).' }) url!: string;
  @Field(() => [String], { description: 'Event types (webhookEventTypes), at least one.' }) eventTypes!: string[];
  @Field(() => String, { nullable: true, description: 'A note for people.' }) description?: string | null;
}

@InputType({ description: 'Changes to an endpoint; omitted fields stay.' })
export class UpdateWebhookEndpointInput {
  @Field(() => ID, { description: 'The endpoint.' }) id!: string;
  @Field(() => String, { nullable: true, description: 'A new URL.' }) url?: string | null;
  @Field(() => [String], { nullable: true, description: 'New event types.' }) eventTypes?: string[] | null;
  @Field(() => String, { nullable: true, description: 'A new note.' }) description?: string | null;
}

@ObjectType({ description: 'The result of a webhook endpoint mutation.' })
export class WebhookEndpointPayload extends Payload(WebhookEndpoint, 'endpoint') {}

@ObjectType({ description: 'An endpoint with its new signing secret: shown this once, only a sealed copy is kept.' })
export class WebhookSecretPayload {
  @Field(() => WebhookEndpoint, { nullable: true, description: 'The endpoint; null when it did not work.' })
  endpoint!: WebhookEndpoint | null;
  @Field(() => String, { nullable: true, description: 'The signing secret (`whsec_…`), this once.' })
  secret!: string | null;
  @Field(() => [UserError], { description: 'Empty when it worked; otherwise what is wrong, in Dutch.' })
  errors!: UserError[];
}

@ObjectType({ description: 'The result of deleting an endpoint.' })
export class DeleteWebhookEndpointPayload extends Payload<string, 'deletedId'>(ID, 'deletedId') {}

@ObjectType({ description: 'What a replay queued: at most one page of events; continue with `continueAfter`.' })
export class WebhookReplay {
  @Field(() => Int, { description: 'Events queued for the endpoint by this call.' }) queued!: number;
  @Field(() => String, {
    nullable: true,
    description: 'Pass as `continueAfter` to queue the next page; null when every event since the moment is queued.',
  })
  continueAfter!: string | null;
}

@ObjectType({ description: 'The result of a replay.' })
export class WebhookReplayPayload extends Payload(WebhookReplay, 'replay') {}

@ObjectType({ description: 'A queued delivery (resend, test event).' })
export class WebhookQueued {
  @Field(() => ID, { description: 'The event queued.' }) eventId!: string;
}

@ObjectType({ description: 'The result of a resend or a test event.' })
export class WebhookQueuedPayload extends Payload(WebhookQueued, 'queued') {}
