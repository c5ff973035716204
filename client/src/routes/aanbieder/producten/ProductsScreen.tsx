import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../components/dates/formatDate';
import { Page } from '../../../components/layout/Page';
import { Money } from '../../../components/money/Money';
import { productStatusLabel } from '../../../components/products/productStatus';
import { decisionSummary } from '../../../components/products/ProductDecisions';
import { Loading } from '../../../components/ui/Loading';
import { QueryError } from '../../../components/ui/QueryError';
import { graphql } from '../../../graphql/generated';
import { urls } from '../../../lib/urls';

const MyProductsDocument = graphql(`
  query MyProducts($first: Int, $after: String) {
    myProducts(first: $first, after: $after) {
      totalCount
      edges {
        cursor
        node {
          id
          title
          status
          priceCents
          updatedAt
          category {
            id
            name
          }
          approvals {
            id
            status
            municipality {
              id
              name
            }
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

/** The provider's own products, every status, in a table. */
export default function ProductsScreen() {
  const { data, error, networkStatus, fetchMore, refetch } = useQuery(MyProductsDocument, {
    variables: { first: 50 },
    notifyOnNetworkStatusChange: true,
  });
  const [moreError, setMoreError] = useState(false);
  const connection = data?.myProducts;
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
    <Page
      title="Producten"
      lead="Uw producten in alle statussen. Een nieuw of gewijzigd product wordt eerst beoordeeld door elke gemeente waar u aanbieder bent; elke gemeente beslist zelf over haar aanbod."
    >
      <p>
        <Link className="gw-button" to={urls.provider.newProduct()}>
          Nieuw product
        </Link>
      </p>
      <div aria-busy={loadingFirst || loadingMore}>
        {loadingFirst ? <Loading /> : null}
        {error && !connection ? (
          <QueryError message="Uw producten konden niet worden geladen." onRetry={() => void refetch()} />
        ) : null}
        {connection && connection.edges.length === 0 ? (
          <p>U heeft nog geen producten. Maak uw eerste product aan met de knop hierboven.</p>
        ) : null}
        {connection && connection.edges.length > 0 ? (
          <div className="gw-table-wrapper">
            <table className="gw-table">
              <caption>
                Uw producten ({connection.edges.length} van {connection.totalCount})
              </caption>
              <thead>
                <tr>
                  <th scope="col">Titel</th>
                  <th scope="col">Categorie</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="gw-num">
                    Prijs
                  </th>
                  <th scope="col">Laatst gewijzigd</th>
                </tr>
              </thead>
              <tbody>
                {connection.edges.map(({ node }) => (
                  <tr key={node.id}>
                    <th scope="row">
                      <Link to={urls.provider.product(node.id)}>{node.title}</Link>
                    </th>
                    <td>{node.category.name}</td>
                    <td>
                      <span className="gw-tag">{productStatusLabel[node.status]}</span>
                      {node.approvals.length ? <div className="gw-muted">{decisionSummary(node.approvals)}</div> : null}
                    </td>
                    <td className="gw-num">
                      <Money cents={node.priceCents} />
                    </td>
                    <td>{formatDate(node.updatedAt)}</td>
                  </tr>
                ))}
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
    </Page>
  );
}
