import { graphql } from '../../graphql/generated';
import { flag, id, oneOf, text, type Filters, type FilterValues } from '../lists/filters';

/** The offer a page at a time (the server's page of 24 fills rows of 2, 3 or 4 cards): the catalogue, a provider's page. */
export const CatalogueDocument = graphql(`
  query Catalogue($filter: ProductFilter, $first: Int, $after: String) {
    products(filter: $filter, first: $first, after: $after) {
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

/** The offer is a grid of cards: 24 fill whole rows of 2, 3 and 4 columns. */
export const CATALOGUE_PAGE_SIZE = 24;

/**
 * The offer's filters, in the URL of /aanbod: ?zoek=…&categorie=<id>&aanbieder=<id>&betaalbaar=ja&sortering=…
 * (`payable` only for a logged-in resident: the screen hides it for anyone else).
 */
export const catalogueFilters = {
  search: text({ param: 'zoek', label: 'Zoeken in het aanbod' }),
  categoryId: id({ param: 'categorie', label: 'Categorie', all: 'Alle categorieën' }),
  providerId: id({ param: 'aanbieder', label: 'Aanbieder', all: 'Alle aanbieders' }),
  payable: flag({ param: 'betaalbaar', label: 'Te betalen met mijn regelingen' }),
  sort: oneOf({
    param: 'sortering',
    label: 'Sorteren op',
    // Without a choice the server orders a search by relevance and everything else newest first.
    all: 'Meest relevant of nieuwste eerst',
    options: [
      { value: 'RELEVANCE', param: 'relevantie', label: 'Meest relevant (bij een zoekterm)' },
      { value: 'NEWEST', param: 'nieuwste', label: 'Nieuwste eerst' },
      { value: 'PRICE_ASC', param: 'prijs-oplopend', label: 'Prijs: laag naar hoog' },
      { value: 'PRICE_DESC', param: 'prijs-aflopend', label: 'Prijs: hoog naar laag' },
    ],
  }),
} satisfies Filters;

export type CatalogueFilterValues = FilterValues<typeof catalogueFilters>;
