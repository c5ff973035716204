import type { OrderStatus } from '../../graphql/generated/graphql';
import { StatusBadge } from '../status/StatusBadge';
import { orderStatusLabel } from '@/vocabulary/orderStatus';
import './orders.css';

/** An order's status as a badge: the Dutch text, with the colour and icon of the status (statusLooks.order). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <StatusBadge kind="order" status={status}>
      {orderStatusLabel[status]}
    </StatusBadge>
  );
}
