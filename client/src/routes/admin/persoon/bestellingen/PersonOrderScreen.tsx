import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '@/components/dates/formatDate';
import { Page } from '@/components/layout/Page';
import { OrderLinesTable } from '@/components/orders/OrderLinesTable';
import { OrderPayment } from '@/components/orders/OrderPayment';
import { OrderSummary } from '@/components/orders/OrderSummary';
import { OrderTimeline } from '@/components/orders/OrderTimeline';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import { urls } from '@/lib/urls';
import { RecordNotFound } from '@/components/ui/RecordNotFound';
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
      providerName
      createdAt
      clientGroupId
      ...OrderSummary_order
      ...OrderLinesTable_order
      ...OrderPayment_order
      ...OrderTimeline_order
    }
  }
`);

/** /admin/persoon/:externalIdentifier/bestellingen/:clientId/:orderId: one order of the person's household. */
export default function PersonOrderScreen() {
  const { externalIdentifier = '', clientId = '', orderId = '' } = useParams();
  return (
    <QueryBoundary
      query={useQuery(AdminPersonOrderDocument, {
        variables: { externalIdentifier, orderId },
        fetchPolicy: 'network-only',
      })}
      // The order must belong to this person's household, and the URL's household must be that household.
      select={({ person, order }) =>
        person && order && order.clientGroupId === clientId && person.clientGroupId === clientId
          ? { person, order }
          : null
      }
      title="Bestelling"
      errorMessage="Deze bestelling kon niet worden geladen."
      notFound={
        <RecordNotFound title="Bestelling niet gevonden">
          <p>
            Deze bestelling bestaat niet, hoort niet bij dit huishouden of valt buiten de gemeenten waarvoor u werkt.
          </p>
        </RecordNotFound>
      }
    >
      {({ person, order }) => (
        <Page
          title={`Bestelling ${order.number}`}
          crumb="Bestelling"
          lead={`Bij ${order.providerName}, geplaatst op ${formatDateTime(order.createdAt)}.`}
        >
          <PersonNav externalIdentifier={person.externalIdentifier} />
          <OrderSummary order={order}>
            <dt>Klant</dt>
            <dd>
              <Link to={urls.admin.person(person.externalIdentifier)}>{person.fullName}</Link>
            </dd>
          </OrderSummary>

          <h2>Producten</h2>
          <OrderLinesTable order={order} hideCaption />

          <h2>Betaling</h2>
          <OrderPayment order={order} perspective="staff" />

          <h2>Verloop</h2>
          <OrderTimeline order={order} perspective="staff" />
        </Page>
      )}
    </QueryBoundary>
  );
}
