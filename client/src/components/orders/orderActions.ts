import { graphql } from '../../graphql/generated';

/**
 * The order actions of providers (accept, deliver and its undo, reject), staff (cancel) and customers (cancel their own): each
 * returns the order as it is now (status, reason, timeline), so the cache and every screen that shows it follow.
 * Shared by the provider's order screen, the counter (kassa-app), the staff order screen and the customer's.
 */
export const AcceptOrderDocument = graphql(`
  mutation AcceptOrder($id: ID!) {
    acceptOrder(id: $id) {
      order {
        id
        status
        ...OrderTimeline_order
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

export const DeliverOrderDocument = graphql(`
  mutation DeliverOrder($id: ID!) {
    deliverOrder(id: $id) {
      undoUntil
      order {
        id
        status
        ...OrderTimeline_order
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** The counter's "Ongedaan maken", shortly after "Markeren als geleverd" (the server keeps the time limit). */
export const UndoDeliveryDocument = graphql(`
  mutation UndoDelivery($id: ID!) {
    undoDelivery(id: $id) {
      order {
        id
        status
        ...OrderTimeline_order
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
        id
        status
        cancelReason
        ...OrderTimeline_order
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
        id
        status
        cancelReason
        ...OrderTimeline_order
        ...OrderPayment_order
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);
