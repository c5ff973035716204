import { randomUUID } from 'node:crypto';
import { applicationClock, today, type Clock } from '../../kernel/clock.js';
import type { JobQueue, JobTarget } from '../../jobs/job-queue.js';
import { emOf } from '../../jobs/job-queue.js';
import { eventTypeDefinition, type WebhookEventType } from './event-types.js';
import * as q from './webhook.queries.js';

export interface RecordedEvent {
  type: WebhookEventType | 'webhook.test';
  municipalityId: string;
  /** The subject's id (an order, an assignment, a payout batch): its events reach an endpoint in order. */
  subjectId: string;
  payload: Record<string, unknown>;
}

function clockOf(target: JobTarget): Clock {
  return 'clock' in target && target.clock ? (target.clock as Clock) : applicationClock();
}

/** One job per endpoint delivers its queue in order; a new event wakes it (the job key keeps one waiting job). */
export async function wakeEndpoint(
  jobs: JobQueue,
  target: JobTarget,
  endpointId: string,
  delaySeconds = 0,
  options: { slow?: boolean } = {},
) {
  await jobs.enqueue(
    target,
    'webhooks.deliver',
    { endpointId },
    {
      jobKey: `webhooks.deliver:${endpointId}`,
      queueName: `webhooks:${endpointId}`,
      delaySeconds,
      maxAttempts: 10,
      // A slow endpoint's next run waits behind the others' (graphile-worker takes the lowest priority number first).
      priority: options.slow ? 10 : 0,
    },
  );
}

/**
 * The outbox of partner webhooks: `record(tx, event)` in the transaction of the change that causes the event writes
 * the event and a pending delivery for every endpoint that should get it, and wakes those endpoints' delivery jobs;
 * it all commits or rolls back with the change. The payload is checked against its type's schema (event-types.ts).
 */
export class WebhookEvents {
  constructor(private readonly jobs: JobQueue) {}

  async record(target: JobTarget, event: RecordedEvent, options: { onlyEndpointId?: string } = {}): Promise<string> {
    const [id] = await this.recordMany(target, [event], options);
    return id!;
  }

  /** Several events in one statement, in this order (a bulk grant's, a checkout's orders). Returns their ids. */
  async recordMany(
    target: JobTarget,
    events: readonly RecordedEvent[],
    options: { onlyEndpointId?: string } = {},
  ): Promise<string[]> {
    if (!events.length) return [];
    const em = emOf(target);
    const clock = clockOf(target);
    const at = clock.now();
    const rows = events.map((event) => {
      const definition = eventTypeDefinition(event.type);
      if (!definition) throw new Error(`unknown webhook event type ${event.type}`);
      return {
        id: randomUUID(),
        municipalityId: event.municipalityId,
        type: event.type,
        subject: `${definition.subject}:${event.subjectId}`,
        payload: definition.schema.parse(event.payload),
        occurredAt: at,
        onlyEndpointId: options.onlyEndpointId ?? null,
        permission: definition.permission,
      };
    });
    const endpoints = await q.insertEventsWithDeliveries(em, rows, today(clock));
    for (const endpointId of endpoints) await wakeEndpoint(this.jobs, em, endpointId);
    return rows.map((r) => r.id);
  }
}
