import type { Actor } from '../ledger/ledger.service.js';
import type { OrderStatus } from '../orders/order.entities.js';

const euro = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });

/** "€ 12,50" with a plain space (messages are plain text, also used in e-mail later). */
export function money(cents: number): string {
  return euro.format(cents / 100).replace(/\u00a0/g, ' ');
}

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
 * The Dutch inbox message for one order status change, in the formal "u". Every change gets one: placing the order,
 * waiting for and receiving the own contribution, acceptance, delivery and every kind of cancellation (with its reason
 * and what happens to the money).
 */
export function orderStatusMessage(change: OrderStatusChange): { title: string; body: string } {
  const { order, providerName: provider, from, to, actor, reason } = change;
  const n = order.number;
  const paragraphs: string[] = [];
  let title: string;

  switch (to) {
    case 'AWAITING_PAYMENT':
      title = `Bestelling ${n} wacht op uw betaling`;
      paragraphs.push(
        `Uw bestelling ${n} bij ${provider} is aangemaakt. Wij geven de bestelling door aan ${provider} zodra uw eigen bijdrage van ${money(order.contributionCents)} is betaald.`,
      );
      break;
    case 'PLACED':
      if (from === 'AWAITING_PAYMENT') {
        title = `Betaling ontvangen voor bestelling ${n}`;
        paragraphs.push(
          `Wij hebben uw eigen bijdrage van ${money(order.contributionCents)} ontvangen. Uw bestelling ${n} is doorgegeven aan ${provider}.`,
        );
      } else {
        title = `Bestelling ${n} is geplaatst`;
        paragraphs.push(`Uw bestelling ${n} is geplaatst bij ${provider}.`);
        if (order.budgetCents > 0) paragraphs.push(`Van uw tegoed is ${money(order.budgetCents)} gebruikt.`);
      }
      paragraphs.push(`U krijgt bericht zodra ${provider} de bestelling heeft geaccepteerd.`);
      break;
    case 'ACCEPTED':
      title = `Bestelling ${n} is geaccepteerd`;
      paragraphs.push(`Uw bestelling ${n} is geaccepteerd door ${provider}.`);
      paragraphs.push(
        'Bij de bestelling in uw account vindt u de afhaalcode. Die laat u zien als u de bestelling ophaalt.',
      );
      break;
    case 'DELIVERED':
      title = `Bestelling ${n} is geleverd`;
      paragraphs.push(`Uw bestelling ${n} is geleverd door ${provider}.`);
      break;
    case 'CANCELLED': {
      const byProvider = actor.kind === 'PROVIDER';
      title = byProvider ? `Bestelling ${n} is afgewezen` : `Bestelling ${n} is geannuleerd`;
      if (actor.kind === 'CUSTOMER') paragraphs.push(`U heeft uw bestelling ${n} bij ${provider} geannuleerd.`);
      else if (byProvider) paragraphs.push(`Uw bestelling ${n} is afgewezen door ${provider}.`);
      else if (actor.kind === 'STAFF')
        paragraphs.push(`De gemeente heeft uw bestelling ${n} bij ${provider} geannuleerd.`);
      else if (from === 'AWAITING_PAYMENT')
        paragraphs.push(`Uw bestelling ${n} bij ${provider} is geannuleerd, omdat de eigen bijdrage niet is betaald.`);
      else paragraphs.push(`Uw bestelling ${n} bij ${provider} is geannuleerd.`);
      // The customer's own cancellation needs no reason read back to them; everyone else's reason is shown.
      if (reason?.trim() && actor.kind !== 'CUSTOMER') paragraphs.push(`Reden: ${sentence(reason)}`);
      const money_: string[] = [];
      if (order.budgetCents > 0) money_.push(`Het tegoed van ${money(order.budgetCents)} staat weer op uw regeling.`);
      if (order.contributionCents > 0 && from !== 'AWAITING_PAYMENT') {
        money_.push(`Uw eigen bijdrage van ${money(order.contributionCents)} betalen wij aan u terug.`);
      }
      if (money_.length) paragraphs.push(money_.join(' '));
      break;
    }
    default:
      title = `Bestelling ${n} is gewijzigd`;
      paragraphs.push(`De status van uw bestelling ${n} bij ${provider} is gewijzigd.`);
  }
  return { title, body: paragraphs.join('\n\n') };
}
