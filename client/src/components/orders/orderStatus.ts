import { HANDOVER_LABEL } from '@rules/handover';
import type { HandoverMethod, OrderStatus } from '../../graphql/generated/graphql';

/** Whose words the timeline speaks: "door u" for the customer, "door de klant" for everyone else. */
export type OrderPerspective = 'customer' | 'provider' | 'staff';

export interface OrderEventLike {
  fromStatus?: OrderStatus | null;
  toStatus: OrderStatus;
  /** CUSTOMER, PROVIDER, STAFF, SYSTEM or API_CLIENT. */
  actorKind: string;
  reason?: string | null;
  /** On a step to DELIVERED: how the order was handed over. */
  handoverMethod?: HandoverMethod | null;
}

/** A delivery step in words: how it was handed over (at the counter with the card or the code, sent, or unknown). */
function delivered(handover: HandoverMethod | null | undefined): string {
  if (!handover) return 'Geleverd';
  if (handover === 'UNKNOWN') return 'Geleverd; hoe is onbekend (vóór registratie)';
  return HANDOVER_LABEL[handover];
}

function cancelledBy(actorKind: string, perspective: OrderPerspective): string {
  switch (actorKind) {
    case 'CUSTOMER':
      return perspective === 'customer' ? 'Geannuleerd door u' : 'Geannuleerd door de klant';
    case 'PROVIDER':
      return perspective === 'provider' ? 'Afgewezen door u' : 'Afgewezen door de aanbieder';
    case 'STAFF':
      return 'Geannuleerd door de gemeente';
    default:
      return 'Geannuleerd';
  }
}

/** What happened in one step of the order's timeline, in Dutch. */
export function orderEventLabel(event: OrderEventLike, perspective: OrderPerspective = 'customer'): string {
  const { fromStatus, toStatus, actorKind } = event;
  // "Markeren als geleverd" taken back at the counter (undoDelivery): the order is open again.
  if (fromStatus === 'DELIVERED') {
    return perspective === 'provider'
      ? 'Levering ongedaan gemaakt door u; de bestelling staat weer open'
      : 'Levering ongedaan gemaakt door de aanbieder; de bestelling staat weer open';
  }
  switch (toStatus) {
    case 'AWAITING_PAYMENT':
      return 'Bestelling aangemaakt; wacht op betaling van de eigen bijdrage';
    case 'PLACED':
      return fromStatus === 'AWAITING_PAYMENT'
        ? 'Eigen bijdrage betaald; bestelling doorgegeven aan de aanbieder'
        : 'Bestelling geplaatst';
    case 'ACCEPTED':
      return perspective === 'provider' ? 'Geaccepteerd door u' : 'Geaccepteerd door de aanbieder';
    case 'DELIVERED':
      return delivered(event.handoverMethod);
    case 'CANCELLED':
      return fromStatus === 'AWAITING_PAYMENT' && actorKind === 'SYSTEM'
        ? 'Geannuleerd: de eigen bijdrage is niet betaald'
        : cancelledBy(actorKind, perspective);
    default:
      return 'Status gewijzigd';
  }
}
