/**
 * How an order reaches the resident, and how its hand-over was proven (DESIGN.md §4, "Card": a hand-over is proven by
 * the resident). Shared by the server (OrderService refuses a delivery its order's way of delivery does not allow; the
 * payout specification names the hand-over) and the screens (the provider's actions, the timeline, the payout batch).
 */

/** How the resident gets a product (Product.redemptionMethod; an order keeps its own copy from checkout). */
export type RedemptionMethodName = 'PICKUP' | 'DELIVERY' | 'VOUCHER_CODE';

/**
 * How an order was handed over (stored on its DELIVERED step, order_event.handover_method):
 * - COUNTER_CARD, COUNTER_PICKUP_CODE: at the counter (kassa-app), with the resident's card or the order's pickup code
 *   (typed or scanned);
 * - SENT_BY_PROVIDER: a product sent or delivered to the resident's address, marked by the provider without card or code;
 * - UNKNOWN: delivered before the hand-over was recorded (the migration's honest value for older orders).
 */
export type HandoverMethodName = 'COUNTER_CARD' | 'COUNTER_PICKUP_CODE' | 'SENT_BY_PROVIDER' | 'UNKNOWN';

/**
 * Does the resident prove the hand-over? A product picked up at the counter, or a voucher the resident redeems with
 * the provider: yes, with the card or the code. Only a product sent to the resident's address has no counter moment.
 */
export function needsResidentProof(method: RedemptionMethodName): boolean {
  return method !== 'DELIVERY';
}

/**
 * The way of delivery of an order with these lines: the strictest of its products. One line the resident must collect
 * (or redeem) makes the whole order a counter hand-over; only an order of nothing but sent products is sent.
 */
export function orderRedemptionMethod(lines: readonly RedemptionMethodName[]): RedemptionMethodName {
  if (lines.length && lines.every((m) => m === 'DELIVERY')) return 'DELIVERY';
  if (lines.length && lines.every((m) => m !== 'PICKUP')) return 'VOUCHER_CODE';
  return 'PICKUP';
}

/** May an order with this way of delivery be delivered with this hand-over? UNKNOWN is never a new hand-over. */
export function handoverAllowed(redemption: RedemptionMethodName, handover: HandoverMethodName): boolean {
  if (handover === 'UNKNOWN') return false;
  if (handover === 'SENT_BY_PROVIDER') return !needsResidentProof(redemption);
  return true;
}

/** The hand-over in the words of the timeline, the payout batch and the provider's payout specification. */
export const HANDOVER_LABEL: Record<HandoverMethodName, string> = {
  COUNTER_CARD: 'Afgegeven aan de balie met de pas',
  COUNTER_PICKUP_CODE: 'Afgegeven aan de balie met de afhaalcode',
  SENT_BY_PROVIDER: 'Verzonden door de aanbieder (zonder pas of code)',
  UNKNOWN: 'Onbekend (vóór registratie)',
};

/** The way of delivery in a provider's and staff member's words. */
export const REDEMPTION_LABEL: Record<RedemptionMethodName, string> = {
  PICKUP: 'Afhalen aan de balie',
  VOUCHER_CODE: 'Tegoedbon met code, in te wisselen bij de aanbieder',
  DELIVERY: 'Verzenden of bezorgen',
};

/** What the provider's order screen says instead of a "delivered" button for an order the resident collects. */
export const COUNTER_HANDOVER_HINT = 'Lever af aan de balie met de pas of de afhaalcode van de klant.';

/** The provider's own action for an order that is sent (never for one the resident collects). */
export const SEND_ACTION_LABEL = 'Markeren als verzonden';
