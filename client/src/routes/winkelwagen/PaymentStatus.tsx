import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from '@apollo/client/react';
import { useCartActions } from '../../components/cart/cartActions';
import { useMutationForm } from '../../components/forms/useMutationForm';
import { Money } from '../../components/money/Money';
import { Alert } from '../../components/ui/Alert';
import { Loading } from '../../components/ui/Loading';
import { QueryError } from '../../components/ui/QueryError';
import { graphql } from '../../graphql/generated';
import type { PaymentStatus as PaymentStatusValue } from '../../graphql/generated/graphql';
import { urls } from '../../lib/urls';
import { OrderPlaced, type ContributionState } from './OrderPlaced';
import { PAYMENT_POLLING, usePollWhile } from '@/lib/usePollWhile';
import { paymentFailedTitle } from '@/vocabulary/paymentStatus';

const MyPaymentDocument = graphql(`
  query MyPayment($id: ID!) {
    myPayment(id: $id) {
      id
      status
      amountCents
      paymentUrl
      orders {
        id
        number
        status
        providerName
        totalCents
        budgetCents
        contributionCents
        allocations {
          assignmentId
          arrangementName
          amountCents
        }
        lines {
          id
          productId
          quantity
          beneficiaryId
        }
      }
    }
  }
`);

const StartContributionPaymentDocument = graphql(`
  mutation StartContributionPayment($paymentId: ID!) {
    startContributionPayment(paymentId: $paymentId) {
      paymentUrl
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

function stateOf(status: PaymentStatusValue): ContributionState {
  if (status === 'PAID') return 'paid';
  if (status === 'OPEN') return 'pending';
  return 'failed';
}

/**
 * /winkelwagen?betaling=<id>: the confirmation step after the payment page of the own contribution (the PSP sends the
 * resident back here), and where to go when the payment page could not be opened. The orders with what the budget
 * paid, and the payment's status: paid; pending (asked again every few seconds for a minute, and "Eigen bijdrage
 * betalen" opens the payment page again); failed (the orders are cancelled, the budget is back; "Opnieuw proberen"
 * puts the products back in the cart). One polite live region announces the status when it changes.
 */
export function PaymentStatus({ paymentId, onRetry }: { paymentId: string; onRetry: () => void }) {
  const { data, loading, error, refetch, startPolling, stopPolling } = useQuery(MyPaymentDocument, {
    variables: { id: paymentId },
    fetchPolicy: 'network-only',
  });
  const [start] = useMutation(StartContributionPaymentDocument);
  const cart = useCartActions();
  const [retryError, setRetryError] = useState<string | null>(null);
  const [retrying, setRetrying] = useState(false);
  const payment = useMutationForm({
    id: 'betalen',
    fields: [],
    mutate: async () => {
      const payload = (await start({ variables: { paymentId } })).data?.startContributionPayment;
      // Refused (paid meanwhile, or the payment service is down): show how the payment stands now.
      if (payload?.errors.length) void refetch().catch(() => undefined);
      return payload;
    },
    // The payment page of the payment service provider: a full page load.
    onSuccess: ({ paymentUrl }) => {
      if (paymentUrl) window.location.assign(paymentUrl);
    },
  });

  const found = data?.myPayment;
  const open = found?.status === 'OPEN';
  const gaveUp = usePollWhile(open, { startPolling, stopPolling }, PAYMENT_POLLING);

  if (loading && !data) {
    return (
      <div aria-busy="true">
        <Loading label="Wij kijken hoe uw betaling ervoor staat…" />
      </div>
    );
  }
  if (error && !data) {
    return <QueryError message="Uw betaling kon niet worden geladen." onRetry={() => void refetch()} />;
  }
  if (!found) {
    return (
      <Alert variant="warning" title="Betaling niet gevonden">
        <p>
          Wij vinden deze betaling niet bij uw huishouden. Bekijk{' '}
          <Link to={urls.account.orders()}>uw bestellingen</Link>.
        </p>
      </Alert>
    );
  }

  /** "Opnieuw proberen" after a failed payment: the products of the cancelled orders back in the cart, for the same members. */
  async function orderAgain() {
    setRetrying(true);
    const problems: string[] = [];
    for (const line of found!.orders.flatMap((o) => o.lines)) {
      const r = await cart.add(line.productId, line.quantity, line.beneficiaryId);
      problems.push(...r.errors);
    }
    setRetrying(false);
    if (problems.length) setRetryError(problems.join(' '));
    else onRetry();
  }

  const state = stateOf(found.status);
  let notice;
  if (state === 'paid') {
    notice = (
      <Alert variant="success" title="Uw betaling is gelukt">
        <p>
          Wij hebben uw eigen bijdrage van <Money cents={found.amountCents} /> ontvangen.{' '}
          {found.orders.length === 1 ? 'Uw bestelling is' : 'Uw bestellingen zijn'} doorgegeven aan de aanbieder.
        </p>
      </Alert>
    );
  } else if (state === 'pending') {
    notice = (
      <Alert variant={gaveUp ? 'warning' : 'info'} title="Uw betaling is nog niet binnen">
        <p>
          {gaveUp
            ? 'Het duurt langer dan gewoonlijk. Heeft u betaald? Dan verwerken wij de betaling zo snel mogelijk; vernieuw deze pagina over een paar minuten.'
            : 'Heeft u net betaald? Een moment geduld: wij wachten op de bevestiging. Deze melding werkt zichzelf bij.'}{' '}
          Nog niet betaald? U moet nog <Money cents={found.amountCents} /> betalen.
        </p>
        {payment.summary}
        <p>
          <button type="button" className="gw-button" onClick={() => void payment.submit()} disabled={payment.busy}>
            Eigen bijdrage betalen
          </button>
        </p>
      </Alert>
    );
  } else {
    notice = (
      <Alert variant="error" title={paymentFailedTitle[found.status] ?? 'Uw betaling is niet gelukt'}>
        <p>
          Daarom is uw bestelling geannuleerd. Het tegoed dat u ervoor gebruikte, staat weer op uw{' '}
          <Link to={urls.account.assignments()}>regelingen</Link>.
        </p>
        {retryError ? <p className="gw-field__error">{retryError}</p> : null}
        <div className="gw-actions">
          <button type="button" className="gw-button" onClick={() => void orderAgain()} disabled={retrying}>
            Opnieuw proberen
          </button>
          <Link to={urls.catalogue()}>Niet meer bestellen, terug naar het aanbod</Link>
        </div>
      </Alert>
    );
  }

  return (
    <OrderPlaced
      key={state}
      orders={found.orders}
      state={state}
      notice={
        <div role="status" aria-live="polite">
          {notice}
        </div>
      }
    />
  );
}
