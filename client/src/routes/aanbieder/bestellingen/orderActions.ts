import { graphql } from '../../../graphql/generated';

/** The provider's order actions; each returns the order as it is now, so the cache (and every screen) follows. */
export const AcceptOrderDocument = graphql(`
  mutation AcceptOrder($id: ID!) {
    acceptOrder(id: $id) {
      order {
        id
        status
        events {
          fromStatus
          toStatus
          actorKind
          reason
          at
        }
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
      order {
        id
        status
        events {
          fromStatus
          toStatus
          actorKind
          reason
          at
        }
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
        events {
          fromStatus
          toStatus
          actorKind
          reason
          at
        }
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** Same as the server (ORDER_REASON_RULES). */
export const REASON_RULES = { min: 5, max: 1000 } as const;

/** A Dutch message for a reason that the server would refuse, or null. */
export function reasonProblem(reason: string, who: string): string | null {
  const length = [...reason.trim()].length;
  if (length < REASON_RULES.min) return `Geef een reden op (minstens ${REASON_RULES.min} tekens). ${who}`;
  if (length > REASON_RULES.max) return `De reden mag hoogstens ${REASON_RULES.max.toLocaleString('nl-NL')} tekens lang zijn.`;
  return null;
}

export const SERVICE_ERROR = 'Dat is niet gelukt door een storing. Probeer het over een paar minuten opnieuw.';
