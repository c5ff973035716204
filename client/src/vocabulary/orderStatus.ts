import type { OrderStatus } from '@/graphql/generated/graphql';

/** The order's status, for customers, providers and staff alike. */
export const orderStatusLabel: Record<OrderStatus, string> = {
  AWAITING_PAYMENT: 'Wacht op betaling',
  PLACED: 'Geplaatst',
  ACCEPTED: 'Geaccepteerd',
  DELIVERED: 'Geleverd',
  CANCELLED: 'Geannuleerd',
};
