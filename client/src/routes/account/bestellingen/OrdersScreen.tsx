import { useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '../../../components/dates/formatDate';
import { Page } from '../../../components/layout/Page';
import { Money } from '../../../components/money/Money';
import { OrderStatusBadge } from '../../../components/orders/OrderStatusBadge';
import { Loading } from '../../../components/ui/Loading';
import { QueryError } from '../../../components/ui/QueryError';
import { graphql } from '../../../graphql/generated';
import { isUuid } from '../../../lib/params';
import { urls } from '../../../lib/urls';
import { PaymentReturnNotice } from './PaymentReturnNotice';

const MyOrdersDocument = graphql(`
  query MyOrders {
    myOrders {
      id
      number
      status
      providerName
      createdAt
      totalCents
      budgetCents
      contributionCents
    }
  }
`);

const TITLE = 'Bestellingen';

/**
 * /account/bestellingen: the household's orders, newest first. After paying an own contribution the payment page
 * sends the customer back here with ?betaling=<id>; a notice then says how the payment went.
 */
export default function OrdersScreen() {
  const [searchParams] = useSearchParams();
  const betaling = searchParams.get('betaling');
  const paymentId = betaling && isUuid(betaling) ? betaling : null;
  const { data, loading, error, refetch } = useQuery(MyOrdersDocument, { fetchPolicy: 'cache-and-network' });
  const orders = data?.myOrders ?? [];
  const refreshOrders = useCallback(() => void refetch().catch(() => undefined), [refetch]);

  if (loading && !data) {
    return (
      <Page title={TITLE}>
        <div aria-busy="true">
          <Loading />
        </div>
      </Page>
    );
  }
  if (error && !data) {
    return (
      <Page title={TITLE}>
        <QueryError message="Uw bestellingen konden niet worden geladen." onRetry={() => void refetch()} />
      </Page>
    );
  }

  return (
    <Page title={TITLE}>
      {paymentId ? (
        <PaymentReturnNotice paymentId={paymentId} onSettled={refreshOrders} />
      ) : null}
      {orders.length === 0 ? (
        <div className="gw-prose">
          <p>U heeft nog geen bestellingen.</p>
          <p>
            <Link to={urls.catalogue()}>Bekijk het aanbod</Link> en betaal met het tegoed van uw{' '}
            <Link to={urls.account.assignments()}>regelingen</Link>.
          </p>
        </div>
      ) : (
        <div className="gw-table-wrapper">
          <table className="gw-table">
            <caption>Uw bestellingen, de nieuwste eerst</caption>
            <thead>
              <tr>
                <th scope="col">Bestelnummer</th>
                <th scope="col">Aanbieder</th>
                <th scope="col">Besteld op</th>
                <th scope="col">Status</th>
                <th scope="col" className="gw-num">
                  Totaal
                </th>
                <th scope="col" className="gw-num">
                  Van tegoed
                </th>
                <th scope="col" className="gw-num">
                  Eigen bijdrage
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <th scope="row">
                    <Link to={urls.account.order(order.id)}>{order.number}</Link>
                  </th>
                  <td>{order.providerName}</td>
                  <td>
                    <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
                  </td>
                  <td>
                    <OrderStatusBadge status={order.status} />
                  </td>
                  <td className="gw-num">
                    <Money cents={order.totalCents} />
                  </td>
                  <td className="gw-num">
                    <Money cents={order.budgetCents} />
                  </td>
                  <td className="gw-num">
                    <Money cents={order.contributionCents} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}
