import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { graphql } from '../../graphql/generated';
import type { ProductApprovalStatus, ProductStatus } from '../../graphql/generated/graphql';
import { urls } from '../../lib/urls';
import { formatDateTime } from '../dates/formatDate';
import { Money } from '../money/Money';
import { Loading } from '../ui/Loading';
import { QueryError } from '../ui/QueryError';
import { decisionSummary, dutchList } from './ProductDecisions';
import { productStatusLabel } from './productStatus';

const ReviewProductsDocument = graphql(`
  query ReviewProducts(
    $approvalStatus: ProductApprovalStatus
    $municipalityId: ID
    $status: ProductStatus
    $providerId: ID
    $first: Int
    $after: String
  ) {
    reviewProducts(
      approvalStatus: $approvalStatus
      municipalityId: $municipalityId
      status: $status
      providerId: $providerId
      first: $first
      after: $after
    ) {
      totalCount
      edges {
        cursor
        node {
          id
          title
          status
          priceCents
          createdAt
          approvals {
            id
            status
            reason
            requestedAt
            decidedAt
            municipality {
              id
              name
            }
          }
          provider {
            id
            name
          }
          category {
            id
            name
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

interface ReviewProductListProps {
  /** A list of one municipality decision (PENDING: the queue, REJECTED: the rejected list) in the staff member's scope. */
  approvalStatus?: ProductApprovalStatus;
  /** With approvalStatus: one municipality of the scope. */
  municipalityId?: string | null;
  status?: ProductStatus;
  providerId?: string;
  caption: string;
  empty: string;
  showStatus?: boolean;
  showProvider?: boolean;
}

/**
 * A table of products for staff (the review queue, the rejected list, one provider's products) with "more". Each
 * municipality decides for itself: the queue says where a product waits, the rejected list where and why it was
 * rejected, a provider's list the decision per municipality.
 */
export function ReviewProductList(props: ReviewProductListProps) {
  const { data, error, networkStatus, fetchMore, refetch } = useQuery(ReviewProductsDocument, {
    variables: {
      approvalStatus: props.approvalStatus ?? null,
      municipalityId: props.municipalityId ?? null,
      status: props.status ?? null,
      providerId: props.providerId ?? null,
      first: 25,
    },
    notifyOnNetworkStatusChange: true,
    fetchPolicy: 'cache-and-network',
  });
  const [moreError, setMoreError] = useState(false);
  const connection = data?.reviewProducts;
  const loadingFirst = !connection && networkStatus === NetworkStatus.loading;
  const loadingMore = networkStatus === NetworkStatus.fetchMore;
  const decision = props.approvalStatus;
  const dateLabel = decision === 'PENDING' ? 'Wacht sinds' : decision ? 'Beoordeeld op' : 'Aangemaakt op';
  const municipalityLabel = decision === 'PENDING' ? 'Te beoordelen voor' : decision === 'REJECTED' ? 'Afgekeurd door' : decision ? 'Goedgekeurd door' : null;

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
    <div aria-busy={loadingFirst || loadingMore}>
      {loadingFirst ? <Loading /> : null}
      {error && !connection ? <QueryError message="De producten konden niet worden geladen." onRetry={() => void refetch()} /> : null}
      {connection && connection.edges.length === 0 ? <p>{props.empty}</p> : null}
      {connection && connection.edges.length > 0 ? (
        <div className="gw-table-wrapper">
          <table className="gw-table">
            <caption>
              {props.caption} ({connection.edges.length} van {connection.totalCount})
            </caption>
            <thead>
              <tr>
                <th scope="col">Titel</th>
                {props.showProvider !== false ? <th scope="col">Aanbieder</th> : null}
                <th scope="col">Categorie</th>
                {props.showStatus ? <th scope="col">Status</th> : null}
                {municipalityLabel ? <th scope="col">{municipalityLabel}</th> : null}
                <th scope="col" className="gw-num">
                  Prijs
                </th>
                <th scope="col">{dateLabel}</th>
                {decision === 'REJECTED' ? <th scope="col">Reden van afkeuren</th> : null}
              </tr>
            </thead>
            <tbody>
              {connection.edges.map(({ node }) => {
                // The decisions this list is about: of its status, and of its one municipality when narrowed to one.
                const matching = decision
                  ? node.approvals.filter((a) => a.status === decision && (!props.municipalityId || a.municipality.id === props.municipalityId))
                  : [];
                const times = matching.map((a) => (decision === 'PENDING' ? a.requestedAt : a.decidedAt)).filter((t): t is string => !!t).sort();
                const date = decision === 'PENDING' ? times[0] : decision ? times.at(-1) : node.createdAt;
                return (
                  <tr key={node.id}>
                    <th scope="row">
                      <Link to={urls.admin.product(node.id)}>{node.title}</Link>
                    </th>
                    {props.showProvider !== false ? (
                      <td>
                        <Link to={urls.admin.providerProducts(node.provider.id)}>{node.provider.name}</Link>
                      </td>
                    ) : null}
                    <td>{node.category.name}</td>
                    {props.showStatus ? (
                      <td>
                        <span className="gw-tag">{productStatusLabel[node.status]}</span>
                        {node.approvals.length ? <div className="gw-muted">{decisionSummary(node.approvals)}</div> : null}
                      </td>
                    ) : null}
                    {municipalityLabel ? <td>{dutchList(matching.map((a) => a.municipality.name))}</td> : null}
                    <td className="gw-num">
                      <Money cents={node.priceCents} />
                    </td>
                    <td>{date ? formatDateTime(date) : '–'}</td>
                    {decision === 'REJECTED' ? (
                      <td>
                        {matching.length === 1 ? (
                          matching[0]!.reason
                        ) : (
                          <ul className="gw-plain-list">
                            {matching.map((a) => (
                              <li key={a.id}>
                                {a.municipality.name}: {a.reason}
                              </li>
                            ))}
                          </ul>
                        )}
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {loadingMore ? <Loading /> : null}
      {moreError ? <QueryError message="Meer producten laden is niet gelukt." /> : null}
      {connection?.pageInfo.hasNextPage ? (
        <p>
          <button type="button" className="gw-button gw-button--secondary" onClick={loadMore} disabled={loadingMore}>
            Meer laden
          </button>
        </p>
      ) : null}
    </div>
  );
}
