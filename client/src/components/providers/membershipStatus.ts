import { graphql } from '../../graphql/generated';

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
