import { COUNTER_HANDOVER_HINT } from '@rules/handover';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { Page } from '@/components/layout/Page';
import { useFiltering } from '@/components/lists/useFiltering';
import { ConnectionTable, FilterForm, useConnection, type Column, type Filters } from '@/components/lists';
import { orderColumns } from '@/components/orders/orderColumns';
import { linesSummary, ORDER_STATUS_PARAM, orderStatusFilter } from '@/components/orders/orderFilters';
import { formatCount } from '@/components/dates/formatDate';
import { orderStatusLabel } from '@/vocabulary/orderStatus';
import { graphql } from '@/graphql/generated';
import type { ProviderOrdersQuery } from '@/graphql/generated/graphql';
import { urls } from '@/lib/urls';

const ProviderOrdersDocument = graphql(`
  query ProviderOrders($filter: ProviderOrderFilter, $first: Int, $after: String) {
    providerOrders(filter: $filter, first: $first, after: $after) {
      ...OrderListPage @unmask
      edges {
        node {
          customerFirstName
          lines {
            id
            title
            quantity
          }
        }
      }
    }
  }
`);

/** How many orders wait for the provider to accept them: the count in the page's heading area. */
const ProviderOrdersWaitingDocument = graphql(`
  query ProviderOrdersWaiting {
    providerOrders(filter: { status: PLACED }, first: 1) {
      totalCount
    }
  }
`);

type Order = ProviderOrdersQuery['providerOrders']['edges'][number]['node'];

/** ?status=geplaatst — orders waiting for payment never reach the provider. */
const filters = {
  status: orderStatusFilter(['PLACED', 'ACCEPTED', 'DELIVERED', 'CANCELLED']),
} satisfies Filters;

const columns: Column<Order>[] = [
  orderColumns.number(urls.provider.order),
  orderColumns.orderedOn(),
  { header: 'Klant', cell: (o) => o.customerFirstName ?? 'Onbekend' },
  { header: 'Producten', cell: (o) => linesSummary(o.lines) },
  orderColumns.amount('Bedrag', (o) => o.totalCents),
  orderColumns.status(),
];

/** "3 bestellingen wachten op uw acceptatie", as a link to those orders; nothing while it loads. */
function WaitingCount() {
  const { data } = useQuery(ProviderOrdersWaitingDocument, { fetchPolicy: 'cache-and-network' });
  const count = data?.providerOrders.totalCount;
  if (count === undefined) return null;
  if (count === 0)
    return (
      <p className="gw-orders-waiting" role="status">
        Er wachten geen bestellingen op uw acceptatie.
      </p>
    );
  return (
    <p className="gw-orders-waiting" role="status">
      <strong>
        {count === 1 ? '1 bestelling wacht' : `${formatCount(count)} bestellingen wachten`} op uw acceptatie.
      </strong>{' '}
      <Link to={`${urls.provider.orders()}?status=${ORDER_STATUS_PARAM.PLACED}`}>Toon alleen deze bestellingen</Link>
    </p>
  );
}

/** The provider's own orders, newest first, with a status filter in the URL. */
export default function OrdersScreen() {
  const filtering = useFiltering(filters);
  const list = useConnection(ProviderOrdersDocument, {
    variables: { filter: filtering.values },
    field: 'providerOrders',
  });
  const status = filtering.values.status ? orderStatusLabel[filtering.values.status].toLowerCase() : null;
  return (
    <Page
      title="Bestellingen"
      lead="De bestellingen bij uw organisatie, de nieuwste eerst. Accepteer een nieuwe bestelling of wijs haar af met een reden. Een bestelling die u verzendt, meldt u op de bestelling als verzonden."
    >
      <WaitingCount />
      <p>
        {COUNTER_HANDOVER_HINT} <Link to={urls.provider.app()}>Naar de kassa-app</Link>
      </p>
      <FilterForm {...filtering.form} label="Bestellingen filteren" submitLabel="Filteren" />
      <ConnectionTable
        list={list}
        caption={status ? `Bestellingen: ${status}` : 'Alle bestellingen'}
        columns={columns}
        filtered={filtering.active}
        empty="Uw organisatie heeft nog geen bestellingen. Zodra een klant iets bij u bestelt, ziet u de bestelling hier."
        emptyFiltered={`Er zijn geen bestellingen met de status ‘${status ?? ''}’. Kies een andere status of wis het filter.`}
        errorMessage="De bestellingen konden niet worden geladen."
        moreLabel="Meer bestellingen laden"
      />
    </Page>
  );
}
