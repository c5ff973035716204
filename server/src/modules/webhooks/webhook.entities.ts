import { Entity, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { TimestampedEntity } from '../../platform/entity.js';

export type WebhookEndpointStatus = 'ACTIVE' | 'PAUSED' | 'DISABLED';

/**
 * An API client's webhook endpoint (beheer/api): where its events go, which types, and the signing secret (sealed with
 * the settings key; kernel/secret-box.ts). During a rotation the previous secret signs too until
 * `previousSecretUntil`. Events, deliveries and attempts are SQL (webhook.queries.ts): the outbox and the log.
 */
@Entity({ tableName: 'webhook_endpoint' })
export class WebhookEndpoint extends TimestampedEntity {
  @Property({ type: 'uuid' })
  apiClientId!: string;

  @Property({ type: 'text' })
  url!: string;

  @Property({ type: 'text' })
  description: string & Opt = '';

  @Property({ type: 'text[]' })
  eventTypes!: string[];

  @Property({ type: 'text' })
  status: WebhookEndpointStatus & Opt = 'ACTIVE';

  @Property({ type: 'text', hidden: true })
  secretSealed!: string;

  @Property({ type: 'text' })
  secretLastFour!: string;

  @Property({ type: 'text', nullable: true, hidden: true })
  previousSecretSealed?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  previousSecretUntil?: Date | null;

  @Property({ type: 'integer' })
  consecutiveFailures: number & Opt = 0;

  @Property({ type: 'timestamptz', nullable: true })
  disabledAt?: Date | null;
}
