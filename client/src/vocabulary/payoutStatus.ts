import type { PayoutBatchStatus } from '@/graphql/generated/graphql';

/** A payout batch to the providers. */
export const payoutStatusLabel: Record<PayoutBatchStatus, string> = {
  DRAFT: 'Concept',
  EXPORTED: 'Geëxporteerd',
  PAID: 'Betaald',
  CANCELLED: 'Geannuleerd',
  NOT_EXECUTED: 'Niet uitgevoerd door de bank',
};
