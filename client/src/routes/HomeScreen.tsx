import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { formatCount } from '../components/dates/formatDate';
import { Page } from '../components/layout/Page';
import { NewsCard } from '../components/news/NewsCard';
import { cardPriority } from '../components/products/catalogue';
import { ProductCard } from '../components/products/ProductCard';
import { SearchForm } from '../components/products/SearchForm';
import { Loading } from '../components/ui/Loading';
import { QueryError } from '../components/ui/QueryError';
import { graphql } from '../graphql/generated';
import { SITE_NAME } from '../lib/site';
import { urls } from '../lib/urls';
import { countOf } from '@/lib/plural';

const HomeDocument = graphql(`
  query Home {
    categories {
      id
      name
      productCount
    }
  }
`);

const HomeFeaturedDocument = graphql(`
  query HomeFeatured {
    featuredCategory {
      id
      name
      description
    }
  }
`);

const HomeFeaturedProductsDocument = graphql(`
  query HomeFeaturedProducts($categoryId: ID!) {
    products(filter: { categoryId: $categoryId, sort: NEWEST }, first: 4) {
      totalCount
      edges {
        node {
          id
          ...ProductCard_product
        }
      }
    }
  }
`);

/** The featured category (chosen by staff) with a few of its newest products; nothing when none is chosen. */
function FeaturedCategory() {
  const featured = useQuery(HomeFeaturedDocument);
  const category = featured.data?.featuredCategory;
  const products = useQuery(HomeFeaturedProductsDocument, {
    variables: { categoryId: category?.id ?? '' },
    skip: !category,
  });
  if (!category) return null;
  const connection = products.data?.products;
  return (
    <section aria-labelledby="uitgelicht-kop" aria-busy={products.loading}>
      <h2 id="uitgelicht-kop">Uitgelicht: {category.name}</h2>
      {category.description ? <p>{category.description}</p> : null}
      {products.loading && !connection ? <Loading /> : null}
      {connection && connection.edges.length > 0 ? (
        <ul className="gw-card-grid">
          {connection.edges.map((edge, index) => (
            <li key={edge.node.id}>
              <ProductCard product={edge.node} headingLevel={3} priority={cardPriority(index)} />
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        <Link to={urls.catalogue({ categorie: category.id })}>
          {connection && connection.totalCount > 0
            ? `Bekijk alle ${formatCount(connection.totalCount)} producten in ${category.name}`
            : `Bekijk ${category.name} in het aanbod`}
        </Link>
      </p>
    </section>
  );
}

const LatestNewsDocument = graphql(`
  query LatestNews {
    latestNews(count: 3) {
      id
      ...NewsCard_article
    }
  }
`);

/** The three latest news articles; nothing while there is no news (or it cannot be loaded: the news is secondary). */
function LatestNews() {
  const { data, loading } = useQuery(LatestNewsDocument);
  const articles = data?.latestNews ?? [];
  if (!loading && articles.length === 0) return null;
  return (
    <section aria-labelledby="nieuws-kop" aria-busy={loading}>
      <h2 id="nieuws-kop">Nieuws</h2>
      {loading && !data ? <Loading /> : null}
      <ul className="gw-card-grid">
        {articles.map((article) => (
          <li key={article.id}>
            <NewsCard article={article} headingLevel={3} />
          </li>
        ))}
      </ul>
      <p>
        <Link to={urls.news()}>Al het nieuws</Link>
      </p>
    </section>
  );
}

function Categories() {
  const { data, loading, error, refetch } = useQuery(HomeDocument);
  return (
    <section aria-labelledby="categorieen-kop" aria-busy={loading}>
      <h2 id="categorieen-kop">Categorieën</h2>
      {loading && !data ? <Loading /> : null}
      {error && !data ? (
        <QueryError message="De categorieën konden niet worden geladen." onRetry={() => void refetch()} />
      ) : null}
      {data ? (
        data.categories.length === 0 ? (
          <p>Er zijn nog geen categorieën.</p>
        ) : (
          <ul className="gw-card-grid">
            {data.categories.map((category) => (
              <li key={category.id}>
                <div className="gw-card">
                  <h3>
                    <Link to={urls.catalogue({ categorie: category.id })}>{category.name}</Link>
                  </h3>
                  <p className="gw-muted">{countOf(category.productCount, 'product', 'producten')}</p>
                </div>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}

/** Home: search the offer, browse by category, find out how it works. */
export default function HomeScreen() {
  return (
    <Page title={`Welkom bij de ${SITE_NAME}`} documentTitle={SITE_NAME} hideBreadcrumbs>
      <div className="gw-hero">
        <p className="gw-lead">
          Heeft u van de gemeente een regeling gekregen, zoals het Kindpakket? Hier kiest u producten en activiteiten
          die u met uw tegoed betaalt: van sportclub tot zwemles en schoolspullen.
        </p>
        <SearchForm />
      </div>
      <FeaturedCategory />
      <Categories />
      <LatestNews />
      <section aria-labelledby="uitleg-kop">
        <h2 id="uitleg-kop">Zo werkt het</h2>
        <ol className="gw-prose">
          <li>Log in met DigiD. U ziet dan welke regelingen u heeft en hoeveel tegoed u nog heeft.</li>
          <li>Zoek in het aanbod en leg producten in uw winkelwagen.</li>
          <li>Bestel. Het tegoed betaalt; de aanbieder levert.</li>
        </ol>
        <p>
          <Link to={urls.howItWorks()}>Lees meer over hoe het werkt</Link>
        </p>
      </section>
    </Page>
  );
}
