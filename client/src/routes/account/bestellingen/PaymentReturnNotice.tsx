import { useQuery } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatCents } from '@/components/money/formatCents';
import { Alert } from '@/components/ui/Alert';
import { graphql } from '@/graphql/generated';
import type { PaymentStatus } from '@/graphql/generated/graphql';
import { urls } from '@/lib/urls';
import { PAYMENT_POLLING, usePollWhile } from '@/lib/usePollWhile';
import { paymentFailedTitle } from '@/vocabulary/paymentStatus';

const PaymentReturnDocument = graphql(`
  query PaymentReturn($id: ID!) {
    myPayment(id: $id) {
      id
      status
      amountCents
      paymentUrl
      orders {
        id
        number
        status
      }
    }
  }
`);

export type PaymentOutcome = 'pending' | 'paid' | 'failed' | 'unknown';

/** What the customer needs to know about a payment's status. */
export function paymentOutcome(status: PaymentStatus | null | undefined): PaymentOutcome {
  switch (status) {
    case 'OPEN':
      return 'pending';
    case 'PAID':
      return 'paid';
    case 'FAILED':
    case 'CANCELED':
    case 'EXPIRED':
      return 'failed';
    default:
      return 'unknown';
  }
}

interface PaymentReturnNoticeProps {
  paymentId: string;
  /** Called once the payment is settled, so the order list shows the orders' new status. */
  onSettled?: () => void;
}

/**
 * The Dutch notice on /account/bestellingen?betaling=<id> (the payment page now returns to the checkout's confirmation
 * step, /winkelwagen?betaling=<id>; this address keeps working for links made before): asks the server for the payment
 * (which checks with the payment service provider while it is open) and keeps asking for a minute while it is open.
 * One polite live region, so screen readers announce the outcome when it arrives.
 */
export function PaymentReturnNotice({ paymentId, onSettled }: PaymentReturnNoticeProps) {
  const { data, loading, error, startPolling, stopPolling } = useQuery(PaymentReturnDocument, {
    variables: { id: paymentId },
    fetchPolicy: 'network-only',
  });
  const payment = data?.myPayment;
  const outcome = loading && !data ? null : error && !data ? 'error' : paymentOutcome(payment?.status);

  const gaveUp = usePollWhile(outcome === 'pending', { startPolling, stopPolling }, PAYMENT_POLLING);

  // Once per payment: the orders changed status on the server.
  const settled = useRef(false);
  useEffect(() => {
    if ((outcome === 'paid' || outcome === 'failed') && !settled.current) {
      settled.current = true;
      onSettled?.();
    }
  }, [outcome, onSettled]);

  const numbers = payment?.orders.map((o) => o.number).join(', ');
  let notice = null;
  switch (outcome) {
    case 'pending':
      notice = gaveUp ? (
        <Alert variant="warning" title="Uw betaling is nog niet bevestigd">
          <p>
            Het duurt langer dan gewoonlijk. Heeft u betaald? Dan verwerken wij de betaling zo snel mogelijk; vernieuw
            deze pagina over een paar minuten. Heeft u nog niet betaald?{' '}
            {payment?.paymentUrl ? (
              <a href={payment.paymentUrl}>Ga naar de betaalpagina</a>
            ) : (
              'Ga dan opnieuw naar de betaalpagina.'
            )}
          </p>
        </Alert>
      ) : (
        <Alert variant="info" title="Wij verwerken uw betaling">
          <p>Een moment geduld: wij wachten op de bevestiging van uw betaling. Deze melding werkt zichzelf bij.</p>
        </Alert>
      );
      break;
    case 'paid':
      notice = (
        <Alert variant="success" title="Uw betaling is gelukt">
          <p>
            Wij hebben uw eigen bijdrage van {formatCents(payment!.amountCents)} ontvangen.{' '}
            {payment!.orders.length === 1 ? `Bestelling ${numbers} is` : `De bestellingen ${numbers} zijn`} doorgegeven
            aan de aanbieder.
          </p>
        </Alert>
      );
      break;
    case 'failed':
      notice = (
        <Alert variant="error" title={paymentFailedTitle[payment!.status] ?? 'Uw betaling is niet gelukt'}>
          <p>
            Daarom {payment!.orders.length === 1 ? `is bestelling ${numbers}` : `zijn de bestellingen ${numbers}`}{' '}
            geannuleerd. Het tegoed dat u ervoor gebruikte, staat weer op uw{' '}
            <Link to={urls.account.assignments()}>regelingen</Link>. U kunt opnieuw bestellen via het{' '}
            <Link to={urls.catalogue()}>aanbod</Link>.
          </p>
        </Alert>
      );
      break;
    case 'unknown':
      notice = (
        <Alert variant="warning" title="Betaling niet gevonden">
          <p>Wij kunnen deze betaling niet vinden. Hieronder ziet u de status van al uw bestellingen.</p>
        </Alert>
      );
      break;
    case 'error':
      notice = (
        <Alert variant="warning" title="De status van uw betaling is nog niet bekend">
          <p>Wij konden de betaling nu niet controleren. Vernieuw deze pagina over een paar minuten.</p>
        </Alert>
      );
      break;
    default:
      notice = null;
  }
  return (
    <div role="status" aria-live="polite">
      {notice}
    </div>
  );
}
