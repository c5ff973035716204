import type { OrderStatus } from '../../graphql/generated/graphql';
import { oneOf } from '../lists';
import { orderStatusLabel } from '@/vocabulary/orderStatus';

/** Order statuses as they appear in URLs (?status=geplaatst): Dutch, readable, stable. */
export const ORDER_STATUS_PARAM: Record<OrderStatus, string> = {
  AWAITING_PAYMENT: 'wacht-op-betaling',
  PLACED: 'geplaatst',
  ACCEPTED: 'geaccepteerd',
  DELIVERED: 'geleverd',
  CANCELLED: 'geannuleerd',
};

/** The status a URL parameter names, or null (no filter) for anything else. */
export function statusFromParam(value: string | null): OrderStatus | null {
  const entry = Object.entries(ORDER_STATUS_PARAM).find(([, param]) => param === value);
  return entry ? (entry[0] as OrderStatus) : null;
}

/** The status filter of an order list (`?status=geplaatst`), over the statuses that list can show. */
export function orderStatusFilter(statuses: readonly OrderStatus[]) {
  return oneOf({
    param: 'status',
    label: 'Status',
    all: 'Alle statussen',
    options: statuses.map((s) => ({ value: s, param: ORDER_STATUS_PARAM[s], label: orderStatusLabel[s] })),
  });
}

/** "2 × Judo voor kinderen, 1 × Zwemles" */
export function linesSummary(lines: readonly { title: string; quantity: number }[]): string {
  return lines.map((l) => `${l.quantity} × ${l.title}`).join(', ');
}
