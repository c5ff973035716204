import type { ApolloClient } from '@apollo/client';
import { graphql } from '../../graphql/generated';
import type { ProductCard_ProductFragment } from '../../graphql/generated/graphql';
import { urls } from '../../lib/urls';
import { flag, id, oneOf, readFilters, text, type Filters, type FilterValues } from '../lists/filters';

/**
 * The offer a page at a time (the server's page of 24 fills rows of 2, 3 or 4 cards): the catalogue, a provider's page.
 * `suggestion`: when a search finds nothing, a near search that does ("Bedoelde u …?"); the server decides.
 */
export const CatalogueDocument = graphql(`
  query Catalogue($filter: ProductFilter, $first: Int, $after: String) {
    products(filter: $filter, first: $first, after: $after) {
      totalCount
      suggestion
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

/**
 * How many cards open a page in view, their images loaded at once (ProductCard's `priority`): one row on a wide
 * screen. Here, not in ProductCard.tsx, so the start of the page (main.tsx, `prefetchCatalogue`) needs no card code.
 */
export const FIRST_CARDS = 4;

export type CardPriority = 'high' | 'eager' | undefined;

/** How the image of the card at `index` loads: the first with high priority, the rest of the first row at once. */
export function cardPriority(index: number): CardPriority {
  return index === 0 ? 'high' : index < FIRST_CARDS ? 'eager' : undefined;
}

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

/** The variables of the offer's first page with these filters: what CatalogueScreen's list (useConnection) asks for. */
export function catalogueFirstPage(filter: CatalogueFilterValues) {
  return { first: CATALOGUE_PAGE_SIZE, filter };
}

/** The variables (as JSON) of the first page main.tsx asked for at start, until the screen takes it. */
let prefetched: string | null = null;

/**
 * On a page load of /aanbod, asks for the offer's first page at once, beside the public shell's data and the screen's
 * code (main.tsx), instead of after both (the screen mounts inside the shell, which waits for its data): with the
 * filters in the URL, read as the screen reads them. When it is there, the first card's image is preloaded, before the
 * screen's code has arrived; it is usually the page's largest contentful paint. Not with the resident's filter
 * "betaalbaar", which counts only once the viewer is known (the screen asks then).
 */
export function prefetchCatalogue(client: ApolloClient, location: { pathname: string; search: string }): void {
  if (location.pathname.replace(/\/$/, '') !== urls.catalogue()) return;
  const filter = readFilters(catalogueFilters, new URLSearchParams(location.search));
  if (filter.payable != null) return;
  const variables = catalogueFirstPage(filter);
  prefetched = JSON.stringify(variables);
  client
    .query({ query: CatalogueDocument, variables })
    .then(({ data }) => {
      const first = data?.products.edges[0]?.node;
      // The card's fragment, unmasked at run time (the client does not mask data).
      const image = (first as ProductCard_ProductFragment | undefined)?.images[0];
      if (!image) return;
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'image';
      link.href = image.thumbnailUrl;
      link.fetchPriority = 'high';
      document.head.appendChild(link);
    })
    // A failure: the screen asks again and shows it.
    .catch(() => undefined);
}

/**
 * Whether these are the variables of the first page asked for at start (`prefetchCatalogue`); true once at most. The
 * screen then reads that page from the cache (waiting for it if it is still on its way) instead of asking again.
 */
export function takePrefetchedCatalogue(variables: ReturnType<typeof catalogueFirstPage>): boolean {
  const hit = prefetched !== null && prefetched === JSON.stringify(variables);
  prefetched = null;
  return hit;
}
