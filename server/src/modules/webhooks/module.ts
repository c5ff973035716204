import { defineModule } from '../../platform/module.js';
import { appLink } from '../../platform/links.js';
import { WebhookEndpoint } from './webhook.entities.js';
import { WebhookResolver } from './webhook.resolver.js';
import { WebhookEvents, type RecordedEvent } from './webhook-events.js';
import { WebhookDelivery } from './webhook.delivery.js';
import { WebhookService } from './webhook.service.js';
import { purgeBefore } from './webhook.queries.js';

declare module '../../platform/composition.js' {
  interface Services {
    webhooks: WebhookService;
    webhookEvents: WebhookEvents;
    webhookDelivery: WebhookDelivery;
  }
}

const ORDER_EVENTS = {
  PLACED: 'order.placed',
  ACCEPTED: 'order.accepted',
  DELIVERED: 'order.delivered',
  CANCELLED: 'order.cancelled',
} as const;

const DAY_MS = 24 * 3600 * 1000;

/**
 * Partner webhooks (issue 29). The outbox is filled by listeners registered here on the services whose changes are
 * events (orders, assignments, year end, reminders, payouts, application decisions): each names its listener type itself, so none of them
 * imports this module. Deliveries run as `webhooks.deliver` jobs; the delivery log is purged with the daily
 * retention purge.
 */
export const webhooksModule = defineModule({
  name: 'webhooks',
  entities: [WebhookEndpoint],
  resolvers: [WebhookResolver],
  services: (made, config) => {
    const webhookEvents = new WebhookEvents(made.jobs);
    const allowLoopback = !config.production;
    const webhookDelivery = new WebhookDelivery(
      config.settingsEncryptionKey,
      { allowLoopback },
      config.production,
      made.jobs,
      { get: (section) => made.settings.get(section) },
      made.audit,
      (tx, m) =>
        made.mail
          .send(tx, {
            template: 'WEBHOOK_ENDPOINT_DISABLED',
            to: m.to,
            variables: {
              name: m.name,
              clientName: m.clientName,
              endpointUrl: m.endpointUrl,
              failures: m.failures,
              link: appLink(config.appUrl, '/admin/beheer/api'),
            },
          })
          .then(() => undefined),
    );
    const webhooks = new WebhookService(made.audit, webhookEvents, made.jobs, config.settingsEncryptionKey, {
      production: config.production,
      allowLoopback,
    });

    made.orders.onStatusChanges(async (em, changes) => {
      const events: RecordedEvent[] = [];
      for (const { order, from, to } of changes) {
        if (to === 'AWAITING_PAYMENT') continue;
        events.push({
          type: ORDER_EVENTS[to],
          municipalityId: order.municipalityId,
          subjectId: order.id,
          payload: {
            orderId: order.id,
            orderNumber: order.number,
            status: to,
            previousStatus: from,
            municipalityId: order.municipalityId,
            providerId: order.providerId,
            totalCents: order.totalCents,
            budgetCents: order.budgetCents,
            contributionCents: order.contributionCents,
          },
        });
      }
      await webhookEvents.recordMany(em, events);
    });
    made.assignments.onGranted((tx, grants) =>
      webhookEvents
        .recordMany(
          tx,
          grants.map((g) => ({
            type: 'assignment.granted',
            municipalityId: g.municipalityId,
            subjectId: g.assignmentId,
            payload: { ...g },
          })),
        )
        .then(() => undefined),
    );
    const lifecycle = (
      tx: Parameters<Parameters<typeof made.yearEnd.onExpired>[0]>[0],
      c: Parameters<Parameters<typeof made.yearEnd.onExpired>[0]>[1],
    ) =>
      webhookEvents
        .record(tx, {
          type: c.type,
          municipalityId: c.municipalityId,
          subjectId: c.assignmentId,
          payload: {
            assignmentId: c.assignmentId,
            municipalityId: c.municipalityId,
            clientGroupId: c.clientGroupId,
            remainingCents: c.remainingCents,
            validUntil: c.validUntil,
          },
        })
        .then(() => undefined);
    made.yearEnd.onExpired(lifecycle);
    made.expiryReminders.onReminded(lifecycle);
    made.payouts.onChange((tx, c) =>
      webhookEvents
        .record(tx, {
          type: c.type,
          municipalityId: c.municipalityId,
          subjectId: c.batchId,
          payload: {
            payoutBatchId: c.batchId,
            municipalityId: c.municipalityId,
            status: c.type === 'payout.paid' ? 'PAID' : 'EXPORTED',
            totalCents: c.totalCents,
            lineCount: c.lineCount,
          },
        })
        .then(() => undefined),
    );
    made.applications.onDecided((tx, decided) =>
      webhookEvents
        .record(tx, {
          type: 'application.decided',
          municipalityId: decided.municipalityId,
          subjectId: decided.applicationId,
          payload: { ...decided },
        })
        .then(() => undefined),
    );
    made.retention.addPurge('webhooks', async (em, now) => {
      const { deliveryLogDays } = await made.settings.get('webhooks', em);
      return purgeBefore(em, new Date(now.getTime() - deliveryLogDays * DAY_MS));
    });

    return { webhooks, webhookEvents, webhookDelivery };
  },
  jobs: (services) => ({
    'webhooks.deliver': async (ctx, { endpointId }) => {
      await services.webhookDelivery.deliverEndpoint(ctx, endpointId);
    },
  }),
});
