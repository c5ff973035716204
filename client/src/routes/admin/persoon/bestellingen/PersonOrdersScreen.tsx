import { useQuery } from '@apollo/client/react';
import { useParams } from 'react-router';
import { Page } from '@/components/layout/Page';
import { useFiltering } from '@/components/lists/useFiltering';
import { ConnectionTable, FilterForm, useConnection, type Column, type Filters } from '@/components/lists';
import { orderColumns } from '@/components/orders/orderColumns';
import { orderStatusFilter } from '@/components/orders/orderFilters';
import { orderStatusLabel } from '@/vocabulary/orderStatus';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import type { AdminPersonOrdersQuery } from '@/graphql/generated/graphql';
import { urls } from '@/lib/urls';
import { RecordNotFound } from '@/components/ui/RecordNotFound';
import { PersonNav } from '../personShared';

const AdminPersonOrdersPersonDocument = graphql(`
  query AdminPersonOrdersPerson($externalIdentifier: String!) {
    person(externalIdentifier: $externalIdentifier) {
      id
      externalIdentifier
      fullName
      clientGroupName
    }
  }
`);

const AdminPersonOrdersDocument = graphql(`
  query AdminPersonOrders($externalIdentifier: String!, $filter: PersonOrderFilter, $first: Int, $after: String) {
    personOrders(externalIdentifier: $externalIdentifier, filter: $filter, first: $first, after: $after) {
      ...OrderListPage @unmask
      edges {
        node {
          providerName
          budgetCents
          contributionCents
          clientGroupId
        }
      }
    }
  }
`);

type Order = NonNullable<AdminPersonOrdersQuery['personOrders']>['edges'][number]['node'];

/** ?status=geplaatst */
const filters = {
  status: orderStatusFilter(['AWAITING_PAYMENT', 'PLACED', 'ACCEPTED', 'DELIVERED', 'CANCELLED']),
} satisfies Filters;

/** /admin/persoon/:externalIdentifier/bestellingen: the orders of the person's household, newest first. */
export default function PersonOrdersScreen() {
  const { externalIdentifier = '' } = useParams();
  return (
    <QueryBoundary
      query={useQuery(AdminPersonOrdersPersonDocument, {
        variables: { externalIdentifier },
        fetchPolicy: 'network-only',
      })}
      select={(data) => data.person}
      title="Bestellingen"
      errorMessage="De bestellingen konden niet worden geladen."
      notFound={<RecordNotFound title="Persoon niet gevonden" />}
    >
      {(person) => (
        <Page
          title={`Bestellingen van ${person.fullName}`}
          crumb="Bestellingen"
          lead={`Alle bestellingen van het huishouden ${person.clientGroupName}, de nieuwste eerst.`}
        >
          <PersonNav externalIdentifier={person.externalIdentifier} />
          <PersonOrderList externalIdentifier={person.externalIdentifier} household={person.clientGroupName} />
        </Page>
      )}
    </QueryBoundary>
  );
}

function PersonOrderList({ externalIdentifier, household }: { externalIdentifier: string; household: string }) {
  const filtering = useFiltering(filters);
  const list = useConnection(AdminPersonOrdersDocument, {
    variables: { externalIdentifier, filter: filtering.values },
    field: 'personOrders',
  });
  const status = filtering.values.status ? orderStatusLabel[filtering.values.status].toLowerCase() : null;
  const columns: Column<Order>[] = [
    orderColumns.number((id, o) => urls.admin.personOrder(externalIdentifier, o.clientGroupId, id)),
    orderColumns.orderedOn(),
    { header: 'Aanbieder', cell: (o) => o.providerName },
    orderColumns.status(),
    orderColumns.amount('Totaal', (o) => o.totalCents),
    orderColumns.amount('Uit tegoed', (o) => o.budgetCents),
    orderColumns.amount('Eigen bijdrage', (o) => o.contributionCents),
  ];
  return (
    <>
      <FilterForm {...filtering.form} label="Bestellingen filteren" submitLabel="Filteren" />
      <ConnectionTable
        list={list}
        caption={status ? `Bestellingen van ${household}: ${status}` : `Bestellingen van ${household}`}
        columns={columns}
        filtered={filtering.active}
        empty="Dit huishouden heeft nog niets besteld."
        emptyFiltered={`Dit huishouden heeft geen bestellingen met de status ‘${status ?? ''}’. Kies een andere status of wis het filter.`}
        errorMessage="De bestellingen konden niet worden geladen."
        moreLabel="Meer bestellingen laden"
      />
    </>
  );
}
