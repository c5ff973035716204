import { graphql } from '../../graphql/generated';
import type { MembershipStatus } from '../../graphql/generated/graphql';

/** Dutch labels of the membership states (DESIGN.md section 4). */
export const membershipStatusLabel: Record<MembershipStatus, string> = {
  PENDING: 'In behandeling',
  APPROVED: 'Goedgekeurd',
  REJECTED: 'Afgewezen',
  WITHDRAWN: 'Afgemeld',
};

/** What a membership mutation answers with, for the screens to show the new state: `membership { ...MembershipState @unmask }`. */
export const MembershipStateFragment = graphql(`
  fragment MembershipState on ProviderMembership {
    id
    status
    reason
    appliedAt
    decidedAt
  }
`);
