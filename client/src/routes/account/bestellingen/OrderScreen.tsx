import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router';
import { Page } from '@/components/layout/Page';
import { OrderLinesTable } from '@/components/orders/OrderLinesTable';
import { OrderPayment } from '@/components/orders/OrderPayment';
import { OrderSummary } from '@/components/orders/OrderSummary';
import { OrderTimeline } from '@/components/orders/OrderTimeline';
import { QrCode } from '@/components/orders/QrCode';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import type { AccountOrderQuery } from '@/graphql/generated/graphql';
import { urls } from '@/lib/urls';
import { CancelOrder } from './CancelOrder';
import { OnBehalfNote } from './OnBehalfNote';
import { UnpaidContribution } from './UnpaidContribution';

const AccountOrderDocument = graphql(`
  query AccountOrder($id: ID!) {
    order(id: $id) {
      id
      number
      status
      providerName
      budgetCents
      contributionCents
      pickupCode
      redemptionMethod
      placedOnBehalf
      onBehalfReason
      ...OrderSummary_order
      ...OrderLinesTable_order
      ...OrderPayment_order
      ...OrderTimeline_order
    }
  }
`);

type Order = NonNullable<AccountOrderQuery['order']>;

function PickupCode({ order }: { order: Order }) {
  if (order.status === 'AWAITING_PAYMENT') {
    return <p>U ziet hier de afhaalcode zodra uw eigen bijdrage is betaald.</p>;
  }
  if (!order.pickupCode || (order.status !== 'PLACED' && order.status !== 'ACCEPTED')) {
    return order.status === 'DELIVERED' ? (
      <p>Deze bestelling is geleverd. U heeft de afhaalcode niet meer nodig.</p>
    ) : null;
  }
  if (order.redemptionMethod === 'DELIVERY') {
    return <p>{order.providerName} verzendt of bezorgt deze bestelling bij u. U heeft geen afhaalcode nodig.</p>;
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

/** /account/bestellingen/:orderId — one of the household's orders: lines, payment, timeline, pickup code, cancel. */
export default function OrderScreen() {
  const { orderId = '' } = useParams();
  const query = useQuery(AccountOrderDocument, { variables: { id: orderId }, fetchPolicy: 'cache-and-network' });
  return (
    <QueryBoundary
      query={query}
      select={(d) => d.order}
      title="Bestelling"
      errorMessage="Deze bestelling kon niet worden geladen."
    >
      {(order) => (
        <Page title={`Bestelling ${order.number}`} crumb={order.number}>
          <OrderSummary order={order} />
          {order.placedOnBehalf ? <OnBehalfNote reason={order.onBehalfReason} /> : null}
          {order.contributionCents > 0 ? <UnpaidContribution order={order} /> : null}

          <h2>Afhaalcode</h2>
          <PickupCode order={order} />

          <h2>Wat u heeft besteld</h2>
          <OrderLinesTable order={order} hideCaption />

          <h2>Betaling</h2>
          <OrderPayment order={order} perspective="customer" />

          <h2>Verloop</h2>
          <OrderTimeline order={order} />

          <CancelOrder order={order} />

          <p>
            <Link to={urls.account.orders()}>Terug naar uw bestellingen</Link>
          </p>
        </Page>
      )}
    </QueryBoundary>
  );
}
