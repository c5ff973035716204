import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router';
import { Page } from '@/components/layout/Page';
import { ConnectionItems } from '@/components/lists/ConnectionItems';
import { useConnection } from '@/components/lists/useConnection';
import { CATALOGUE_PAGE_SIZE, CatalogueDocument } from '@/components/products/catalogue';
import { ProductCard } from '@/components/products/ProductCard';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import type { PublicProviderQuery } from '@/graphql/generated/graphql';
import { urls } from '@/lib/urls';
import { ProviderLocations } from './ProviderLocations';
import { CanonicalRedirect } from '@/components/layout/CanonicalRedirect';
import { countOf } from '@/lib/plural';

const PublicProviderDocument = graphql(`
  query PublicProvider($id: ID!) {
    publicProvider(id: $id) {
      id
      name
      slug
      city
      description
      website
      logoUrl
      locations {
        ...ProviderLocationFields @unmask
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

/**
 * /aanbod/aanbieders/{slug}/{providerId}: a provider's public page: logo, description, locations with opening hours (as
 * text), and its products. A wrong slug redirects to the canonical URL.
 */
export default function ProviderScreen() {
  const { slug = '', providerId = '' } = useParams();
  const query = useQuery(PublicProviderDocument, { variables: { id: providerId } });
  return (
    <QueryBoundary
      query={query}
      select={(d) => d.publicProvider}
      title="Aanbieder"
      errorMessage="Deze aanbieder kon niet worden geladen."
    >
      {(provider) =>
        provider.slug === slug ? (
          <ProviderPage provider={provider} />
        ) : (
          <CanonicalRedirect to={urls.providerPage(provider.slug, provider.id)} />
        )
      }
    </QueryBoundary>
  );
}

function ProviderPage({ provider }: { provider: NonNullable<PublicProviderQuery['publicProvider']> }) {
  const list = useConnection(CatalogueDocument, {
    variables: { filter: { providerId: provider.id } },
    field: 'products',
    pageSize: CATALOGUE_PAGE_SIZE,
  });
  const website = provider.website ? safeWebsite(provider.website) : null;
  return (
    <Page title={provider.name} lead={provider.city ? `Aanbieder in ${provider.city}` : undefined}>
      {provider.logoUrl ? (
        <img className="gw-provider-logo" src={provider.logoUrl} alt={`Logo van ${provider.name}`} />
      ) : null}
      {provider.description ? (
        <div className="gw-prose gw-prose--lines">
          <p>{provider.description}</p>
        </div>
      ) : null}
      {website ? (
        <p>
          Website: <a href={website}>{website}</a>
        </p>
      ) : null}
      {provider.locations.length ? (
        <section aria-labelledby="vestigingen-kop">
          <h2 id="vestigingen-kop">
            {provider.locations.length === 1 ? 'Adres en openingstijden' : 'Vestigingen en openingstijden'}
          </h2>
          <ProviderLocations locations={provider.locations} />
        </section>
      ) : null}
      <section aria-labelledby="producten-kop">
        <h2 id="producten-kop">Producten van {provider.name}</h2>
        <ConnectionItems
          list={list}
          label={`Producten van ${provider.name}`}
          className="gw-card-grid"
          item={(product) => <ProductCard product={product} headingLevel={3} />}
          summary={(count) => countOf(count, 'product', 'producten')}
          empty={
            <p>
              Deze aanbieder heeft op dit moment geen producten in het aanbod.{' '}
              <Link to={urls.catalogue()}>Bekijk het hele aanbod</Link>.
            </p>
          }
          errorMessage="De producten van deze aanbieder konden niet worden geladen."
          moreLabel="Meer producten laden"
        />
      </section>
      <p>
        <Link to={urls.catalogue()}>Naar het hele aanbod</Link>
      </p>
    </Page>
  );
}
