import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../../../components/dates/formatDate';
import { Page } from '../../../../components/layout/Page';
import { Money } from '../../../../components/money/Money';
import { OrderStatusBadge } from '../../../../components/orders/OrderStatusBadge';
import { QueryError } from '../../../../components/ui/QueryError';
import { graphql } from '../../../../graphql/generated';
import { urls } from '../../../../lib/urls';
import { LoadingPage, RecordNotFound } from '../../klantgroep/shared';
import { PersonNav } from '../personShared';

const AdminPersonOrdersDocument = graphql(`
  query AdminPersonOrders($externalIdentifier: String!) {
    person(externalIdentifier: $externalIdentifier) {
      id
      externalIdentifier
      fullName
      clientGroupId
      clientGroupName
    }
    personOrders(externalIdentifier: $externalIdentifier) {
      id
      number
      status
      providerName
      createdAt
      totalCents
      budgetCents
      contributionCents
      clientGroupId
    }
  }
`);

/** /admin/persoon/:externalIdentifier/bestellingen: the orders of the person's household, newest first. */
export default function PersonOrdersScreen() {
  const { externalIdentifier = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(AdminPersonOrdersDocument, {
    variables: { externalIdentifier },
    fetchPolicy: 'network-only',
  });

  if (loading && !data) return <LoadingPage title="Bestellingen" />;
  if (error && !data) {
    return (
      <Page title="Bestellingen">
        <QueryError message="De bestellingen konden niet worden geladen." onRetry={() => void refetch()} />
      </Page>
    );
  }
  const person = data?.person;
  if (!person) return <RecordNotFound title="Persoon niet gevonden" />;
  const orders = data?.personOrders ?? [];

  return (
    <Page
      title={`Bestellingen van ${person.fullName}`}
      crumb="Bestellingen"
      lead={`Alle bestellingen van het huishouden ${person.clientGroupName}, de nieuwste eerst.`}
    >
      <PersonNav externalIdentifier={person.externalIdentifier} />
      {orders.length === 0 ? (
        <p>Dit huishouden heeft nog niets besteld.</p>
      ) : (
        <div className="gw-table-wrapper">
          <table className="gw-table">
            <caption>
              {orders.length === 1 ? '1 bestelling' : `${orders.length} bestellingen`} van {person.clientGroupName}
            </caption>
            <thead>
              <tr>
                <th scope="col">Bestelling</th>
                <th scope="col">Datum</th>
                <th scope="col">Aanbieder</th>
                <th scope="col">Status</th>
                <th scope="col">Totaal</th>
                <th scope="col">Uit tegoed</th>
                <th scope="col">Eigen bijdrage</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.id}>
                  <th scope="row">
                    <Link to={urls.admin.personOrder(person.externalIdentifier, o.clientGroupId, o.id)}>
                      {o.number}
                    </Link>
                  </th>
                  <td>{formatDateTime(o.createdAt)}</td>
                  <td>{o.providerName}</td>
                  <td>
                    <OrderStatusBadge status={o.status} />
                  </td>
                  <td>
                    <Money cents={o.totalCents} />
                  </td>
                  <td>
                    <Money cents={o.budgetCents} />
                  </td>
                  <td>
                    <Money cents={o.contributionCents} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}
