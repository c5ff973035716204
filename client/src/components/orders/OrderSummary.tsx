import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { getFragmentData, graphql, type FragmentType } from '../../graphql/generated';
import { urls } from '../../lib/urls';
import { formatDateTime } from '../dates/formatDate';
import { OrderStatusBadge } from './OrderStatusBadge';

/** What the summary needs of an order; select `...OrderSummary_order` in the screen's query. */
export const OrderSummaryFragment = graphql(`
  fragment OrderSummary_order on Order {
    status
    createdAt
    providerId
    providerName
    cancelReason
  }
`);

interface OrderSummaryProps {
  order: FragmentType<typeof OrderSummaryFragment>;
  /** The provider row: as text (default), as a link to the staff's list of its orders, or left out (the provider's own screens). */
  provider?: 'text' | 'link' | 'none';
  /** Rows of the screen's own (`<dt>`/`<dd>` pairs): the customer's name, the pickup code. */
  children?: ReactNode;
}

/**
 * The facts of one order as a definition list: status, when, with whom, the screen's own rows and why it was
 * cancelled. The one summary of the customer, provider, staff and person order screens.
 */
export function OrderSummary({ order: masked, provider = 'text', children }: OrderSummaryProps) {
  const order = getFragmentData(OrderSummaryFragment, masked);
  return (
    <dl className="gw-definition-list">
      <dt>Status</dt>
      <dd>
        <OrderStatusBadge status={order.status} />
      </dd>
      <dt>Besteld op</dt>
      <dd>
        <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
      </dd>
      {provider === 'none' ? null : (
        <>
          <dt>Aanbieder</dt>
          <dd>
            {provider === 'link' ? (
              <Link to={urls.admin.providerOrders(order.providerId)}>{order.providerName}</Link>
            ) : (
              order.providerName
            )}
          </dd>
        </>
      )}
      {children}
      {order.status === 'CANCELLED' && order.cancelReason ? (
        <>
          <dt>Reden van annuleren</dt>
          <dd>{order.cancelReason}</dd>
        </>
      ) : null}
    </dl>
  );
}
