import { Link } from 'react-router';
import { FilteredConnectionTable } from '@/components/lists/FilteredConnectionTable';
import { oneOf, text, type Column, type Filters } from '@/components/lists';
import { Page } from '@/components/layout/Page';
import { formatDate } from '@/components/dates/formatDate';
import { formatCents } from '@/components/money/formatCents';
import { staffApplicationStatusLabel } from '@/vocabulary/applicationStatus';
import { graphql } from '@/graphql/generated';
import type { AdminApplicationsQuery, ApplicationStatus } from '@/graphql/generated/graphql';
import { urls } from '@/lib/urls';

const AdminApplicationsDocument = graphql(`
  query AdminApplications($filter: ApplicationFilter, $first: Int, $after: String) {
    applications(filter: $filter, first: $first, after: $after) {
      totalCount
      pageInfo {
        ...PageInfoFields @unmask
      }
      edges {
        cursor
        node {
          id
          number
          status
          arrangementName
          applicantName
          submittedAt
          ageDays
          expectedAmountCents
          assessorName
          awaitingConfirmation
        }
      }
    }
  }
`);

type Row = AdminApplicationsQuery['applications']['edges'][number]['node'];

const STATUS_PARAMS: [ApplicationStatus, string][] = [
  ['SUBMITTED', 'ingediend'],
  ['IN_ASSESSMENT', 'in-behandeling'],
  ['WAITING_FOR_RESIDENT', 'wacht-op-aanvrager'],
  ['APPROVED', 'toegekend'],
  ['PARTLY_APPROVED', 'deels-toegekend'],
  ['DECLINED', 'afgewezen'],
  ['WITHDRAWN', 'ingetrokken'],
];

/** ?status=…&beoordelaar=zonder&zoek=… */
const filters = {
  status: oneOf({
    param: 'status',
    label: 'Status',
    all: 'Alle statussen',
    options: STATUS_PARAMS.map(([value, param]) => ({ value, param, label: staffApplicationStatusLabel[value] })),
  }),
  unassigned: oneOf({
    param: 'beoordelaar',
    label: 'Beoordelaar',
    all: 'Met en zonder beoordelaar',
    options: [{ value: true, param: 'zonder', label: 'Nog zonder beoordelaar' }],
  }),
  search: text({ param: 'zoek', label: 'Zoeken', hint: 'Het aanvraagnummer (AV-…) of een deel van de naam.' }),
} satisfies Filters;

const columns: Column<Row>[] = [
  { header: 'Aanvraag', rowHeader: true, cell: (a) => <Link to={urls.admin.application(a.id)}>{a.number}</Link> },
  { header: 'Aanvrager', cell: (a) => a.applicantName },
  { header: 'Regeling', cell: (a) => a.arrangementName },
  {
    header: 'Status',
    cell: (a) => (
      <>
        {staffApplicationStatusLabel[a.status]}
        {a.awaitingConfirmation ? <span className="gw-tag">Wacht op tweede beoordelaar</span> : null}
      </>
    ),
  },
  { header: 'Ingediend', cell: (a) => (a.submittedAt ? formatDate(a.submittedAt) : '–') },
  { header: 'Leeftijd (dagen)', numeric: true, cell: (a) => a.ageDays },
  { header: 'Bedrag', numeric: true, cell: (a) => formatCents(a.expectedAmountCents) },
  { header: 'Beoordelaar', cell: (a) => a.assessorName ?? 'Niemand' },
];

/** /admin/aanvragen: the work list of applications, oldest submission first, with status, age and assessor. */
export default function ApplicationsScreen() {
  return (
    <Page title="Aanvragen" lead="Online aanvragen van inwoners. De oudste aanvraag staat bovenaan.">
      <FilteredConnectionTable
        query={AdminApplicationsDocument}
        field="applications"
        filters={filters}
        filterLabel="Aanvragen zoeken"
        caption="Aanvragen"
        columns={columns}
        empty="Er zijn nog geen aanvragen. Zodra inwoners een regeling online aanvragen, staan ze hier."
        emptyFiltered="Geen aanvraag past bij deze filters. Wis de filters om alle aanvragen te zien."
        errorMessage="De aanvragen konden niet worden geladen."
        moreLabel="Meer aanvragen laden"
      />
    </Page>
  );
}
