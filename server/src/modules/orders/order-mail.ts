import type { EntityManager } from '@mikro-orm/postgresql';
import type { MailService } from '../communication/index.js';
import { appLink } from '../../platform/links.js';
import type { Order, OrderStatus } from './order.entities.js';
import type { OrderBatchListener, OrderChange } from './order.service.js';
import type { Actor } from '../ledger/index.js';
import * as q from './order-mail.queries.js';
import type { Recipient } from './order-mail.queries.js';

/** "€ 12,50" (the way the screens show money). */
export function euros(cents: number): string {
  return new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' })
    .format(cents / 100)
    .replace(/\u00a0/g, ' ');
}

/**
 * Where an order's e-mail goes: the household's contact address — the e-mail address of the person who ordered,
 * else that of another member of the household who has one. Null when nobody in the household has an address, when
 * that person's data was erased, or when they turned order e-mails off ("E-mail bij statuswijziging van een
 * bestelling", person.notify_order_status).
 */
async function recipientFor(em: EntityManager, order: Order): Promise<Recipient | null> {
  const row = await q.householdRecipient(em, order.clientGroupId, order.personId ?? null);
  return row && row.notify_order_status ? row : null;
}

/** Who cancelled, as the customer reads it after "Geannuleerd door:". */
function cancelledBy(actor: Actor): string {
  switch (actor.kind) {
    case 'CUSTOMER':
      return 'uzelf';
    case 'PROVIDER':
      return 'de aanbieder';
    case 'STAFF':
    case 'API_CLIENT':
      return 'de gemeente';
    default:
      return 'de Gemeentewinkel';
  }
}

/**
 * The order status listener that e-mails the household (registered once, in app/services.ts). It runs inside the
 * status change's transaction: the mail is recorded (and its delivery job queued) only when the change commits.
 *
 * PLACED (ordered, or the own contribution paid) → ORDER_PLACED; ACCEPTED → ORDER_ACCEPTED; DELIVERED →
 * ORDER_DELIVERED; CANCELLED by the provider → ORDER_REJECTED, by anyone else → ORDER_CANCELLED. Waiting for payment
 * sends nothing: the customer is on the payment page at that moment.
 */
export function orderStatusMail(mail: MailService, appUrl: string): OrderBatchListener {
  return async (em, changes) => {
    // The changes made together (a checkout's orders) are one household's: its recipient is looked up once.
    const recipients = new Map<string, Promise<Recipient | null>>();
    for (const change of changes) {
      const { order } = change;
      const who = `${order.clientGroupId}|${order.personId ?? ''}`;
      if (!templateFor(change.to, change.actor)) continue;
      if (!recipients.has(who)) recipients.set(who, recipientFor(em, order));
      await mailOne(mail, appUrl, em, change, await recipients.get(who)!);
    }
  };
}

async function mailOne(
  mail: MailService,
  appUrl: string,
  em: EntityManager,
  { order, from, to, actor, reason, providerName: known }: OrderChange,
  recipient: Recipient | null,
): Promise<void> {
  const template = templateFor(to, actor);
  if (!template) return;
  if (!recipient) return;
  const providerName = known ?? (await q.providerName(em, order.providerId));
  const common = {
    name: recipient.first_name,
    orderNumber: order.number,
    providerName: providerName ?? 'de aanbieder',
    orderLink: appLink(appUrl, `/account/bestellingen/${order.id}`),
  };
  // The own contribution was booked when it was paid (the order then left AWAITING_PAYMENT); a cancel books it back.
  // The mail log links the mail to the person (erasure) and the municipality (the log screen's scope).
  const about = { personId: recipient.id, municipalityId: order.municipalityId };
  const refundCents = from && from !== 'AWAITING_PAYMENT' ? order.contributionCents : 0;
  const refund = { reason: reason ?? '', budgetAmount: euros(order.budgetCents), refundAmount: euros(refundCents) };
  // What each mail says besides the common variables.
  const variables = {
    ORDER_PLACED: {
      totalAmount: euros(order.totalCents),
      budgetAmount: euros(order.budgetCents),
      contributionAmount: euros(order.contributionCents),
      pickupCode: order.pickupCode,
    },
    ORDER_ACCEPTED: { pickupCode: order.pickupCode },
    ORDER_DELIVERED: {},
    ORDER_REJECTED: refund,
    ORDER_CANCELLED: { cancelledBy: cancelledBy(actor), ...refund },
  }[template];
  await mail.send(em, { ...about, template, to: recipient.email, variables: { ...common, ...variables } });
}

type OrderMailKey = 'ORDER_PLACED' | 'ORDER_ACCEPTED' | 'ORDER_DELIVERED' | 'ORDER_REJECTED' | 'ORDER_CANCELLED';

function templateFor(to: OrderStatus, actor: Actor): OrderMailKey | null {
  switch (to) {
    case 'PLACED':
      return 'ORDER_PLACED';
    case 'ACCEPTED':
      return 'ORDER_ACCEPTED';
    case 'DELIVERED':
      return 'ORDER_DELIVERED';
    case 'CANCELLED':
      return actor.kind === 'PROVIDER' ? 'ORDER_REJECTED' : 'ORDER_CANCELLED';
    default:
      return null;
  }
}
