import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../components/dates/formatDate';
import { SelectField } from '../../../components/forms/fields';
import { Page } from '../../../components/layout/Page';
import { Money } from '../../../components/money/Money';
import { OrderStatusBadge } from '../../../components/orders/OrderStatusBadge';
import { orderStatusLabel } from '../../../components/orders/orderStatus';
import { Loading } from '../../../components/ui/Loading';
import { QueryError } from '../../../components/ui/QueryError';
import { graphql } from '../../../graphql/generated';
import type { OrderStatus } from '../../../graphql/generated/graphql';
import { urls } from '../../../lib/urls';
import { linesSummary, ORDER_STATUS_PARAM, statusFromParam } from './orderStatusParam';
import './orderWork.css';

const ProviderOrdersDocument = graphql(`
  query ProviderOrders($status: OrderStatus, $first: Int, $after: String) {
    providerOrders(status: $status, first: $first, after: $after) {
      totalCount
      edges {
        cursor
        node {
          id
          number
          status
          createdAt
          totalCents
          customerFirstName
          lines {
            id
            title
            quantity
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

/** The statuses a provider can filter on (orders waiting for payment never reach the provider). */
const FILTER_STATUSES: OrderStatus[] = ['PLACED', 'ACCEPTED', 'DELIVERED', 'CANCELLED'];

/** The provider's own orders, newest first, with a status filter in the URL. */
export default function OrdersScreen() {
  const [params, setParams] = useSearchParams();
  const status = statusFromParam(params.get('status'));
  const { data, error, networkStatus, fetchMore, refetch } = useQuery(ProviderOrdersDocument, {
    variables: { status, first: 25 },
    notifyOnNetworkStatusChange: true,
    fetchPolicy: 'cache-and-network',
  });
  const [moreError, setMoreError] = useState(false);
  const connection = data?.providerOrders;
  const loadingFirst = !connection && networkStatus === NetworkStatus.loading;
  const loadingMore = networkStatus === NetworkStatus.fetchMore;

  function onFilter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('status') ?? '');
    setParams(value ? { status: value } : {});
  }

  async function loadMore() {
    if (!connection?.pageInfo.endCursor) return;
    setMoreError(false);
    try {
      await fetchMore({ variables: { after: connection.pageInfo.endCursor } });
    } catch {
      setMoreError(true);
    }
  }

  return (
    <Page
      title="Bestellingen"
      lead="De bestellingen bij uw organisatie, de nieuwste eerst. Accepteer een nieuwe bestelling, wijs haar af met een reden, of meld haar als geleverd."
    >
      <p>
        <Link to={urls.provider.app()}>Naar de kassa-app</Link> om een klant aan de balie te helpen met zijn pas of afhaalcode.
      </p>
      <form className="gw-search gw-order-filter" role="search" aria-label="Bestellingen filteren" onSubmit={onFilter}>
        <SelectField label="Status" name="status" defaultValue={status ? ORDER_STATUS_PARAM[status] : ''} key={status ?? 'alle'}>
          <option value="">Alle statussen</option>
          {FILTER_STATUSES.map((s) => (
            <option key={s} value={ORDER_STATUS_PARAM[s]}>
              {orderStatusLabel[s]}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="gw-button gw-button--secondary">
          Filteren
        </button>
      </form>

      <div aria-busy={loadingFirst || loadingMore}>
        {loadingFirst ? <Loading /> : null}
        {error && !connection ? <QueryError message="De bestellingen konden niet worden geladen." onRetry={() => void refetch()} /> : null}
        {connection && connection.edges.length === 0 ? (
          <p>{status ? `Er zijn geen bestellingen met de status ‘${orderStatusLabel[status].toLowerCase()}’.` : 'Uw organisatie heeft nog geen bestellingen.'}</p>
        ) : null}
        {connection && connection.edges.length > 0 ? (
          <div className="gw-table-wrapper">
            <table className="gw-table">
              <caption>
                {status ? `Bestellingen: ${orderStatusLabel[status].toLowerCase()}` : 'Alle bestellingen'} ({connection.edges.length} van{' '}
                {connection.totalCount})
              </caption>
              <thead>
                <tr>
                  <th scope="col">Bestelnummer</th>
                  <th scope="col">Besteld op</th>
                  <th scope="col">Klant</th>
                  <th scope="col">Producten</th>
                  <th scope="col" className="gw-num">
                    Bedrag
                  </th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {connection.edges.map(({ node }) => (
                  <tr key={node.id}>
                    <th scope="row">
                      <Link to={urls.provider.order(node.id)}>{node.number}</Link>
                    </th>
                    <td>{formatDateTime(node.createdAt)}</td>
                    <td>{node.customerFirstName ?? 'Onbekend'}</td>
                    <td>{linesSummary(node.lines)}</td>
                    <td className="gw-num">
                      <Money cents={node.totalCents} />
                    </td>
                    <td>
                      <OrderStatusBadge status={node.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {loadingMore ? <Loading /> : null}
        {moreError ? <QueryError message="Meer bestellingen laden is niet gelukt." /> : null}
        {connection?.pageInfo.hasNextPage ? (
          <p>
            <button type="button" className="gw-button gw-button--secondary" onClick={() => void loadMore()} disabled={loadingMore}>
              Meer bestellingen laden
            </button>
          </p>
        ) : null}
      </div>
    </Page>
  );
}
