import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { formatCount } from '../../../components/dates/formatDate';
import { Page } from '../../../components/layout/Page';
import { ProductCard } from '../../../components/products/ProductCard';
import { Loading } from '../../../components/ui/Loading';
import { QueryError } from '../../../components/ui/QueryError';
import { graphql } from '../../../graphql/generated';
import { urls } from '../../../lib/urls';
import NotFoundScreen from '../../NotFoundScreen';

const PAGE_SIZE = 24;

const PublicProviderDocument = graphql(`
  query PublicProvider($id: ID!, $first: Int, $after: String) {
    publicProvider(id: $id) {
      id
      name
      slug
      city
      description
      website
    }
    products(providerId: $id, first: $first, after: $after) {
      totalCount
      edges {
        cursor
        node {
          id
          ...ProductCard_product
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

/** Only http(s) links of a provider are shown as links. */
function safeWebsite(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** A provider's public page with its products. A wrong slug redirects to the canonical URL. */
export default function ProviderScreen() {
  const { slug = '', providerId = '' } = useParams();
  const { data, error, networkStatus, fetchMore, refetch } = useQuery(PublicProviderDocument, {
    variables: { id: providerId, first: PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  const [moreError, setMoreError] = useState(false);

  if (!data && networkStatus === NetworkStatus.loading) {
    return (
      <Page title="Aanbieder">
        <div aria-busy="true">
          <Loading />
        </div>
      </Page>
    );
  }
  if (!data) {
    return (
      <Page title="Aanbieder">
        {error ? <QueryError message="Deze aanbieder kon niet worden geladen." onRetry={() => void refetch()} /> : null}
      </Page>
    );
  }

  const provider = data.publicProvider;
  if (!provider) return <NotFoundScreen />;
  if (provider.slug !== slug) return <Navigate replace to={urls.providerPage(provider.slug, provider.id)} />;

  const connection = data.products;
  const loadingMore = networkStatus === NetworkStatus.fetchMore;
  const website = provider.website ? safeWebsite(provider.website) : null;

  async function loadMore() {
    if (!connection.pageInfo.endCursor) return;
    setMoreError(false);
    try {
      await fetchMore({ variables: { after: connection.pageInfo.endCursor } });
    } catch {
      setMoreError(true);
    }
  }

  return (
    <Page title={provider.name} lead={provider.city ? `Aanbieder in ${provider.city}` : undefined}>
      {provider.description ? (
        <div className="gw-prose" style={{ whiteSpace: 'pre-line' }}>
          <p>{provider.description}</p>
        </div>
      ) : null}
      {website ? (
        <p>
          Website: <a href={website}>{website}</a>
        </p>
      ) : null}

      <section aria-labelledby="producten-kop" aria-busy={loadingMore}>
        <h2 id="producten-kop">Producten van {provider.name}</h2>
        <p role="status">
          {connection.totalCount === 1 ? '1 product' : `${formatCount(connection.totalCount)} producten`}
        </p>
        {connection.edges.length === 0 ? <p>Deze aanbieder heeft op dit moment geen producten in het aanbod.</p> : null}
        {connection.edges.length > 0 ? (
          <ul className="gw-card-grid">
            {connection.edges.map((edge) => (
              <li key={edge.node.id}>
                <ProductCard product={edge.node} headingLevel={3} />
              </li>
            ))}
          </ul>
        ) : null}
        {loadingMore ? <Loading /> : null}
        {moreError ? <QueryError message="Meer producten laden is niet gelukt." /> : null}
        {connection.pageInfo.hasNextPage ? (
          <p>
            <button type="button" className="gw-button gw-button--secondary" onClick={loadMore} disabled={loadingMore}>
              Meer laden
            </button>
          </p>
        ) : null}
      </section>
      <p>
        <Link to={urls.catalogue()}>Naar het hele aanbod</Link>
      </p>
    </Page>
  );
}
