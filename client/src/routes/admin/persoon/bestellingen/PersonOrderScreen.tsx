import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../../../components/dates/formatDate';
import { Page } from '../../../../components/layout/Page';
import { Money } from '../../../../components/money/Money';
import { OrderStatusBadge } from '../../../../components/orders/OrderStatusBadge';
import { OrderTimeline } from '../../../../components/orders/OrderTimeline';
import { QueryError } from '../../../../components/ui/QueryError';
import { graphql } from '../../../../graphql/generated';
import { urls } from '../../../../lib/urls';
import { LoadingPage, RecordNotFound } from '../../klantgroep/shared';
import { PersonNav } from '../personShared';

const AdminPersonOrderDocument = graphql(`
  query AdminPersonOrder($externalIdentifier: String!, $orderId: ID!) {
    person(externalIdentifier: $externalIdentifier) {
      id
      externalIdentifier
      fullName
      clientGroupId
    }
    order(id: $orderId) {
      id
      number
      status
      providerName
      createdAt
      totalCents
      budgetCents
      contributionCents
      cancelReason
      clientGroupId
      lines {
        id
        title
        quantity
        unitPriceCents
        totalCents
      }
      events {
        fromStatus
        toStatus
        actorKind
        reason
        at
      }
      allocations {
        assignmentId
        arrangementName
        amountCents
      }
    }
  }
`);

/** /admin/persoon/:externalIdentifier/bestellingen/:clientId/:orderId: one order of the person's household. */
export default function PersonOrderScreen() {
  const { externalIdentifier = '', clientId = '', orderId = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(AdminPersonOrderDocument, { variables: { externalIdentifier, orderId }, fetchPolicy: 'network-only' });

  if (loading && !data) return <LoadingPage title="Bestelling" />;
  if (error && !data) {
    return (
      <Page title="Bestelling">
        <QueryError message="Deze bestelling kon niet worden geladen." onRetry={() => void refetch()} />
      </Page>
    );
  }
  const person = data?.person;
  const order = data?.order;
  // The order must belong to this person's household, and the URL's household must be that household.
  if (!person || !order || order.clientGroupId !== clientId || person.clientGroupId !== clientId) {
    return (
      <RecordNotFound title="Bestelling niet gevonden">
        <p>Deze bestelling bestaat niet, hoort niet bij dit huishouden of valt buiten de gemeenten waarvoor u werkt.</p>
      </RecordNotFound>
    );
  }

  return (
    <Page title={`Bestelling ${order.number}`} crumb="Bestelling" lead={`Bij ${order.providerName}, geplaatst op ${formatDateTime(order.createdAt)}.`}>
      <PersonNav externalIdentifier={person.externalIdentifier} />
      <dl className="gw-definition-list">
        <dt>Status</dt>
        <dd>
          <OrderStatusBadge status={order.status} />
          {order.cancelReason ? ` Reden: ${order.cancelReason}` : null}
        </dd>
        <dt>Klant</dt>
        <dd>
          <Link to={urls.admin.person(person.externalIdentifier)}>{person.fullName}</Link>
        </dd>
        <dt>Totaal</dt>
        <dd>
          <Money cents={order.totalCents} />
        </dd>
        <dt>Uit tegoed</dt>
        <dd>
          <Money cents={order.budgetCents} />
        </dd>
        <dt>Eigen bijdrage</dt>
        <dd>
          <Money cents={order.contributionCents} />
        </dd>
      </dl>

      <h2>Producten</h2>
      <div className="gw-table-wrapper">
        <table className="gw-table">
          <caption className="gw-visually-hidden">Producten in bestelling {order.number}</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Aantal</th>
              <th scope="col">Prijs per stuk</th>
              <th scope="col">Totaal</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((l) => (
              <tr key={l.id}>
                <th scope="row">{l.title}</th>
                <td>{l.quantity}</td>
                <td>
                  <Money cents={l.unitPriceCents} />
                </td>
                <td>
                  <Money cents={l.totalCents} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {order.allocations.length ? (
        <>
          <h2>Betaald uit</h2>
          <ul>
            {order.allocations.map((a) => (
              <li key={a.assignmentId}>
                {a.arrangementName}: <Money cents={a.amountCents} />
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <h2>Verloop</h2>
      <OrderTimeline events={order.events} perspective="staff" />
    </Page>
  );
}
