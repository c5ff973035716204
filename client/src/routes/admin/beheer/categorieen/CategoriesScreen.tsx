import { Link } from 'react-router';
import { formatCount } from '@/components/dates/formatDate';
import { FilteredConnectionTable } from '@/components/lists/FilteredConnectionTable';
import { oneOf, text, type Column, type Filters } from '@/components/lists';
import { Page } from '@/components/layout/Page';
import { graphql } from '@/graphql/generated';
import type { AdminCategoriesQuery } from '@/graphql/generated/graphql';
import { urls } from '@/lib/urls';

const AdminCategoriesDocument = graphql(`
  query AdminCategories($filter: CategoryFilter, $first: Int, $after: String) {
    adminCategories(filter: $filter, first: $first, after: $after) {
      totalCount
      pageInfo {
        ...PageInfoFields @unmask
      }
      edges {
        cursor
        node {
          id
          name
          sortOrder
          featured
          productCount
          allProductCount
        }
      }
    }
  }
`);

type Category = AdminCategoriesQuery['adminCategories']['edges'][number]['node'];

/** ?zoek=…&producten=met|zonder */
const filters = {
  search: text({ param: 'zoek', label: 'Naam', hint: 'Een deel van de naam.' }),
  hasProducts: oneOf({
    param: 'producten',
    label: 'Producten',
    all: 'Met en zonder producten',
    options: [
      { value: true, param: 'met', label: 'Met producten' },
      { value: false, param: 'zonder', label: 'Zonder producten (kan weg)' },
    ],
  }),
} satisfies Filters;

const columns: Column<Category>[] = [
  { header: 'Naam', rowHeader: true, cell: (c) => <Link to={urls.admin.beheer.category(c.id)}>{c.name}</Link> },
  { header: 'Volgorde', numeric: true, cell: (c) => c.sortOrder },
  { header: 'In het aanbod', numeric: true, cell: (c) => formatCount(c.productCount) },
  { header: 'Alle producten', numeric: true, cell: (c) => formatCount(c.allProductCount) },
  { header: 'Uitgelicht', cell: (c) => (c.featured ? <span className="gw-tag">Uitgelicht</span> : '–') },
];

/** /admin/beheer/categorieen: the categories in display order, with their products and which one is featured. */
export default function CategoriesScreen() {
  return (
    <Page title="Categorieën" lead="De categorieën van het aanbod, in de volgorde waarin bezoekers ze zien.">
      <ul className="gw-actions gw-plain-list">
        <li>
          <Link className="gw-button" to={urls.admin.beheer.newCategory()}>
            Nieuwe categorie
          </Link>
        </li>
        <li>
          <Link to={urls.admin.beheer.featuredCategory()}>Uitgelichte categorie kiezen</Link>
        </li>
      </ul>
      <FilteredConnectionTable
        query={AdminCategoriesDocument}
        field="adminCategories"
        filters={filters}
        filterLabel="Categorieën zoeken"
        caption="Categorieën"
        columns={columns}
        empty="Er zijn nog geen categorieën. Voeg de eerste toe met ‘Nieuwe categorie’: aanbieders kiezen er een voor elk product."
        emptyFiltered="Geen categorie past bij deze filters. Zoek op een ander deel van de naam, of wis de filters."
        errorMessage="De categorieën konden niet worden geladen."
        moreLabel="Meer categorieën laden"
      />
    </Page>
  );
}
