import type { ApolloCache } from '@apollo/client';
import { graphql } from '../../../graphql/generated';

/** One municipality with the own membership and the terms to accept: shared by the aanmelden and afmelden screens. */
export const MunicipalityMembershipDocument = graphql(`
  query MunicipalityMembership($municipalityId: ID!) {
    myMunicipality(municipalityId: $municipalityId) {
      municipality {
        id
        name
      }
      membership {
        id
        status
        reason
      }
      terms {
        id
        version
        title
        body
      }
    }
  }
`);

/** After applying or withdrawing, the membership lists are fetched again when next shown. */
export function evictMemberships(cache: ApolloCache) {
  cache.evict({ fieldName: 'myMunicipalities' });
  cache.evict({ fieldName: 'myMunicipality' });
  cache.gc();
}
