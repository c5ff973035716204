import type { OrderStatus } from '../../graphql/generated/graphql';
import { orderStatusLabel } from './orderStatus';
import './orders.css';

const tone: Record<OrderStatus, string> = {
  AWAITING_PAYMENT: 'warning',
  PLACED: 'info',
  ACCEPTED: 'info',
  DELIVERED: 'success',
  CANCELLED: 'error',
};

/** An order's status as a tag. The Dutch text carries the meaning; the colour only repeats it. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`gw-tag gw-status gw-status--${tone[status]}`}>{orderStatusLabel[status]}</span>;
}
