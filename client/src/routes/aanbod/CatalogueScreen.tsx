import { useMemo, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { Page } from '../../components/layout/Page';
import { ConnectionItems, FilterForm, useConnection, useFilters, writeFilters } from '../../components/lists';
import {
  CATALOGUE_PAGE_SIZE,
  CatalogueDocument,
  cardPriority,
  FIRST_CARDS,
  catalogueFilters,
  catalogueFirstPage,
  takePrefetchedCatalogue,
} from '../../components/products/catalogue';
import { ProductCard } from '../../components/products/ProductCard';
import { graphql } from '../../graphql/generated';
import { useViewer } from '../../lib/viewer';
import { FilterDisclosure } from './FilterDisclosure';
import { countOf } from '@/lib/plural';

const CatalogueChoicesDocument = graphql(`
  query CatalogueChoices {
    categories {
      id
      name
    }
    offerProviders {
      id
      name
    }
  }
`);

/**
 * /aanbod: search, filter by category and provider (a resident also by what their arrangements pay for), sort, and
 * page through the approved products. On small screens the filters fold away behind a "Filters" button.
 */
export default function CatalogueScreen() {
  const [allValues, setValues, state] = useFilters(catalogueFilters);
  // "Te betalen met mijn regelingen" is a resident's filter: for anyone else it is not offered (nor sent).
  const resident = useViewer().viewer?.kind === 'CUSTOMER';
  const values = useMemo(() => (resident ? allValues : { ...allValues, payable: null }), [allValues, resident]);
  const activeCount = [values.search, values.categoryId, values.providerId, values.payable].filter(
    (v) => v != null,
  ).length;
  // The first page may have been asked for at page load (main.tsx): then it comes from the cache.
  const [prefetched] = useState(() => takePrefetchedCatalogue(catalogueFirstPage(values)));
  const list = useConnection(CatalogueDocument, {
    variables: { filter: values },
    field: 'products',
    pageSize: CATALOGUE_PAGE_SIZE,
    fresh: prefetched,
  });
  // A search that found nothing: the server's near search ("Bedoelde u …?"), with the other filters kept.
  const suggestion = list.data?.products.suggestion;
  const choices = useQuery(CatalogueChoicesDocument).data;
  const categoryName = choices?.categories.find((c) => c.id === values.categoryId)?.name;
  const providerName = choices?.offerProviders.find((p) => p.id === values.providerId)?.name;
  const found = (count: number) =>
    `${countOf(count, 'product', 'producten')} gevonden${values.search ? ` voor ‘${values.search}’` : ''}` +
    `${categoryName ? ` in ${categoryName}` : ''}${providerName ? ` van ${providerName}` : ''}` +
    `${values.payable ? ' die u met uw regelingen kunt betalen' : ''}.`;
  return (
    <Page title="Aanbod" lead="Producten en activiteiten die u met het tegoed van uw regeling kunt betalen.">
      <FilterDisclosure activeCount={activeCount}>
        {(done) => (
          <FilterForm
            filters={catalogueFilters}
            values={values}
            onChange={(next) => {
              setValues(next);
              done();
            }}
            state={state}
            label="Aanbod"
            hide={resident ? [] : ['payable']}
            choices={{
              categoryId: choices?.categories.map((c) => ({ value: c.id, label: c.name })),
              providerId: choices?.offerProviders.map((p) => ({ value: p.id, label: p.name })),
            }}
          />
        )}
      </FilterDisclosure>
      <section aria-labelledby="resultaten-kop">
        <h2 id="resultaten-kop" className="gw-visually-hidden">
          Resultaten
        </h2>
        <ConnectionItems
          list={list}
          label="Producten"
          className="gw-card-grid"
          firstRender={FIRST_CARDS}
          item={(product, index) => <ProductCard product={product} headingLevel={3} priority={cardPriority(index)} />}
          summary={found}
          filtered={state.active}
          empty="Er staan nog geen producten in het aanbod. Kijk later nog eens: aanbieders voegen regelmatig producten toe."
          emptyFiltered={
            <>
              <p className="gw-alert__title">Geen producten gevonden</p>
              {suggestion ? (
                <p>
                  Bedoelde u{' '}
                  <Link
                    to={{
                      search: `?${writeFilters(catalogueFilters, { ...values, search: suggestion }, new URLSearchParams())}`,
                    }}
                  >
                    {suggestion}
                  </Link>
                  ?
                </p>
              ) : null}
              <p>Probeer een ander zoekwoord, zoek in alle categorieën, of wis de filters.</p>
            </>
          }
          errorMessage="Het aanbod kon niet worden geladen."
          moreLabel="Meer producten laden"
        />
      </section>
    </Page>
  );
}
