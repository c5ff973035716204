import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { formatDate } from '@/components/dates/formatDate';
import { Page } from '@/components/layout/Page';
import { ConnectionTable, useConnection, type Column } from '@/components/lists';
import { Money } from '@/components/money/Money';
import { ProductStatusCell } from '@/components/products/ProductDecisions';
import { graphql } from '@/graphql/generated';
import type { MyProductsQuery } from '@/graphql/generated/graphql';
import { urls } from '@/lib/urls';
import { Alert } from '@/components/ui/Alert';
import { dutchList } from '@/components/products/ProductDecisions';

const MyProductsDocument = graphql(`
  query MyProducts($filter: MyProductFilter, $first: Int, $after: String) {
    myProducts(filter: $filter, first: $first, after: $after) {
      totalCount
      pageInfo {
        ...PageInfoFields @unmask
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

const MyMembershipsDocument = graphql(`
  query MyMembershipStatus {
    myMunicipalities {
      municipality {
        id
        name
      }
      membership {
        id
        status
      }
    }
  }
`);

/**
 * Residents only see products of a provider that a municipality approved: until then the provider is told so, with
 * where it can apply (or that its application is being reviewed). Nothing while loading or when it fails: the hint
 * is extra, and the profile shows the memberships too.
 */
function MembershipHint() {
  const query = useQuery(MyMembershipsDocument, { fetchPolicy: 'cache-and-network' });
  const rows = query.data?.myMunicipalities;
  if (!rows || rows.some((r) => r.membership?.status === 'APPROVED')) return null;
  const pending = rows.filter((r) => r.membership?.status === 'PENDING');
  const open = rows.filter(
    (r) => !r.membership || r.membership.status === 'REJECTED' || r.membership.status === 'WITHDRAWN',
  );
  return (
    <Alert variant="warning" title="Inwoners zien uw producten nog niet">
      <p>
        Uw producten komen pas in het aanbod als een gemeente u als aanbieder heeft goedgekeurd. Tot die tijd zien
        inwoners niets van uw aanbod.
        {pending.length
          ? ` Uw aanmelding bij ${dutchList(pending.map((r) => r.municipality.name))} wordt beoordeeld.`
          : null}
      </p>
      {open.length ? (
        <ul>
          {open.map((r) => (
            <li key={r.municipality.id}>
              <Link to={urls.provider.join(r.municipality.id)}>Meld u aan bij {r.municipality.name}</Link>
            </li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}

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
      <MembershipHint />
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
