import { graphql } from '@/graphql/generated';
import type { OwnStaffAccountQuery } from '@/graphql/generated/graphql';

/** The own staff account (/admin/account): what the screen and each of its panels read. */
graphql(`
  fragment OwnStaffAccountFields on OwnStaffAccount {
    id
    name
    email
    roleName
    twoFactorEnabled
    twoFactorRequired
    unusedRecoveryCodes
    sessions {
      id
      createdAt
      lastSeenAt
      userAgent
      current
    }
  }
`);

export const OwnStaffAccountDocument = graphql(`
  query OwnStaffAccount {
    ownStaffAccount {
      ...OwnStaffAccountFields @unmask
    }
  }
`);

export type Account = OwnStaffAccountQuery['ownStaffAccount'];
