import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router';
import { AddToCart } from '../../components/cart/AddToCart';
import { Page } from '../../components/layout/Page';
import { Money } from '../../components/money/Money';
import { PayableBadge } from '../../components/products/PayableBadge';
import { availabilityLabel, redemptionMethodLabel } from '../../components/products/productLabels';
import { QueryBoundary } from '../../components/ui/QueryBoundary';
import { graphql } from '../../graphql/generated';
import type { ProductQuery } from '../../graphql/generated/graphql';
import { urls } from '../../lib/urls';
import { CanonicalRedirect } from '../../components/layout/CanonicalRedirect';

const ProductDocument = graphql(`
  query Product($id: ID!) {
    product(id: $id) {
      id
      title
      slug
      descriptionHtml
      priceCents
      availability
      redemptionMethod
      payableWith
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
      images {
        id
        url
        thumbnailUrl
        alt
        width
        height
      }
    }
  }
`);

/** One product of the offer. A wrong slug in the URL is replaced by the canonical one. */
export default function ProductScreen() {
  const { slug = '', productId = '' } = useParams();
  return (
    <QueryBoundary
      query={useQuery(ProductDocument, { variables: { id: productId } })}
      select={(data) => data.product}
      title="Product"
      errorMessage="Dit product kon niet worden geladen."
    >
      {(product) =>
        product.slug !== slug ? (
          <CanonicalRedirect to={urls.product(product.slug, product.id)} />
        ) : (
          <ProductView product={product} />
        )
      }
    </QueryBoundary>
  );
}

function ProductView({ product }: { product: NonNullable<ProductQuery['product']> }) {
  return (
    <Page title={product.title}>
      {product.images.length > 0 ? (
        <ul className="gw-product-images">
          {product.images.map((image, index) => (
            <li key={image.id}>
              {/* Its own size, so the page does not move when it arrives; the first is the page's largest paint. */}
              <img
                src={image.url}
                width={image.width}
                height={image.height}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                alt={
                  image.alt ||
                  (index === 0 ? `Afbeelding van ${product.title}` : `Afbeelding ${index + 1} van ${product.title}`)
                }
              />
            </li>
          ))}
        </ul>
      ) : null}
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
        <dt>Levering</dt>
        <dd>{redemptionMethodLabel[product.redemptionMethod]}</dd>
        <dt>Beschikbaarheid</dt>
        <dd>{availabilityLabel[product.availability]}</dd>
      </dl>
      <PayableBadge payableWith={product.payableWith} />
      <AddToCart productId={product.id} title={product.title} available={product.availability === 'AVAILABLE'} />

      <h2>Omschrijving</h2>
      {product.descriptionHtml ? (
        // Rendered by the server from Markdown with raw HTML escaped and unsafe links dropped (markdown.ts).
        <div className="gw-prose" dangerouslySetInnerHTML={{ __html: product.descriptionHtml }} />
      ) : (
        <p className="gw-muted">Er is geen omschrijving.</p>
      )}

      <p>
        <Link to={urls.catalogue()}>Terug naar het aanbod</Link>
      </p>
    </Page>
  );
}
