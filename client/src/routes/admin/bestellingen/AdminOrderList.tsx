import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../components/dates/formatDate';
import { SelectField } from '../../../components/forms/fields';
import { TextField } from '../../../components/forms/TextField';
import { Money } from '../../../components/money/Money';
import { OrderStatusBadge } from '../../../components/orders/OrderStatusBadge';
import { orderStatusLabel } from '../../../components/orders/orderStatus';
import { Loading } from '../../../components/ui/Loading';
import { QueryError } from '../../../components/ui/QueryError';
import { graphql } from '../../../graphql/generated';
import type { AdminOrderFilter, OrderStatus } from '../../../graphql/generated/graphql';
import { urls } from '../../../lib/urls';
import { ORDER_STATUS_PARAM, statusFromParam } from '../../aanbieder/bestellingen/orderStatusParam';
import '../../aanbieder/bestellingen/orderWork.css';

const AdminOrdersDocument = graphql(`
  query AdminOrders($filter: AdminOrderFilter, $first: Int, $after: String) {
    adminOrders(filter: $filter, first: $first, after: $after) {
      totalCount
      edges {
        cursor
        node {
          id
          number
          status
          createdAt
          totalCents
          providerId
          providerName
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

const AdminOrderProvidersDocument = graphql(`
  query AdminOrderProviders {
    adminOrderProviders {
      id
      name
    }
  }
`);

const STATUSES: OrderStatus[] = ['AWAITING_PAYMENT', 'PLACED', 'ACCEPTED', 'DELIVERED', 'CANCELLED'];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filter as it is in the URL: ?zoek=B1000&status=geplaatst&aanbieder=…&van=2026-01-01&tot=2026-01-31 */
function filterFromParams(params: URLSearchParams, providerId?: string): AdminOrderFilter {
  const date = (name: string) => {
    const value = params.get(name);
    return value && ISO_DATE.test(value) ? value : null;
  };
  return {
    search: params.get('zoek')?.trim() || null,
    status: statusFromParam(params.get('status')),
    providerId: providerId ?? (params.get('aanbieder') || null),
    from: date('van'),
    to: date('tot'),
  };
}

interface AdminOrderListProps {
  /** Only this provider's orders (the provider's orders screen); otherwise a provider filter is offered. */
  providerId?: string;
  /** Where an order links to. */
  orderUrl: (orderId: string) => string;
}

/** Staff order search within the municipality scope: number, status, provider and period; newest first, paged. */
export function AdminOrderList({ providerId, orderUrl }: AdminOrderListProps) {
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params, providerId);
  const [dateError, setDateError] = useState<string | null>(null);
  const providers = useQuery(AdminOrderProvidersDocument, { skip: Boolean(providerId) });
  const { data, error, networkStatus, fetchMore, refetch } = useQuery(AdminOrdersDocument, {
    variables: { filter, first: 25 },
    notifyOnNetworkStatusChange: true,
    fetchPolicy: 'cache-and-network',
  });
  const [moreError, setMoreError] = useState(false);
  const connection = data?.adminOrders;
  const loadingFirst = !connection && networkStatus === NetworkStatus.loading;
  const loadingMore = networkStatus === NetworkStatus.fetchMore;
  const filtered = Boolean(filter.search || filter.status || (!providerId && filter.providerId) || filter.from || filter.to);

  function onFilter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    if (value('van') && value('tot') && value('van') > value('tot')) {
      setDateError('De datum ‘tot en met’ ligt vóór de datum ‘vanaf’.');
      return;
    }
    setDateError(null);
    const next: Record<string, string> = {};
    for (const name of ['zoek', 'status', 'aanbieder', 'van', 'tot']) if (value(name)) next[name] = value(name);
    setParams(next);
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

  // Remount the form when the URL changes (back button), so its fields show the filter in force.
  const formKey = params.toString();

  return (
    <>
      <form className="gw-search gw-order-filter" role="search" aria-label="Bestellingen zoeken" onSubmit={onFilter} key={formKey}>
        <TextField label="Bestelnummer" name="zoek" defaultValue={filter.search ?? ''} hint="Bijvoorbeeld B100001" autoComplete="off" />
        <SelectField label="Status" name="status" defaultValue={filter.status ? ORDER_STATUS_PARAM[filter.status] : ''}>
          <option value="">Alle statussen</option>
          {STATUSES.map((s) => (
            <option key={s} value={ORDER_STATUS_PARAM[s]}>
              {orderStatusLabel[s]}
            </option>
          ))}
        </SelectField>
        {providerId ? null : (
          <SelectField label="Aanbieder" name="aanbieder" defaultValue={filter.providerId ?? ''}>
            <option value="">Alle aanbieders</option>
            {(providers.data?.adminOrderProviders ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </SelectField>
        )}
        <TextField label="Besteld vanaf" name="van" type="date" defaultValue={filter.from ?? ''} error={dateError} />
        <TextField label="Besteld tot en met" name="tot" type="date" defaultValue={filter.to ?? ''} />
        <button type="submit" className="gw-button gw-button--secondary">
          Zoeken
        </button>
      </form>

      <div aria-busy={loadingFirst || loadingMore}>
        {loadingFirst ? <Loading /> : null}
        {error && !connection ? <QueryError message="De bestellingen konden niet worden geladen." onRetry={() => void refetch()} /> : null}
        {connection && connection.edges.length === 0 ? (
          <p>{filtered ? 'Er zijn geen bestellingen die aan uw zoekopdracht voldoen.' : 'Er zijn (in uw gemeenten) nog geen bestellingen.'}</p>
        ) : null}
        {connection && connection.edges.length > 0 ? (
          <div className="gw-table-wrapper">
            <table className="gw-table">
              <caption>
                {filtered ? 'Gevonden bestellingen' : 'Bestellingen'} ({connection.edges.length} van {connection.totalCount})
              </caption>
              <thead>
                <tr>
                  <th scope="col">Bestelnummer</th>
                  <th scope="col">Besteld op</th>
                  {providerId ? null : <th scope="col">Aanbieder</th>}
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
                      <Link to={orderUrl(node.id)}>{node.number}</Link>
                    </th>
                    <td>{formatDateTime(node.createdAt)}</td>
                    {providerId ? null : (
                      <td>
                        <Link to={urls.admin.providerOrders(node.providerId)}>{node.providerName}</Link>
                      </td>
                    )}
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
    </>
  );
}
