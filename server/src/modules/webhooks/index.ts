/** The face of modules/webhooks: what other modules may import of it (ARCHITECTURE.md, "Modules with a boundary"). */
export { WEBHOOK_EVENT_TYPES, TEST_EVENT_TYPE, type WebhookEventTypeDefinition } from './event-types.js';
export type { WebhookEvents, RecordedEvent } from './webhook-events.js';
export type { WebhookService } from './webhook.service.js';
