import { graphql } from '../../graphql/generated';

/**
 * The order actions of providers (accept, the hand-over at the counter or "verzonden" and its undo, reject), staff (cancel) and customers (cancel their own): each
 * returns the order as it is now (status, reason, timeline), so the cache and every screen that shows it follow.
 * Shared by the provider's order screen, the counter (kassa-app), the staff order screen and the customer's.
 *
 * OrderAfterAction is what every action answers with, besides what that action changes:
 * `order { ...OrderAfterAction @unmask }`.
 */
export const OrderAfterActionFragment = graphql(`
  fragment OrderAfterAction on Order {
    id
    status
    ...OrderTimeline_order
  }
`);

export const AcceptOrderDocument = graphql(`
  mutation AcceptOrder($id: ID!) {
    acceptOrder(id: $id) {
      order {
        ...OrderAfterAction @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/**
 * The counter hands an order over with the card number or pickup code the customer showed (typed or scanned): the only
 * way an order the customer collects becomes delivered.
 */
export const DeliverAtCounterDocument = graphql(`
  mutation DeliverAtCounter($code: String!, $orderId: ID!) {
    deliverAtCounter(code: $code, orderId: $orderId) {
      undoUntil
      order {
        ...OrderAfterAction @unmask
        handoverMethod
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** "Markeren als verzonden": an order the provider sends to the customer (never one the customer collects). */
export const DeliverOrderDocument = graphql(`
  mutation DeliverOrder($id: ID!) {
    deliverOrder(id: $id) {
      undoUntil
      order {
        ...OrderAfterAction @unmask
        handoverMethod
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** The counter's "Ongedaan maken", shortly after a hand-over (the server keeps the time limit). */
export const UndoDeliveryDocument = graphql(`
  mutation UndoDelivery($id: ID!) {
    undoDelivery(id: $id) {
      order {
        ...OrderAfterAction @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

export const RejectOrderDocument = graphql(`
  mutation RejectOrder($id: ID!, $reason: String!) {
    rejectOrder(id: $id, reason: $reason) {
      refundCents
      order {
        ...OrderAfterAction @unmask
        cancelReason
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

export const CancelOrderDocument = graphql(`
  mutation CancelOrder($id: ID!, $reason: String!) {
    cancelOrder(id: $id, reason: $reason) {
      refundCents
      order {
        ...OrderAfterAction @unmask
        cancelReason
        ...OrderPayment_order
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);
