import { Link } from 'react-router';
import { useMutation, useQuery } from '@apollo/client/react';
import { useMutationForm } from '../../components/forms/useMutationForm';
import { Money } from '../../components/money/Money';
import { Alert } from '../../components/ui/Alert';
import { Loading } from '../../components/ui/Loading';
import { QueryError } from '../../components/ui/QueryError';
import { graphql } from '../../graphql/generated';
import { urls } from '../../lib/urls';

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

/**
 * /winkelwagen?betaling=<id>: an own-contribution payment of the household, e.g. when the payment page could not be
 * opened right after ordering. Shows how it stands and, while it is open, lets the resident (re)open the payment page.
 */
export function PaymentStatus({ paymentId }: { paymentId: string }) {
  const { data, loading, error, refetch } = useQuery(MyPaymentDocument, {
    variables: { id: paymentId },
    fetchPolicy: 'network-only',
  });
  const [start] = useMutation(StartContributionPaymentDocument);
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

  if (loading && !data) {
    return (
      <div aria-busy="true">
        <Loading />
      </div>
    );
  }
  if (error) return <QueryError message="Uw betaling kon niet worden geladen." onRetry={() => void refetch()} />;
  const found = data?.myPayment;
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

  const orderList = (
    <ul className="gw-order-numbers">
      {found.orders.map((o) => (
        <li key={o.id}>
          <Link to={urls.account.order(o.id)}>Bestelling {o.number}</Link> bij {o.providerName}
        </li>
      ))}
    </ul>
  );

  switch (found.status) {
    case 'OPEN':
      return (
        <Alert variant="info" title="Uw bestelling wacht op uw eigen bijdrage">
          <p>
            U moet nog <Money cents={found.amountCents} /> betalen. Daarna gaat uw bestelling naar de aanbieder.
          </p>
          {orderList}
          {payment.summary}
          <p>
            <button type="button" className="gw-button" onClick={() => void payment.submit()} disabled={payment.busy}>
              Eigen bijdrage betalen
            </button>
          </p>
        </Alert>
      );
    case 'PAID':
      return (
        <Alert variant="success" title="Uw betaling is gelukt">
          <p>
            Wij hebben uw eigen bijdrage van <Money cents={found.amountCents} /> ontvangen. Uw bestelling is doorgegeven
            aan de aanbieder.
          </p>
          {orderList}
        </Alert>
      );
    default:
      return (
        <Alert variant="error" title="Uw betaling is niet gelukt">
          <p>
            Daarom is uw bestelling geannuleerd. Het tegoed dat u ervoor gebruikte, staat weer op uw{' '}
            <Link to={urls.account.assignments()}>regelingen</Link>.
          </p>
          {orderList}
        </Alert>
      );
  }
}
