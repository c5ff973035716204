import type { ApolloCache } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Page } from '@/components/layout/Page';
import { Alert } from '@/components/ui/Alert';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import type { MunicipalityMembershipQuery } from '@/graphql/generated/graphql';
import { urls } from '@/lib/urls';

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
        bodyHtml(headingLevel: 3)
      }
    }
  }
`);

export type MunicipalityRow = NonNullable<MunicipalityMembershipQuery['myMunicipality']>;

/** After applying or withdrawing, the membership lists are fetched again when next shown. */
export function evictMemberships(cache: ApolloCache) {
  cache.evict({ fieldName: 'myMunicipalities' });
  cache.evict({ fieldName: 'myMunicipality' });
  cache.gc();
}

/**
 * The municipality of the URL (`:municipalityId`) with the own membership, fresh from the server, and the loading,
 * error and not-found states of the aanmelden and afmelden screens.
 */
export function MunicipalityBoundary(props: {
  title: string;
  children: (row: MunicipalityRow, refetch: () => void) => ReactNode;
}) {
  const { municipalityId = '' } = useParams();
  const query = useQuery(MunicipalityMembershipDocument, {
    variables: { municipalityId },
    fetchPolicy: 'network-only',
  });
  return (
    <QueryBoundary
      query={query}
      select={(d) => d.myMunicipality}
      title={props.title}
      errorMessage="De gegevens van deze gemeente konden niet worden geladen."
      notFound={
        <Page title={props.title}>
          <Alert variant="warning" title="Deze gemeente bestaat niet">
            <p>
              Kies een gemeente in uw <Link to={urls.provider.profile()}>profiel</Link>.
            </p>
          </Alert>
        </Page>
      }
    >
      {(row) => props.children(row, () => void query.refetch())}
    </QueryBoundary>
  );
}
