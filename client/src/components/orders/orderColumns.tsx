import { Link } from 'react-router';
import { graphql } from '../../graphql/generated';
import type { OrderStatus } from '../../graphql/generated/graphql';
import { formatDate, formatDateTime } from '../dates/formatDate';
import type { Column } from '../lists';
import { Money } from '../money/Money';
import { OrderStatusBadge } from './OrderStatusBadge';

/**
 * What the shared columns read of an order (and every order list shows): a list's node selects
 * `...OrderColumns @unmask` and what its own columns read besides.
 */
export const OrderColumnsFragment = graphql(`
  fragment OrderColumns on Order {
    id
    number
    status
    createdAt
    totalCents
  }
`);

/**
 * A page of an order list as `useConnection` reads it (count, page info, cursors) with the shared columns' fields: a
 * list's connection selects `...OrderListPage @unmask` and, in `edges { node { … } }`, what its own columns read.
 */
export const OrderListPageFragment = graphql(`
  fragment OrderListPage on OrderConnection {
    totalCount
    totalCountCapped
    pageInfo {
      ...PageInfoFields @unmask
    }
    edges {
      cursor
      node {
        ...OrderColumns @unmask
      }
    }
  }
`);

/**
 * The columns the order lists share (customer, provider, staff): declared once, each list picks its own. A list's
 * query selects the fields a column reads (OrderColumns).
 */
export const orderColumns = {
  /** The order number as the row header, linking to the order (the URL may need more of the order than its id). */
  number: <N extends { id: string; number: string }>(url: (id: string, order: N) => string): Column<N> => ({
    header: 'Bestelnummer',
    rowHeader: true,
    cell: (o) => <Link to={url(o.id, o)}>{o.number}</Link>,
  }),
  orderedOn: <N extends { createdAt: string }>(withTime = true): Column<N> => ({
    header: 'Besteld op',
    cell: (o) => <time dateTime={o.createdAt}>{withTime ? formatDateTime(o.createdAt) : formatDate(o.createdAt)}</time>,
  }),
  amount: <N,>(header: string, cents: (o: N) => number): Column<N> => ({
    header,
    numeric: true,
    cell: (o) => <Money cents={cents(o)} />,
  }),
  status: <N extends { status: OrderStatus }>(): Column<N> => ({
    header: 'Status',
    cell: (o) => <OrderStatusBadge status={o.status} />,
  }),
};
