import { useCallback } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/layout/Page';
import { ConnectionTable, useConnection, type Column } from '@/components/lists';
import { orderColumns } from '@/components/orders/orderColumns';
import { graphql } from '@/graphql/generated';
import type { MyOrdersQuery } from '@/graphql/generated/graphql';
import { isUuid } from '@/lib/params';
import { searchParams, urls } from '@/lib/urls';
import { useSearchParam } from '@/lib/urlState';
import { OnBehalfNote } from './OnBehalfNote';
import { PaymentReturnNotice } from './PaymentReturnNotice';

const MyOrdersDocument = graphql(`
  query MyOrders($filter: MyOrderFilter, $first: Int, $after: String) {
    myOrders(filter: $filter, first: $first, after: $after) {
      ...OrderListPage @unmask
      edges {
        node {
          providerName
          budgetCents
          contributionCents
          placedOnBehalf
          onBehalfReason
        }
      }
    }
  }
`);

type Order = MyOrdersQuery['myOrders']['edges'][number]['node'];

const columns: Column<Order>[] = [
  orderColumns.number(urls.account.order),
  {
    header: 'Aanbieder',
    cell: (o) => (
      <>
        {o.providerName}
        {o.placedOnBehalf ? <OnBehalfNote reason={o.onBehalfReason} /> : null}
      </>
    ),
  },
  orderColumns.orderedOn(false),
  orderColumns.status(),
  orderColumns.amount('Totaal', (o) => o.totalCents),
  orderColumns.amount('Van tegoed', (o) => o.budgetCents),
  orderColumns.amount('Eigen bijdrage', (o) => o.contributionCents),
];

/**
 * /account/bestellingen: the household's orders, newest first. After paying an own contribution the payment page
 * sends the customer back here with ?betaling=<id>; a notice then says how the payment went.
 */
export default function OrdersScreen() {
  const [betaling] = useSearchParam(searchParams.payment);
  const paymentId = betaling && isUuid(betaling) ? betaling : null;
  const list = useConnection(MyOrdersDocument, { variables: {}, field: 'myOrders' });
  const { refetch } = list;
  const refreshOrders = useCallback(() => void refetch(), [refetch]);

  return (
    <Page title="Bestellingen">
      {paymentId ? <PaymentReturnNotice paymentId={paymentId} onSettled={refreshOrders} /> : null}
      <ConnectionTable
        list={list}
        caption="Uw bestellingen, de nieuwste eerst"
        columns={columns}
        filtered={false}
        empty={
          <div className="gw-prose">
            <p>U heeft nog geen bestellingen.</p>
            <p>
              <Link to={urls.catalogue()}>Bekijk het aanbod</Link> en betaal met het tegoed van uw{' '}
              <Link to={urls.account.assignments()}>regelingen</Link>.
            </p>
          </div>
        }
        emptyFiltered={null}
        errorMessage="Uw bestellingen konden niet worden geladen."
        moreLabel="Meer bestellingen laden"
      />
    </Page>
  );
}
