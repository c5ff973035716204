import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatCount } from '../../components/dates/formatDate';
import { Page } from '../../components/layout/Page';
import { ProductCard } from '../../components/products/ProductCard';
import { isSortParam, SearchForm, SORT_OPTIONS } from '../../components/products/SearchForm';
import { Loading } from '../../components/ui/Loading';
import { QueryError } from '../../components/ui/QueryError';
import { graphql } from '../../graphql/generated';
import { isUuid } from '../../lib/params';

export const PAGE_SIZE = 24;

const CatalogueDocument = graphql(`
  query Catalogue($search: String, $categoryId: ID, $providerId: ID, $sort: ProductSort, $first: Int, $after: String) {
    products(search: $search, categoryId: $categoryId, providerId: $providerId, sort: $sort, first: $first, after: $after) {
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

const CatalogueCategoriesDocument = graphql(`
  query CatalogueCategories {
    categories {
      id
      name
    }
  }
`);

const CatalogueProvidersDocument = graphql(`
  query CatalogueProviders {
    offerProviders {
      id
      name
    }
  }
`);

function resultText(count: number, zoek: string): string {
  const amount = count === 1 ? '1 product' : `${formatCount(count)} producten`;
  return zoek ? `${amount} gevonden voor ‘${zoek}’` : `${amount} gevonden`;
}

/** The catalogue: search, filter by category, page through the approved products. */
export default function CatalogueScreen() {
  const [searchParams] = useSearchParams();
  const zoek = (searchParams.get('zoek') ?? '').trim();
  const categorieParam = searchParams.get('categorie') ?? '';
  // An id that cannot exist is ignored rather than sent to the server.
  const categorie = isUuid(categorieParam) ? categorieParam : '';
  const aanbiederParam = searchParams.get('aanbieder') ?? '';
  const aanbieder = isUuid(aanbiederParam) ? aanbiederParam : '';
  const sorteringParam = searchParams.get('sortering') ?? '';
  const sortering = isSortParam(sorteringParam) && !(sorteringParam === 'relevantie' && !zoek) ? sorteringParam : '';

  const categoriesResult = useQuery(CatalogueCategoriesDocument);
  const categories = categoriesResult.data?.categories;
  const providers = useQuery(CatalogueProvidersDocument).data?.offerProviders;

  const { data, error, networkStatus, fetchMore, refetch } = useQuery(CatalogueDocument, {
    variables: {
      search: zoek || null,
      categoryId: categorie || null,
      providerId: aanbieder || null,
      sort: sortering ? SORT_OPTIONS[sortering] : null,
      first: PAGE_SIZE,
    },
    notifyOnNetworkStatusChange: true,
  });

  const [moreError, setMoreError] = useState(false);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);

  const connection = data?.products;
  const edges = connection?.edges ?? [];
  const loadingFirst = !connection && (networkStatus === NetworkStatus.loading || networkStatus === NetworkStatus.setVariables);
  const loadingMore = networkStatus === NetworkStatus.fetchMore;

  // After "Meer laden", move focus to the first newly loaded product.
  useEffect(() => {
    if (focusIndex === null) return;
    const edge = edges[focusIndex];
    if (!edge) return;
    document.getElementById(`product-${edge.node.id}`)?.focus();
    setFocusIndex(null);
  }, [edges, focusIndex]);

  async function loadMore() {
    if (!connection?.pageInfo.endCursor) return;
    const firstNew = edges.length;
    setMoreError(false);
    try {
      await fetchMore({ variables: { after: connection.pageInfo.endCursor } });
      setFocusIndex(firstNew);
    } catch {
      setMoreError(true);
    }
  }

  const categoryName = categorie ? categories?.find((c) => c.id === categorie)?.name : undefined;
  const providerName = aanbieder ? providers?.find((p) => p.id === aanbieder)?.name : undefined;

  return (
    <Page
      title="Aanbod"
      lead="Producten en activiteiten die u met het tegoed van uw regeling kunt betalen."
    >
      <SearchForm
        zoek={zoek}
        categorie={categorie}
        aanbieder={aanbieder}
        sortering={sortering}
        categories={categories}
        providers={providers}
        showSort
      />

      <section aria-labelledby="resultaten-kop" aria-busy={loadingFirst || loadingMore}>
        <h2 id="resultaten-kop" className="gw-visually-hidden">
          Resultaten
        </h2>
        <p role="status">
          {loadingFirst
            ? 'Bezig met laden…'
            : connection
              ? `${resultText(connection.totalCount, zoek)}${categoryName ? ` in ${categoryName}` : ''}${providerName ? ` van ${providerName}` : ''}.`
              : ''}
        </p>

        {error && !connection ? (
          <QueryError message="Het aanbod kon niet worden geladen." onRetry={() => void refetch()} />
        ) : null}

        {connection && edges.length === 0 ? (
          <div className="gw-alert">
            <p className="gw-alert__title">Geen producten gevonden</p>
            <p>Probeer een ander zoekwoord, of zoek in alle categorieën.</p>
          </div>
        ) : null}

        {edges.length > 0 ? (
          <ul className="gw-card-grid">
            {edges.map((edge) => (
              <li key={edge.node.id}>
                <ProductCard product={edge.node} headingLevel={3} />
              </li>
            ))}
          </ul>
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
      </section>
    </Page>
  );
}
