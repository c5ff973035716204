import { formatDate } from '@/components/dates/formatDate';
import type { AssignmentStatus, LedgerMovementKind } from '@/graphql/generated/graphql';

export const assignmentStatusLabel: Record<AssignmentStatus, string> = {
  ACTIVE: 'Actief',
  EXPIRED: 'Verlopen',
  REVOKED: 'Ingetrokken',
  UPCOMING: 'Nog niet geldig',
};

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

/**
 * A calendar day (YYYY-MM-DD) in Dutch: "31 december 2026". Read at noon UTC, so the day is the same in
 * Europe/Amsterdam whatever the time zone of the browser.
 */
export function formatDay(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatDate(`${day}T12:00:00Z`) : '';
}

/** "1 januari 2026 tot en met 31 december 2026". */
export function validityText(from: string, until: string): string {
  return `${formatDay(from)} tot en met ${formatDay(until)}`;
}
