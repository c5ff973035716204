import type { PaymentRecordStatus, PaymentStatus } from '@/graphql/generated/graphql';

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

/** The heading when a resident's payment of an own contribution did not go through, per way it ended. */
export const paymentFailedTitle: Partial<Record<PaymentStatus, string>> = {
  FAILED: 'Uw betaling is niet gelukt',
  CANCELED: 'U heeft de betaling geannuleerd',
  EXPIRED: 'Uw betaling is verlopen',
};
