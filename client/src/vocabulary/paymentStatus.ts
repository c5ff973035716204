import type { PaymentRecordStatus } from '@/graphql/generated/graphql';

/** A payment of an own contribution (or its refund) at the payment provider. */
export const paymentStatusLabel: Record<PaymentRecordStatus, string> = {
  OPEN: 'Open',
  PAID: 'Betaald',
  FAILED: 'Mislukt',
  CANCELED: 'Geannuleerd',
  EXPIRED: 'Verlopen',
  REFUND_PENDING: 'Terugbetaling in behandeling',
  REFUNDED: 'Terugbetaald',
};
