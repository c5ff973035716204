import { memo } from 'react';
import { Link } from 'react-router';
import { getFragmentData, graphql, type FragmentType } from '../../graphql/generated';
import { urls } from '../../lib/urls';
import { Money } from '../money/Money';
import type { CardPriority } from './catalogue';
import { PayableBadge } from './PayableBadge';

export const ProductCardFragment = graphql(`
  fragment ProductCard_product on Product {
    id
    title
    slug
    priceCents
    availability
    payableWith
    images {
      id
      thumbnailUrl
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
`);

/**
 * One product in a list, an article named by its title: title (link), provider, category, price and, for a resident, whether their budget pays.
 * Memoised: a list of 24 re-renders when the viewer or the filter choices arrive, its cards (the same cached objects)
 * need not (Lighthouse's total blocking time on /aanbod).
 */
export const ProductCard = memo(function ProductCard(props: {
  product: FragmentType<typeof ProductCardFragment>;
  /** The card's heading level, one below the heading of the list (default h2). */
  headingLevel?: 2 | 3;
  /**
   * One of the first cards of the page, in view when it opens (`cardPriority`): its image loads at once, not lazily;
   * the very first one's (`high`) with high priority too, as it is often the page's largest contentful paint. On a
   * phone the others are below it, out of view: they need not compete with it.
   */
  priority?: CardPriority;
}) {
  const product = getFragmentData(ProductCardFragment, props.product);
  const Heading = props.headingLevel === 3 ? 'h3' : 'h2';
  const titleId = `product-${product.id}`;
  return (
    // Named by its title: screen readers list "Judo voor kinderen", not "artikel".
    <article className="gw-card" aria-labelledby={titleId}>
      {product.images[0] ? (
        // Decorative here: the title next to it says what the product is.
        <img
          className="gw-card__image"
          src={product.images[0].thumbnailUrl}
          alt=""
          width={400}
          height={300}
          loading={props.priority ? 'eager' : 'lazy'}
          fetchPriority={props.priority === 'high' ? 'high' : 'auto'}
        />
      ) : null}
      <Heading>
        <Link id={titleId} to={urls.product(product.slug, product.id)}>
          {product.title}
        </Link>
      </Heading>
      <p>
        <span className="gw-visually-hidden">Aanbieder: </span>
        {product.provider.name}
      </p>
      <p className="gw-muted">
        <span className="gw-visually-hidden">Categorie: </span>
        {product.category.name}
      </p>
      {product.availability === 'TEMPORARILY_UNAVAILABLE' ? (
        <p>
          <span className="gw-tag">Tijdelijk niet beschikbaar</span>
        </p>
      ) : null}
      <p className="gw-card__price">
        <span className="gw-visually-hidden">Prijs: </span>
        <Money cents={product.priceCents} />
      </p>
      <PayableBadge payableWith={product.payableWith} />
    </article>
  );
});
