import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from '@apollo/client/react';
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
  const { data, loading, error, refetch } = useQuery(MyPaymentDocument, { variables: { id: paymentId }, fetchPolicy: 'network-only' });
  const [start, { loading: starting }] = useMutation(StartContributionPaymentDocument);
  const [problem, setProblem] = useState<string | null>(null);

  if (loading && !data) {
    return (
      <div aria-busy="true">
        <Loading />
      </div>
    );
  }
  if (error) return <QueryError message="Uw betaling kon niet worden geladen." onRetry={() => void refetch()} />;
  const payment = data?.myPayment;
  if (!payment) {
    return (
      <Alert variant="warning" title="Betaling niet gevonden">
        <p>
          Wij vinden deze betaling niet bij uw huishouden. Bekijk <Link to={urls.account.orders()}>uw bestellingen</Link>.
        </p>
      </Alert>
    );
  }

  async function pay() {
    setProblem(null);
    try {
      const r = await start({ variables: { paymentId } });
      const url = r.data?.startContributionPayment.paymentUrl;
      if (url) {
        window.location.assign(url);
        return;
      }
      setProblem(r.data?.startContributionPayment.errors.map((e) => e.message).join(' ') || 'De betaalpagina kon niet worden geopend.');
      void refetch();
    } catch {
      setProblem('De betaalpagina kon niet worden geopend. Probeer het over een paar minuten opnieuw.');
    }
  }

  const orderList = (
    <ul className="gw-order-numbers">
      {payment.orders.map((o) => (
        <li key={o.id}>
          <Link to={urls.account.order(o.id)}>Bestelling {o.number}</Link> bij {o.providerName}
        </li>
      ))}
    </ul>
  );

  switch (payment.status) {
    case 'OPEN':
      return (
        <Alert variant="info" title="Uw bestelling wacht op uw eigen bijdrage">
          <p>
            U moet nog <Money cents={payment.amountCents} /> betalen. Daarna gaat uw bestelling naar de aanbieder.
          </p>
          {orderList}
          <div role="alert">{problem ? <p className="gw-field__error">{problem}</p> : null}</div>
          <p>
            <button type="button" className="gw-button" onClick={() => void pay()} disabled={starting}>
              Eigen bijdrage betalen
            </button>
          </p>
        </Alert>
      );
    case 'PAID':
      return (
        <Alert variant="success" title="Uw betaling is gelukt">
          <p>
            Wij hebben uw eigen bijdrage van <Money cents={payment.amountCents} /> ontvangen. Uw bestelling is doorgegeven aan de aanbieder.
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
