import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { useFiltering } from '@/components/lists/useFiltering';
import {
  ConnectionTable,
  FilterForm,
  id,
  isoDate,
  text,
  useConnection,
  type Column,
  type Filters,
} from '@/components/lists';
import { orderColumns } from '@/components/orders/orderColumns';
import { orderStatusFilter } from '@/components/orders/orderFilters';
import { graphql } from '@/graphql/generated';
import type { AdminOrdersQuery } from '@/graphql/generated/graphql';
import { urls } from '@/lib/urls';

const AdminOrdersDocument = graphql(`
  query AdminOrders($filter: AdminOrderFilter, $first: Int, $after: String) {
    adminOrders(filter: $filter, first: $first, after: $after) {
      ...OrderListPage @unmask
      edges {
        node {
          providerId
          providerName
        }
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

type Order = AdminOrdersQuery['adminOrders']['edges'][number]['node'];

/** ?zoek=B1000&status=geplaatst&aanbieder=…&van=2026-01-01&tot=2026-01-31 */
const filters = {
  search: text({ param: 'zoek', label: 'Bestelnummer', hint: 'Bijvoorbeeld B100001', maxLength: 20 }),
  status: orderStatusFilter(['AWAITING_PAYMENT', 'PLACED', 'ACCEPTED', 'DELIVERED', 'CANCELLED']),
  providerId: id({ param: 'aanbieder', label: 'Aanbieder', all: 'Alle aanbieders' }),
  from: isoDate({ param: 'van', label: 'Besteld vanaf' }),
  to: isoDate({ param: 'tot', label: 'Besteld tot en met' }),
} satisfies Filters;

interface AdminOrderListProps {
  /** Only this provider's orders (the provider's orders screen); otherwise a provider filter is offered. */
  providerId?: string;
  /** Where an order links to. */
  orderUrl: (orderId: string) => string;
}

/** Staff order search within the municipality scope: number, status, provider and period; newest first, paged. */
export function AdminOrderList({ providerId, orderUrl }: AdminOrderListProps) {
  const filtering = useFiltering(filters);
  const providers = useQuery(AdminOrderProvidersDocument, { skip: Boolean(providerId) });
  const list = useConnection(AdminOrdersDocument, {
    variables: { filter: { ...filtering.values, providerId: providerId ?? filtering.values.providerId } },
    field: 'adminOrders',
  });
  const columns: Column<Order>[] = [
    orderColumns.number(orderUrl),
    orderColumns.orderedOn(),
    ...(providerId
      ? []
      : [
          {
            header: 'Aanbieder',
            cell: (o: Order) => <Link to={urls.admin.providerOrders(o.providerId)}>{o.providerName}</Link>,
          },
        ]),
    orderColumns.amount('Bedrag', (o) => o.totalCents),
    orderColumns.status(),
  ];
  return (
    <>
      <FilterForm
        {...filtering.form}
        label="Bestellingen zoeken"
        choices={{
          providerId: (providers.data?.adminOrderProviders ?? []).map((p) => ({ value: p.id, label: p.name })),
        }}
        hide={providerId ? ['providerId'] : []}
        validate={(v) =>
          v.from && v.to && v.from > v.to ? { from: 'De datum ‘tot en met’ ligt vóór de datum ‘vanaf’.' } : {}
        }
      />
      <ConnectionTable
        list={list}
        caption={filtering.active ? 'Gevonden bestellingen' : 'Bestellingen'}
        columns={columns}
        filtered={filtering.active}
        empty="Er zijn (in uw gemeenten) nog geen bestellingen."
        emptyFiltered="Er zijn geen bestellingen die aan uw zoekopdracht voldoen. Controleer het bestelnummer of de periode, of wis de filters."
        errorMessage="De bestellingen konden niet worden geladen."
        moreLabel="Meer bestellingen laden"
      />
    </>
  );
}

/** The list's filters, for the CSV export of the same list (OrdersScreen). */
export { filters as adminOrderFilters };
