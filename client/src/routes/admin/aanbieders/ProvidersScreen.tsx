import { Link } from 'react-router';
import { formatDate } from '@/components/dates/formatDate';
import { Page } from '@/components/layout/Page';
import { useFiltering } from '@/components/lists/useFiltering';
import { ConnectionTable, FilterForm, useConnection, type Column, type Filters } from '@/components/lists';
import { statusFilter } from '@/components/lists/statusFilter';
import { membershipStatusLabel } from '@/vocabulary/membershipStatus';
import { graphql } from '@/graphql/generated';
import type { ProviderMembershipsQuery } from '@/graphql/generated/graphql';
import { urls } from '@/lib/urls';
import { StatusBadge } from '@/components/status/StatusBadge';

const ProviderMembershipsDocument = graphql(`
  query ProviderMemberships($filter: ProviderMembershipFilter, $first: Int, $after: String) {
    providerMemberships(filter: $filter, first: $first, after: $after) {
      totalCount
      pageInfo {
        ...PageInfoFields @unmask
      }
      edges {
        cursor
        node {
          id
          status
          appliedAt
          decidedAt
          municipality {
            id
            name
          }
          provider {
            id
            name
            city
          }
        }
      }
    }
  }
`);

type Membership = ProviderMembershipsQuery['providerMemberships']['edges'][number]['node'];

/** ?status=in-behandeling (the default: the work to do)|goedgekeurd|afgewezen|afgemeld|alle */
const filters = {
  status: statusFilter(
    { PENDING: 'in-behandeling', APPROVED: 'goedgekeurd', REJECTED: 'afgewezen', WITHDRAWN: 'afgemeld' },
    { PENDING: 'Te beoordelen', APPROVED: 'Goedgekeurd', REJECTED: 'Afgewezen', WITHDRAWN: 'Afgemeld' },
    'PENDING',
  ),
} satisfies Filters;

const columns: Column<Membership>[] = [
  {
    header: 'Aanbieder',
    rowHeader: true,
    cell: (m) => <Link to={urls.admin.provider(m.provider.id)}>{m.provider.name}</Link>,
  },
  { header: 'Plaats', cell: (m) => m.provider.city },
  { header: 'Gemeente', cell: (m) => m.municipality.name },
  {
    header: 'Status',
    cell: (m) => (
      <StatusBadge kind="membership" status={m.status}>
        {membershipStatusLabel[m.status]}
      </StatusBadge>
    ),
  },
  { header: 'Aangemeld op', cell: (m) => formatDate(m.appliedAt) },
];

/** /admin/aanbieders: provider memberships in the staff member's municipalities, those to decide on first. */
export default function ProvidersScreen() {
  const filtering = useFiltering(filters);
  const list = useConnection(ProviderMembershipsDocument, {
    variables: { filter: filtering.values },
    field: 'providerMemberships',
  });
  return (
    <Page
      title="Aanbieders"
      lead="Aanmeldingen van aanbieders bij de gemeenten waarvoor u werkt. Open een aanbieder om een aanmelding goed te keuren of af te wijzen."
    >
      <FilterForm {...filtering.form} label="Aanmeldingen filteren" submitLabel="Filteren" />
      <ConnectionTable
        list={list}
        caption={filters.status.options.find((o) => o.value === filtering.values.status)?.label ?? 'Alle aanmeldingen'}
        columns={columns}
        filtered={filtering.active}
        empty="Er zijn geen aanmeldingen om te beoordelen. Nieuwe aanmeldingen van aanbieders verschijnen hier; kies ‘Alle statussen’ om eerdere te zien."
        emptyFiltered="Er zijn geen aanmeldingen met deze status. Kies een andere status, of wis de filters."
        errorMessage="De aanbieders konden niet worden geladen."
        moreLabel="Meer aanmeldingen laden"
      />
    </Page>
  );
}
