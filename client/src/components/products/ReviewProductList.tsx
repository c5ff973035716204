import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { graphql } from '../../graphql/generated';
import type { ProductStatus } from '../../graphql/generated/graphql';
import { urls } from '../../lib/urls';
import { formatDateTime } from '../dates/formatDate';
import { Money } from '../money/Money';
import { Loading } from '../ui/Loading';
import { QueryError } from '../ui/QueryError';
import { productStatusLabel } from './productStatus';

const ReviewProductsDocument = graphql(`
  query ReviewProducts($status: ProductStatus, $providerId: ID, $first: Int, $after: String) {
    reviewProducts(status: $status, providerId: $providerId, first: $first, after: $after) {
      totalCount
      edges {
        cursor
        node {
          id
          title
          status
          priceCents
          submittedAt
          reviewedAt
          createdAt
          rejectionReason
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
  status?: ProductStatus;
  providerId?: string;
  caption: string;
  empty: string;
  /** Which date column to show. */
  dateColumn: 'submitted' | 'reviewed' | 'created';
  showReason?: boolean;
  showStatus?: boolean;
  showProvider?: boolean;
}

const DATE_LABEL = { submitted: 'Ingediend op', reviewed: 'Beoordeeld op', created: 'Aangemaakt op' } as const;

/** A table of products for staff (the review queue, the rejected list, one provider's products) with "more". */
export function ReviewProductList(props: ReviewProductListProps) {
  const { data, error, networkStatus, fetchMore, refetch } = useQuery(ReviewProductsDocument, {
    variables: { status: props.status ?? null, providerId: props.providerId ?? null, first: 25 },
    notifyOnNetworkStatusChange: true,
    fetchPolicy: 'cache-and-network',
  });
  const [moreError, setMoreError] = useState(false);
  const connection = data?.reviewProducts;
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
                <th scope="col" className="gw-num">
                  Prijs
                </th>
                <th scope="col">{DATE_LABEL[props.dateColumn]}</th>
                {props.showReason ? <th scope="col">Reden van afkeuren</th> : null}
              </tr>
            </thead>
            <tbody>
              {connection.edges.map(({ node }) => {
                const date = props.dateColumn === 'submitted' ? node.submittedAt : props.dateColumn === 'reviewed' ? node.reviewedAt : node.createdAt;
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
                      </td>
                    ) : null}
                    <td className="gw-num">
                      <Money cents={node.priceCents} />
                    </td>
                    <td>{date ? formatDateTime(date) : '–'}</td>
                    {props.showReason ? <td>{node.rejectionReason}</td> : null}
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
