import { z } from 'zod';
import { Permission } from '../../kernel/permissions.js';

/**
 * THE definitions of the webhook event types (issue 29): the type, the permission an API client needs to receive it
 * (the one it would need to read the same through the API), the payload's schema and an example. The recorder checks
 * every payload against its schema before it is stored, the fan-out sends a type only to clients holding its
 * permission, and the API documentation page (beheer/api/documentatie) prints these same definitions.
 *
 * A payload carries ids and the changed state, never names, addresses, contact details or a BSN: what the client
 * wants beyond that it reads through the API with its permissions (and the reading is audited there).
 */
const id = z.uuid();
const cents = z.number().int();

const orderPayload = z.strictObject({
  orderId: id,
  orderNumber: z.string(),
  status: z.enum(['AWAITING_PAYMENT', 'PLACED', 'ACCEPTED', 'DELIVERED', 'CANCELLED']),
  previousStatus: z.enum(['AWAITING_PAYMENT', 'PLACED', 'ACCEPTED', 'DELIVERED', 'CANCELLED']).nullable(),
  municipalityId: id,
  providerId: id,
  totalCents: cents,
  budgetCents: cents,
  contributionCents: cents,
});

const assignmentPayload = z.strictObject({
  assignmentId: id,
  municipalityId: id,
  arrangementId: id,
  clientGroupId: id,
  amountCents: cents,
  validFrom: z.iso.date(),
  validUntil: z.iso.date(),
});

const assignmentLifecyclePayload = z.strictObject({
  assignmentId: id,
  municipalityId: id,
  clientGroupId: id,
  remainingCents: cents,
  validUntil: z.iso.date(),
});

const payoutPayload = z.strictObject({
  payoutBatchId: id,
  municipalityId: id,
  status: z.enum(['EXPORTED', 'PAID']),
  totalCents: cents,
  lineCount: z.number().int(),
});

const applicationPayload = z.strictObject({
  applicationId: id,
  applicationNumber: z.string(),
  municipalityId: id,
  arrangementId: id,
  clientGroupId: id,
  decision: z.enum(['APPROVED', 'PARTLY_APPROVED', 'DECLINED']),
  amountCents: cents.nullable(),
  assignmentId: id.nullable(),
  decidedAt: z.iso.datetime(),
});

const testPayload = z.strictObject({ endpointId: id, message: z.string() });

const EXAMPLE_IDS = {
  order: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
  municipality: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  provider: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  assignment: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
  arrangement: '3d4e5f6a-7b8c-4d9e-8f1a-2b3c4d5e6f7a',
  clientGroup: '4e5f6a7b-8c9d-4e0f-9a2b-3c4d5e6f7a8b',
  payout: '5f6a7b8c-9d0e-4f1a-8b3c-4d5e6f7a8b9c',
  application: '6a7b8c9d-0e1f-4a2b-9c3d-5e6f7a8b9c0d',
};

const orderExample = (status: string, previousStatus: string | null) => ({
  orderId: EXAMPLE_IDS.order,
  orderNumber: 'B100042',
  status,
  previousStatus,
  municipalityId: EXAMPLE_IDS.municipality,
  providerId: EXAMPLE_IDS.provider,
  totalCents: 4995,
  budgetCents: 4995,
  contributionCents: 0,
});

const lifecycleExample = {
  assignmentId: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
  municipalityId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  clientGroupId: '4e5f6a7b-8c9d-4e0f-9a2b-3c4d5e6f7a8b',
  remainingCents: 7550,
  validUntil: '2027-12-31',
};

const assignmentExample = {
  assignmentId: EXAMPLE_IDS.assignment,
  municipalityId: EXAMPLE_IDS.municipality,
  arrangementId: EXAMPLE_IDS.arrangement,
  clientGroupId: EXAMPLE_IDS.clientGroup,
  amountCents: 25000,
  validFrom: '2027-01-01',
  validUntil: '2027-12-31',
};

export interface WebhookEventTypeDefinition {
  type: string;
  /** What happened, in Dutch, for the admin screen and the documentation. */
  description: string;
  /** The client receives the type only with this permission (the one it would read the subject with). */
  permission: Permission;
  /** The kind of subject: events of one subject reach an endpoint in the order they happened. */
  subject: 'order' | 'assignment' | 'payout' | 'application' | 'endpoint';
  schema: z.ZodType;
  example: Record<string, unknown>;
}

function define<const T extends string>(
  type: T,
  d: Omit<WebhookEventTypeDefinition, 'type'>,
): WebhookEventTypeDefinition & { type: T } {
  return { type, ...d };
}

export const WEBHOOK_EVENT_TYPES = [
  define('order.placed', {
    description: 'Een bestelling is geplaatst (na een eventuele eigen bijdrage: betaald).',
    permission: Permission.ORDER_READ,
    subject: 'order',
    schema: orderPayload,
    example: orderExample('PLACED', null),
  }),
  define('order.accepted', {
    description: 'De aanbieder heeft de bestelling geaccepteerd.',
    permission: Permission.ORDER_READ,
    subject: 'order',
    schema: orderPayload,
    example: orderExample('ACCEPTED', 'PLACED'),
  }),
  define('order.delivered', {
    description: 'De bestelling is geleverd of aan de balie overhandigd.',
    permission: Permission.ORDER_READ,
    subject: 'order',
    schema: orderPayload,
    example: orderExample('DELIVERED', 'ACCEPTED'),
  }),
  define('order.cancelled', {
    description: 'De bestelling is geannuleerd of afgewezen; het budget is teruggeboekt.',
    permission: Permission.ORDER_READ,
    subject: 'order',
    schema: orderPayload,
    example: orderExample('CANCELLED', 'PLACED'),
  }),
  define('assignment.granted', {
    description: 'Een regeling is aan een huishouden toegekend.',
    permission: Permission.ASSIGNMENT_MANAGE,
    subject: 'assignment',
    schema: assignmentPayload,
    example: assignmentExample,
  }),
  define('assignment.expiring', {
    description: 'Het budget van een toekenning verloopt binnenkort (het huishouden is herinnerd).',
    permission: Permission.ASSIGNMENT_MANAGE,
    subject: 'assignment',
    schema: assignmentLifecyclePayload,
    example: lifecycleExample,
  }),
  define('assignment.expired', {
    description: 'De periode van een toekenning is voorbij; het resterende budget is vervallen.',
    permission: Permission.ASSIGNMENT_MANAGE,
    subject: 'assignment',
    schema: assignmentLifecyclePayload,
    example: lifecycleExample,
  }),
  define('payout.exported', {
    description: 'Een uitbetalingsbatch is als SEPA-bestand geëxporteerd.',
    permission: Permission.PAYOUT_MANAGE,
    subject: 'payout',
    schema: payoutPayload,
    example: {
      payoutBatchId: EXAMPLE_IDS.payout,
      municipalityId: EXAMPLE_IDS.municipality,
      status: 'EXPORTED',
      totalCents: 1234500,
      lineCount: 12,
    },
  }),
  define('payout.paid', {
    description: 'Een uitbetalingsbatch is als betaald gemarkeerd.',
    permission: Permission.PAYOUT_MANAGE,
    subject: 'payout',
    schema: payoutPayload,
    example: {
      payoutBatchId: EXAMPLE_IDS.payout,
      municipalityId: EXAMPLE_IDS.municipality,
      status: 'PAID',
      totalCents: 1234500,
      lineCount: 12,
    },
  }),
  define('application.decided', {
    description:
      'Op een online aanvraag is besloten: toegekend (het budget staat meteen klaar), gedeeltelijk toegekend of afgewezen.',
    permission: Permission.APPLICATION_ASSESS,
    subject: 'application',
    schema: applicationPayload,
    example: {
      applicationId: EXAMPLE_IDS.application,
      applicationNumber: 'AV-000123',
      municipalityId: EXAMPLE_IDS.municipality,
      arrangementId: EXAMPLE_IDS.arrangement,
      clientGroupId: EXAMPLE_IDS.clientGroup,
      decision: 'APPROVED',
      amountCents: 15000,
      assignmentId: EXAMPLE_IDS.assignment,
      decidedAt: '2027-03-04T10:15:00.000Z',
    },
  }),
] as const;

/** The test event ("testbericht versturen"): sent to one endpoint only, whatever types it subscribed to. */
export const TEST_EVENT_TYPE = define('webhook.test', {
  description: 'Een testbericht, verstuurd met de knop "Testbericht versturen".',
  permission: Permission.API_CLIENT_MANAGE,
  subject: 'endpoint',
  schema: testPayload,
  example: { endpointId: EXAMPLE_IDS.order, message: 'Dit is een testbericht van Gemeentewinkel.' },
});

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]['type'];

const BY_TYPE = new Map<string, WebhookEventTypeDefinition>(
  [...WEBHOOK_EVENT_TYPES, TEST_EVENT_TYPE].map((d) => [d.type, d]),
);

export function eventTypeDefinition(type: string): WebhookEventTypeDefinition | undefined {
  return BY_TYPE.get(type);
}

export function isSubscribableType(type: string): type is WebhookEventType {
  return WEBHOOK_EVENT_TYPES.some((d) => d.type === type);
}

/** The envelope every delivery's body is (Standard Webhooks' recommended shape: type, timestamp, data). */
export function envelope(event: { type: string; occurredAt: Date; payload: unknown }): string {
  return JSON.stringify({ type: event.type, timestamp: event.occurredAt.toISOString(), data: event.payload });
}
