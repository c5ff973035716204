import { useQuery } from '@apollo/client/react';
import { Link, Navigate, useParams } from 'react-router';
import { Page } from '../../components/layout/Page';
import { Money } from '../../components/money/Money';
import { Loading } from '../../components/ui/Loading';
import { QueryError } from '../../components/ui/QueryError';
import { graphql } from '../../graphql/generated';
import { urls } from '../../lib/urls';
import NotFoundScreen from '../NotFoundScreen';

const ProductDocument = graphql(`
  query Product($id: ID!) {
    product(id: $id) {
      id
      title
      slug
      description
      priceCents
      category {
        id
        name
      }
      provider {
        id
        name
        slug
        city
      }
    }
  }
`);

/** Plain-text description: blank lines separate paragraphs. (Markdown comes later.) */
function Description({ text }: { text: string }) {
  const paragraphs = text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return <p className="gw-muted">Er is geen omschrijving.</p>;
  return (
    <div className="gw-prose" style={{ whiteSpace: 'pre-line' }}>
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}

/** One product of the offer. A wrong slug in the URL is replaced by the canonical one. */
export default function ProductScreen() {
  const { slug = '', productId = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(ProductDocument, { variables: { id: productId } });

  if (loading && !data) {
    return (
      <Page title="Product">
        <div aria-busy="true">
          <Loading />
        </div>
      </Page>
    );
  }
  if (error && !data) {
    return (
      <Page title="Product">
        <QueryError message="Dit product kon niet worden geladen." onRetry={() => void refetch()} />
      </Page>
    );
  }

  const product = data?.product;
  if (!product) return <NotFoundScreen />;
  if (product.slug !== slug) return <Navigate replace to={urls.product(product.slug, product.id)} />;

  return (
    <Page title={product.title}>
      <dl className="gw-definition-list">
        <dt>Prijs</dt>
        <dd>
          <Money cents={product.priceCents} />
        </dd>
        <dt>Aanbieder</dt>
        <dd>
          <Link to={urls.providerPage(product.provider.slug, product.provider.id)}>{product.provider.name}</Link>
          {product.provider.city ? ` (${product.provider.city})` : null}
        </dd>
        <dt>Categorie</dt>
        <dd>
          <Link to={urls.catalogue({ categorie: product.category.id })}>{product.category.name}</Link>
        </dd>
      </dl>

      <h2>Omschrijving</h2>
      <Description text={product.description} />

      <div className="gw-alert">
        <p>Bestellen via de winkelwagen is nog in ontwikkeling en komt in een volgende versie.</p>
      </div>
      <p>
        <Link to={urls.catalogue()}>Terug naar het aanbod</Link>
      </p>
    </Page>
  );
}
