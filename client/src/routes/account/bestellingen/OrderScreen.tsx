import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../../components/dates/formatDate';
import { Page } from '../../../components/layout/Page';
import { Money } from '../../../components/money/Money';
import { OrderLinesTable } from '../../../components/orders/OrderLinesTable';
import { OrderStatusBadge } from '../../../components/orders/OrderStatusBadge';
import { OrderTimeline } from '../../../components/orders/OrderTimeline';
import { QrCode } from '../../../components/orders/QrCode';
import { Loading } from '../../../components/ui/Loading';
import { QueryError } from '../../../components/ui/QueryError';
import { graphql } from '../../../graphql/generated';
import type { AccountOrderQuery } from '../../../graphql/generated/graphql';
import { urls } from '../../../lib/urls';
import NotFoundScreen from '../../NotFoundScreen';
import { CancelOrder } from './CancelOrder';

const AccountOrderDocument = graphql(`
  query AccountOrder($id: ID!) {
    order(id: $id) {
      id
      number
      status
      providerName
      createdAt
      totalCents
      budgetCents
      contributionCents
      pickupCode
      cancelReason
      lines {
        id
        title
        quantity
        unitPriceCents
        totalCents
      }
      events {
        fromStatus
        toStatus
        actorKind
        reason
        at
      }
      allocations {
        assignmentId
        arrangementName
        amountCents
      }
    }
  }
`);

type Order = NonNullable<AccountOrderQuery['order']>;

function PickupCode({ order }: { order: Order }) {
  if (order.status === 'AWAITING_PAYMENT') {
    return <p>U ziet hier de afhaalcode zodra uw eigen bijdrage is betaald.</p>;
  }
  if (!order.pickupCode || (order.status !== 'PLACED' && order.status !== 'ACCEPTED')) {
    return order.status === 'DELIVERED' ? <p>Deze bestelling is geleverd. U heeft de afhaalcode niet meer nodig.</p> : null;
  }
  const spelled = order.pickupCode.split('').join(' ');
  return (
    <div className="gw-pickup">
      <div>
        <p className="gw-pickup__code">
          <span aria-hidden="true">{order.pickupCode}</span>
          <span className="gw-visually-hidden">{spelled}</span>
        </p>
        <p>Laat deze code of de QR-code zien bij {order.providerName}. De aanbieder kan ook uw pas scannen.</p>
      </div>
      <QrCode value={order.pickupCode} label={`QR-code van afhaalcode ${order.pickupCode}`} size={176} />
    </div>
  );
}

function Payment({ order }: { order: Order }) {
  const refunded = order.status === 'CANCELLED';
  const unpaid = order.status === 'AWAITING_PAYMENT';
  return (
    <div className="gw-table-wrapper">
      <table className="gw-table">
        <caption>Zo is de bestelling betaald</caption>
        <thead>
          <tr>
            <th scope="col">Betaald met</th>
            <th scope="col" className="gw-num">
              Bedrag
            </th>
          </tr>
        </thead>
        <tbody>
          {order.allocations.map((allocation) => (
            <tr key={allocation.assignmentId}>
              <th scope="row">Tegoed: {allocation.arrangementName}</th>
              <td className="gw-num">
                <Money cents={allocation.amountCents} />
              </td>
            </tr>
          ))}
          <tr>
            <th scope="row">
              Eigen bijdrage
              {order.contributionCents > 0 && unpaid ? ' (nog te betalen)' : ''}
            </th>
            <td className="gw-num">
              <Money cents={order.contributionCents} />
            </td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Totaal</th>
            <td className="gw-num">
              <strong>
                <Money cents={order.totalCents} />
              </strong>
            </td>
          </tr>
        </tfoot>
      </table>
      {refunded && order.budgetCents > 0 ? (
        <p>
          De bestelling is geannuleerd: het tegoed staat weer op uw regeling
          {order.contributionCents > 0 ? ' en een betaalde eigen bijdrage betalen wij aan u terug' : ''}.
        </p>
      ) : null}
    </div>
  );
}

/** /account/bestellingen/:orderId — one of the household's orders: lines, payment, timeline, pickup code, cancel. */
export default function OrderScreen() {
  const { orderId = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(AccountOrderDocument, {
    variables: { id: orderId },
    fetchPolicy: 'cache-and-network',
  });

  if (loading && !data) {
    return (
      <Page title="Bestelling">
        <div aria-busy="true">
          <Loading />
        </div>
      </Page>
    );
  }
  if (error && !data) {
    return (
      <Page title="Bestelling">
        <QueryError message="Deze bestelling kon niet worden geladen." onRetry={() => void refetch()} />
      </Page>
    );
  }
  const order = data?.order;
  if (!order) return <NotFoundScreen />;

  return (
    <Page title={`Bestelling ${order.number}`} crumb={order.number}>
      <dl className="gw-definition-list">
        <dt>Status</dt>
        <dd>
          <OrderStatusBadge status={order.status} />
        </dd>
        <dt>Aanbieder</dt>
        <dd>{order.providerName}</dd>
        <dt>Besteld op</dt>
        <dd>
          <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
        </dd>
        {order.cancelReason && order.status === 'CANCELLED' ? (
          <>
            <dt>Reden annulering</dt>
            <dd>{order.cancelReason}</dd>
          </>
        ) : null}
      </dl>

      <h2>Afhaalcode</h2>
      <PickupCode order={order} />

      <h2>Wat u heeft besteld</h2>
      <OrderLinesTable lines={order.lines} caption={`Producten in bestelling ${order.number}`} hideCaption />

      <h2>Betaling</h2>
      <Payment order={order} />

      <h2>Verloop</h2>
      <OrderTimeline events={order.events} />

      <CancelOrder order={order} />

      <p>
        <Link to={urls.account.orders()}>Terug naar uw bestellingen</Link>
      </p>
    </Page>
  );
}
