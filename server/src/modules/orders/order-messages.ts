import type { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../ledger/index.js';
import type { OrderStatus } from './order.entities.js';
import type { OrderBatchListener } from './order.service.js';
import type { MessageService } from '../messages/index.js';
import type { SettingsService } from '../settings/index.js';
import { money } from '../../platform/money.js';
import { providerNamesOf } from './order-messages.queries.js';
import { CommunicationTemplate } from '../communication/index.js';
import {
  templateTexts,
  renderTemplate,
  TemplateError,
  variantOf,
  type TemplateKey,
  type TemplateValue,
  type Wording,
} from '../communication/index.js';

export interface OrderStatusChange {
  order: { number: string; budgetCents: number; contributionCents: number };
  providerName: string;
  from: OrderStatus | null;
  to: OrderStatus;
  actor: Pick<Actor, 'kind'>;
  reason: string | null;
}

function sentence(text: string): string {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

/**
 * Which inbox template tells the household about one order status change, with its variables. Every change gets one:
 * placing the order, waiting for and receiving the own contribution, acceptance, delivery and every kind of
 * cancellation (with its reason and what happens to the money). The texts are the INBOX_ORDER_* templates staff edit
 * at beheer/communicatie/sjablonen.
 */
export function orderStatusTemplate(change: OrderStatusChange): {
  key: TemplateKey;
  variables: Record<string, TemplateValue>;
} {
  const { order, providerName, from, to, actor, reason } = change;
  const common = { orderNumber: order.number, providerName };
  switch (to) {
    case 'AWAITING_PAYMENT':
      return {
        key: 'INBOX_ORDER_AWAITING_PAYMENT',
        variables: { ...common, contributionAmount: money(order.contributionCents) },
      };
    case 'PLACED':
      if (from === 'AWAITING_PAYMENT')
        return {
          key: 'INBOX_ORDER_PAYMENT_RECEIVED',
          variables: { ...common, contributionAmount: money(order.contributionCents) },
        };
      return {
        key: 'INBOX_ORDER_PLACED',
        variables: { ...common, budgetUsed: order.budgetCents > 0, budgetAmount: money(order.budgetCents) },
      };
    case 'ACCEPTED':
      return { key: 'INBOX_ORDER_ACCEPTED', variables: common };
    case 'DELIVERED':
      return { key: 'INBOX_ORDER_DELIVERED', variables: common };
    case 'CANCELLED': {
      const by =
        actor.kind === 'CUSTOMER'
          ? 'klant'
          : actor.kind === 'PROVIDER'
            ? 'aanbieder'
            : actor.kind === 'STAFF'
              ? 'gemeente'
              : from === 'AWAITING_PAYMENT'
                ? 'niet-betaald'
                : 'systeem';
      return {
        key: 'INBOX_ORDER_CANCELLED',
        variables: {
          ...common,
          by,
          // The customer's own cancellation needs no reason read back to them; everyone else's reason is shown.
          reason: reason?.trim() && actor.kind !== 'CUSTOMER' ? sentence(reason) : '',
          budgetReturned: order.budgetCents > 0,
          budgetAmount: money(order.budgetCents),
          contributionRefunded: order.contributionCents > 0 && from !== 'AWAITING_PAYMENT',
          contributionAmount: money(order.contributionCents),
        },
      };
    }
    default:
      return { key: 'INBOX_ORDER_CHANGED', variables: common };
  }
}

/** The Dutch inbox message for one order status change, rendered from its template in the platform's wording. */
export async function orderStatusMessage(
  em: EntityManager,
  change: OrderStatusChange,
  wording: Wording,
): Promise<{ title: string; body: string }> {
  const { key, variables } = orderStatusTemplate(change);
  const template = await em.findOne(CommunicationTemplate, { key });
  if (!template) throw new TemplateError(`template ${key} does not exist`);
  const { subject, body } = renderTemplate(key, variantOf(template, wording), variables);
  return { title: subject, body };
}

/**
 * The order status listener for the inbox (registered once, in app/services.ts): one Dutch message to the household for
 * every status change, written in the transaction of the change, so the message exists exactly when the change does.
 * The changes made together (a checkout's orders) get their templates in one read and their messages in one insert.
 */
export function orderStatusMessages(
  messages: Pick<MessageService, 'sendPersonalMany'>,
  settings?: Pick<SettingsService, 'get'>,
): OrderBatchListener {
  return async (em, changes) => {
    if (!changes.length) return;
    const missing = [...new Set(changes.filter((c) => c.providerName == null).map((c) => c.order.providerId))];
    const looked = missing.length ? await providerNamesOf(em, missing) : new Map<string, string>();
    // The text is the INBOX_ORDER_* template, in the wording the platform uses (formal without settings).
    const wording = settings ? (await settings.get('communication', em)).wording : 'FORMAL';
    const chosen = changes.map((change) => {
      const providerName = change.providerName ?? looked.get(change.order.providerId) ?? 'de aanbieder';
      const { order, from, to, actor, reason } = change;
      return { order, ...orderStatusTemplate({ order, providerName, from, to, actor, reason }) };
    });
    const keys = [...new Set(chosen.map((c) => c.key))];
    // The texts only (a prepared statement, no entities): every checkout reads them.
    const templates = new Map((await templateTexts(em, keys)).map((t) => [t.key as TemplateKey, t]));
    await messages.sendPersonalMany(
      em,
      chosen.map(({ order, key, variables }) => {
        const template = templates.get(key);
        if (!template) throw new TemplateError(`template ${key} does not exist`);
        const { subject, body } = renderTemplate(key, variantOf(template, wording), variables);
        return {
          municipalityId: order.municipalityId,
          clientGroupId: order.clientGroupId,
          orderId: order.id,
          title: subject,
          body,
        };
      }),
    );
  };
}
