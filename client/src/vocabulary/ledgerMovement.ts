import type { LedgerMovementKind } from '@/graphql/generated/graphql';

/** A movement of a budget's ledger, for the resident and staff alike. */
export const movementKindLabel: Record<LedgerMovementKind, string> = {
  GRANT: 'Toegekend',
  REVOKE: 'Ingetrokken',
  SPEND: 'Besteed',
  CANCEL: 'Terug na annulering',
  REFUND: 'Terugbetaald',
  CONTRIBUTION: 'Eigen bijdrage',
  PAYOUT: 'Uitbetaald',
  REVERSAL: 'Correctie',
  EXPIRY: 'Vervallen tegoed',
};
