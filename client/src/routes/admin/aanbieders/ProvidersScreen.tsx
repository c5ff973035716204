import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDate, formatCount } from '../../../components/dates/formatDate';
import { Page } from '../../../components/layout/Page';
import { membershipStatusLabel } from '../../../components/providers/membershipStatus';
import { Loading } from '../../../components/ui/Loading';
import { QueryError } from '../../../components/ui/QueryError';
import { graphql } from '../../../graphql/generated';
import type { MembershipStatus } from '../../../graphql/generated/graphql';
import { urls } from '../../../lib/urls';

const ProviderMembershipsDocument = graphql(`
  query ProviderMemberships($status: MembershipStatus, $first: Int, $after: String) {
    providerMemberships(status: $status, first: $first, after: $after) {
      totalCount
      edges {
        cursor
        node {
          id
          status
          appliedAt
          decidedAt
          municipality {
            id
            name
          }
          provider {
            id
            name
            city
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

/** The status filter as it appears in the URL (?status=…), in Dutch. */
const FILTERS: { param: string; status: MembershipStatus | null; label: string }[] = [
  { param: 'in-behandeling', status: 'PENDING', label: 'Te beoordelen' },
  { param: 'goedgekeurd', status: 'APPROVED', label: 'Goedgekeurd' },
  { param: 'afgewezen', status: 'REJECTED', label: 'Afgewezen' },
  { param: 'afgemeld', status: 'WITHDRAWN', label: 'Afgemeld' },
  { param: 'alle', status: null, label: 'Alle' },
];

/** /admin/aanbieders: provider memberships in the staff member's municipalities, filtered by status. */
export default function ProvidersScreen() {
  const [searchParams] = useSearchParams();
  const filter = FILTERS.find((f) => f.param === searchParams.get('status')) ?? FILTERS[0]!;
  const { data, error, networkStatus, fetchMore, refetch } = useQuery(ProviderMembershipsDocument, {
    variables: { status: filter.status, first: 50 },
    notifyOnNetworkStatusChange: true,
    fetchPolicy: 'cache-and-network',
  });
  const [moreError, setMoreError] = useState(false);
  const connection = data?.providerMemberships;
  const loadingFirst = !connection && networkStatus === NetworkStatus.loading;
  const loadingMore = networkStatus === NetworkStatus.fetchMore;

  async function loadMore() {
    if (!connection?.pageInfo.endCursor) return;
    setMoreError(false);
    try {
      await fetchMore({ variables: { after: connection.pageInfo.endCursor } });
    } catch {
      setMoreError(true);
    }
  }

  return (
    <Page title="Aanbieders" lead="Aanmeldingen van aanbieders bij de gemeenten waarvoor u werkt. Open een aanbieder om een aanmelding goed te keuren of af te wijzen.">
      <nav aria-label="Filter op status">
        <ul className="gw-actions" style={{ listStyle: 'none', padding: 0 }}>
          {FILTERS.map((f) => (
            <li key={f.param}>
              <Link to={urls.admin.providers(f.param === FILTERS[0]!.param ? null : f.param)} aria-current={f === filter ? 'page' : undefined}>
                {f === filter ? <strong>{f.label}</strong> : f.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div aria-busy={loadingFirst || loadingMore}>
        {loadingFirst ? <Loading /> : null}
        {error && !connection ? <QueryError message="De aanbieders konden niet worden geladen." onRetry={() => void refetch()} /> : null}
        {connection && connection.edges.length === 0 ? (
          <p>{filter.status === 'PENDING' ? 'Er zijn geen aanmeldingen om te beoordelen.' : 'Er zijn geen aanmeldingen met deze status.'}</p>
        ) : null}
        {connection && connection.edges.length > 0 ? (
          <div className="gw-table-wrapper">
            <table className="gw-table">
              <caption>
                {filter.label}: {formatCount(connection.edges.length)} van {formatCount(connection.totalCount)}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Aanbieder</th>
                  <th scope="col">Plaats</th>
                  <th scope="col">Gemeente</th>
                  <th scope="col">Status</th>
                  <th scope="col">Aangemeld op</th>
                </tr>
              </thead>
              <tbody>
                {connection.edges.map(({ node }) => (
                  <tr key={node.id}>
                    <th scope="row">
                      <Link to={urls.admin.provider(node.provider.id)}>{node.provider.name}</Link>
                    </th>
                    <td>{node.provider.city}</td>
                    <td>{node.municipality.name}</td>
                    <td>
                      <span className="gw-tag">{membershipStatusLabel[node.status]}</span>
                    </td>
                    <td>{formatDate(node.appliedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {loadingMore ? <Loading /> : null}
        {moreError ? <QueryError message="Meer aanbieders laden is niet gelukt." /> : null}
        {connection?.pageInfo.hasNextPage ? (
          <p>
            <button type="button" className="gw-button gw-button--secondary" onClick={() => void loadMore()} disabled={loadingMore}>
              Meer laden
            </button>
          </p>
        ) : null}
      </div>
    </Page>
  );
}
