import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { encryptSecret, lastFour } from '../kernel/secret-box.js';
import { WebhookEndpoint } from '../modules/webhooks/webhook.entities.js';
import { WEBHOOK_EVENT_TYPES } from '../modules/webhooks/event-types.js';
import { newSigningSecret } from '../modules/webhooks/signing.js';

const HOUR = 3600 * 1000;

/**
 * Demo webhooks (beheer/api › Webhooks), so the panel and its delivery log are not empty: the first partner client
 * gets an endpoint for the order events at an `.example` address — paused, so a running demo never tries to reach
 * it — with a few deliveries over the last two days (one of them after a failed first attempt) and a test event. The
 * secret is random and never printed.
 */
export async function seedDemoWebhooks(
  em: EntityManager,
  {
    key,
    today,
    apiClient,
  }: { key: Buffer; today: Date; apiClient: { id: string; municipalityId: string; slug: string } },
): Promise<void> {
  const secret = newSigningSecret();
  const created = new Date(today.getTime() - 50 * HOUR);
  const endpoint = em.create(WebhookEndpoint, {
    apiClientId: apiClient.id,
    url: `https://zaaksysteem.${apiClient.slug}.example/webhooks/gemeentewinkel`,
    description: 'Zaaksysteem van de gemeente (demo: gepauzeerd)',
    eventTypes: ['order.placed', 'order.accepted', 'order.delivered', 'order.cancelled'],
    status: 'PAUSED',
    secretSealed: encryptSecret(key, secret),
    secretLastFour: lastFour(secret),
    createdAt: created,
    updatedAt: created,
  });
  await em.flush();
  const orderId = randomUUID();
  const example = (type: string) => WEBHOOK_EVENT_TYPES.find((d) => d.type === type)!.example;
  const story: { type: string; at: number; payload: Record<string, unknown>; attempts: [number, string][] }[] = [
    {
      type: 'order.placed',
      at: 48,
      payload: { ...example('order.placed'), orderId, municipalityId: apiClient.municipalityId },
      attempts: [[204, '']],
    },
    {
      type: 'order.accepted',
      at: 30,
      payload: { ...example('order.accepted'), orderId, municipalityId: apiClient.municipalityId },
      attempts: [
        [503, 'Service Unavailable: onderhoud tot 14.00 uur'],
        [200, '{"ontvangen":true}'],
      ],
    },
    {
      type: 'order.delivered',
      at: 3,
      payload: { ...example('order.delivered'), orderId, municipalityId: apiClient.municipalityId },
      attempts: [[204, '']],
    },
  ];
  for (const [i, e] of story.entries()) {
    const eventId = randomUUID();
    const occurred = new Date(today.getTime() - e.at * HOUR);
    const [row] = await em.execute<{ seq: string }[]>(
      `insert into webhook_event (id, municipality_id, type, subject, payload, occurred_at)
       values (?, ?, ?, ?, ?::jsonb, ?) returning seq::text as seq`,
      [eventId, apiClient.municipalityId, e.type, `order:${orderId}`, JSON.stringify(e.payload), occurred],
    );
    const deliveryId = randomUUID();
    const last = new Date(occurred.getTime() + (e.attempts.length - 1) * 5 * 60 * 1000 + 1000);
    await em.execute(
      `insert into webhook_delivery (id, endpoint_id, event_id, event_seq, status, attempts, next_attempt_at, created_at,
                                     finished_at)
       values (?, ?, ?, ?::bigint, 'DELIVERED', ?, ?, ?, ?)`,
      [deliveryId, endpoint.id, eventId, row!.seq, e.attempts.length, last, occurred, last],
    );
    for (const [n, [status, body]] of e.attempts.entries()) {
      await em.execute(
        `insert into webhook_attempt (id, delivery_id, endpoint_id, attempted_at, status_code, duration_ms,
                                      response_start, error, succeeded)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          randomUUID(),
          deliveryId,
          endpoint.id,
          new Date(occurred.getTime() + n * 5 * 60 * 1000 + 1000),
          status,
          80 + ((i * 37 + n * 53) % 400),
          body,
          status >= 300 ? `Antwoord ${status}` : null,
          status < 300,
        ],
      );
    }
  }
}
