import type { MembershipStatus } from '@/graphql/generated/graphql';

/** A provider's membership of a municipality (DESIGN.md section 4). */
export const membershipStatusLabel: Record<MembershipStatus, string> = {
  PENDING: 'In behandeling',
  APPROVED: 'Goedgekeurd',
  REJECTED: 'Afgewezen',
  WITHDRAWN: 'Afgemeld',
};
