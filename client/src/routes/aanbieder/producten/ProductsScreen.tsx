import { Link } from 'react-router';
import { formatDate } from '../../../components/dates/formatDate';
import { Page } from '../../../components/layout/Page';
import { ConnectionTable, useConnection, type Column } from '../../../components/lists';
import { Money } from '../../../components/money/Money';
import { ProductStatusCell } from '../../../components/products/ProductDecisions';
import { graphql } from '../../../graphql/generated';
import type { MyProductsQuery } from '../../../graphql/generated/graphql';
import { urls } from '../../../lib/urls';

const MyProductsDocument = graphql(`
  query MyProducts($filter: MyProductFilter, $first: Int, $after: String) {
    myProducts(filter: $filter, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          id
          title
          status
          priceCents
          updatedAt
          category {
            id
            name
          }
          approvals {
            id
            status
            municipality {
              id
              name
            }
          }
        }
      }
    }
  }
`);

type Product = MyProductsQuery['myProducts']['edges'][number]['node'];

const columns: Column<Product>[] = [
  { header: 'Titel', rowHeader: true, cell: (p) => <Link to={urls.provider.product(p.id)}>{p.title}</Link> },
  { header: 'Categorie', cell: (p) => p.category.name },
  { header: 'Status', cell: (p) => <ProductStatusCell product={p} /> },
  { header: 'Prijs', numeric: true, cell: (p) => <Money cents={p.priceCents} /> },
  { header: 'Laatst gewijzigd', cell: (p) => formatDate(p.updatedAt) },
];

/** /aanbieder/producten: the provider's own products, every status. */
export default function ProductsScreen() {
  const list = useConnection(MyProductsDocument, { variables: {}, field: 'myProducts' });
  return (
    <Page
      title="Producten"
      lead="Uw producten in alle statussen. Een nieuw of gewijzigd product wordt eerst beoordeeld door elke gemeente waar u aanbieder bent; elke gemeente beslist zelf over haar aanbod."
    >
      <p>
        <Link className="gw-button" to={urls.provider.newProduct()}>
          Nieuw product
        </Link>
      </p>
      <ConnectionTable
        list={list}
        caption="Uw producten"
        columns={columns}
        empty="U heeft nog geen producten. Maak uw eerste product aan met de knop ‘Nieuw product’ hierboven."
        errorMessage="Uw producten konden niet worden geladen."
        moreLabel="Meer producten laden"
      />
    </Page>
  );
}
