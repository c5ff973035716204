import { useQuery } from '@apollo/client/react';
import { Link, useLocation } from 'react-router';
import { formatCount } from '../../../../components/dates/formatDate';
import { Page } from '../../../../components/layout/Page';
import { Alert } from '../../../../components/ui/Alert';
import { Loading } from '../../../../components/ui/Loading';
import { QueryError } from '../../../../components/ui/QueryError';
import { graphql } from '../../../../graphql/generated';
import { urls } from '../../../../lib/urls';

export const AdminCategoriesDocument = graphql(`
  query AdminCategories {
    categories {
      id
      name
      description
      sortOrder
      featured
      productCount
      allProductCount
    }
  }
`);

/** All categories in display order, with their products and which one is featured. */
export default function CategoriesScreen() {
  const { data, loading, error, refetch } = useQuery(AdminCategoriesDocument, { fetchPolicy: 'cache-and-network' });
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  return (
    <Page title="Categorieën" lead="De categorieën van het aanbod, in de volgorde waarin bezoekers ze zien.">
      {notice ? (
        <Alert variant="success" role="status">
          <p>{notice}</p>
        </Alert>
      ) : null}
      <ul className="gw-actions" style={{ listStyle: 'none', padding: 0 }}>
        <li>
          <Link className="gw-button" to={urls.admin.beheer.newCategory()}>
            Nieuwe categorie
          </Link>
        </li>
        <li>
          <Link to={urls.admin.beheer.featuredCategory()}>Uitgelichte categorie kiezen</Link>
        </li>
      </ul>
      <div aria-busy={loading && !data}>
        {loading && !data ? <Loading /> : null}
        {error && !data ? <QueryError message="De categorieën konden niet worden geladen." onRetry={() => void refetch()} /> : null}
      </div>
      {data ? (
        data.categories.length === 0 ? (
          <p>Er zijn nog geen categorieën.</p>
        ) : (
          <div className="gw-table-wrapper">
            <table className="gw-table">
              <caption>Categorieën ({data.categories.length})</caption>
              <thead>
                <tr>
                  <th scope="col">Naam</th>
                  <th scope="col" className="gw-num">
                    Volgorde
                  </th>
                  <th scope="col" className="gw-num">
                    In het aanbod
                  </th>
                  <th scope="col" className="gw-num">
                    Alle producten
                  </th>
                  <th scope="col">Uitgelicht</th>
                </tr>
              </thead>
              <tbody>
                {data.categories.map((c) => (
                  <tr key={c.id}>
                    <th scope="row">
                      <Link to={urls.admin.beheer.category(c.id)}>{c.name}</Link>
                    </th>
                    <td className="gw-num">{c.sortOrder}</td>
                    <td className="gw-num">{formatCount(c.productCount)}</td>
                    <td className="gw-num">{formatCount(c.allProductCount)}</td>
                    <td>{c.featured ? <span className="gw-tag">Uitgelicht</span> : '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : null}
    </Page>
  );
}
