import { useQuery } from '@apollo/client/react';
import { formatCount } from '../../components/dates/formatDate';
import { Page } from '../../components/layout/Page';
import { ConnectionItems, FilterForm, useConnection, useFilters } from '../../components/lists';
import { CATALOGUE_PAGE_SIZE, CatalogueDocument, catalogueFilters } from '../../components/products/catalogue';
import { ProductCard } from '../../components/products/ProductCard';
import { graphql } from '../../graphql/generated';

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

/** /aanbod: search, filter by category and provider, sort, and page through the approved products. */
export default function CatalogueScreen() {
  const [values, setValues, state] = useFilters(catalogueFilters);
  const list = useConnection(CatalogueDocument, {
    variables: { filter: values },
    field: 'products',
    pageSize: CATALOGUE_PAGE_SIZE,
  });
  const choices = useQuery(CatalogueChoicesDocument).data;
  const categoryName = choices?.categories.find((c) => c.id === values.categoryId)?.name;
  const providerName = choices?.offerProviders.find((p) => p.id === values.providerId)?.name;
  const found = (count: number) =>
    `${count === 1 ? '1 product' : `${formatCount(count)} producten`} gevonden${values.search ? ` voor ‘${values.search}’` : ''}` +
    `${categoryName ? ` in ${categoryName}` : ''}${providerName ? ` van ${providerName}` : ''}.`;
  return (
    <Page title="Aanbod" lead="Producten en activiteiten die u met het tegoed van uw regeling kunt betalen.">
      <FilterForm
        filters={catalogueFilters}
        values={values}
        onChange={setValues}
        state={state}
        label="Aanbod"
        choices={{
          categoryId: choices?.categories.map((c) => ({ value: c.id, label: c.name })),
          providerId: choices?.offerProviders.map((p) => ({ value: p.id, label: p.name })),
        }}
      />
      <section aria-labelledby="resultaten-kop">
        <h2 id="resultaten-kop" className="gw-visually-hidden">
          Resultaten
        </h2>
        <ConnectionItems
          list={list}
          label="Producten"
          className="gw-card-grid"
          item={(product) => <ProductCard product={product} headingLevel={3} />}
          summary={found}
          filtered={state.active}
          empty="Er staan nog geen producten in het aanbod. Kijk later nog eens: aanbieders voegen regelmatig producten toe."
          emptyFiltered={
            <>
              <p className="gw-alert__title">Geen producten gevonden</p>
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
