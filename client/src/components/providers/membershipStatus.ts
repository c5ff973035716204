import type { MembershipStatus } from '../../graphql/generated/graphql';

/** Dutch labels of the membership states (DESIGN.md section 4). */
export const membershipStatusLabel: Record<MembershipStatus, string> = {
  PENDING: 'In behandeling',
  APPROVED: 'Goedgekeurd',
  REJECTED: 'Afgewezen',
  WITHDRAWN: 'Afgemeld',
};
