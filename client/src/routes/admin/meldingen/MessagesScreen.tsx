import { useQuery } from '@apollo/client/react';
import { MESSAGE_AUDIENCES } from '@rules/message';
import { Link } from 'react-router';
import { formatCount, formatDateTime } from '@/components/dates/formatDate';
import { Page } from '@/components/layout/Page';
import { FilteredConnectionTable } from '@/components/lists/FilteredConnectionTable';
import { oneOf, text, type Column, type Filters } from '@/components/lists';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import type { AdminMassMessagesQuery } from '@/graphql/generated/graphql';
import { urls } from '@/lib/urls';
import { AnnouncementsAdmin } from './AnnouncementsAdmin';
import { ComposeMessage } from './ComposeMessage';
import { massMessageStatusLabel } from '@/vocabulary/massMessageStatus';

const AdminMessagesViewerDocument = graphql(`
  query AdminMessagesViewer {
    viewer {
      kind
      municipalities {
        id
        name
      }
    }
  }
`);

const AdminMassMessagesDocument = graphql(`
  query AdminMassMessages($filter: MassMessageFilterInput, $first: Int, $after: String) {
    massMessages(filter: $filter, first: $first, after: $after) {
      totalCount
      pageInfo {
        ...PageInfoFields @unmask
      }
      edges {
        cursor
        node {
          id
          title
          audienceLabel
          status
          recipientCount
          readCount
          residents
          createdAt
        }
      }
    }
  }
`);

type SentMessage = AdminMassMessagesQuery['massMessages']['edges'][number]['node'];

/** Short names for the filter (the compose form's longer ones, MESSAGE_AUDIENCE_LABELS, do not fit a select). */
const AUDIENCE_FILTER_LABELS: Record<(typeof MESSAGE_AUDIENCES)[number], string> = {
  MUNICIPALITY_RESIDENTS: 'Alle inwoners',
  ARRANGEMENT_HOLDERS: 'Inwoners met een regeling',
  CLIENT_GROUP: 'Eén klantgroep',
  ALL_PROVIDERS: 'Alle aanbieders',
  MUNICIPALITY_PROVIDERS: 'Goedgekeurde aanbieders',
};

/** ?zoeken=…&doelgroep=… */
const filters = {
  search: text({ param: 'zoeken', label: 'Zoeken', hint: 'Op (een deel van) het onderwerp of de doelgroep.' }),
  audienceKind: oneOf({
    param: 'doelgroep',
    label: 'Soort doelgroep',
    all: 'Alle doelgroepen',
    options: MESSAGE_AUDIENCES.map((k) => ({
      value: k,
      param: k.toLowerCase().replace(/_/g, '-'),
      label: AUDIENCE_FILTER_LABELS[k],
    })),
  }),
} satisfies Filters;

const columns: Column<SentMessage>[] = [
  { header: 'Verstuurd op', cell: (m) => formatDateTime(m.createdAt) },
  { header: 'Onderwerp', rowHeader: true, cell: (m) => <Link to={urls.admin.message(m.id)}>{m.title}</Link> },
  { header: 'Doelgroep', cell: (m) => m.audienceLabel },
  { header: 'Ontvangers', numeric: true, cell: (m) => formatCount(m.recipientCount) },
  { header: 'Gelezen', cell: (m) => (m.residents ? formatCount(m.readCount) : 'alleen e-mail') },
  { header: 'Status', cell: (m) => massMessageStatusLabel[m.status] },
];

/** The messages sent to audiences, newest first, a page at a time; the filters live in the URL. */
function SentMessages() {
  return (
    <>
      <FilteredConnectionTable
        query={AdminMassMessagesDocument}
        field="massMessages"
        filters={filters}
        filterLabel="Verstuurde berichten filteren"
        submitLabel="Zoeken"
        caption="Verstuurde berichten, nieuwste eerst"
        columns={columns}
        empty="Er zijn nog geen berichten verstuurd."
        emptyFiltered="Er zijn geen verstuurde berichten die hierbij passen. Zoek op iets anders, of wis de filters."
        errorMessage="De verstuurde berichten konden niet worden geladen."
        moreLabel="Meer berichten laden"
      />
    </>
  );
}

const TITLE = 'Meldingen';

/** /admin/meldingen: compose a message to an audience, the messages sent, and the public announcements. */
export default function MessagesScreen() {
  return (
    <QueryBoundary
      query={useQuery(AdminMessagesViewerDocument)}
      select={(data) => data}
      title={TITLE}
      errorMessage="De meldingen konden niet worden geladen."
    >
      {(data) => (
        <Page
          title={TITLE}
          lead="Stuur inwoners of aanbieders een bericht, bekijk wat er is verstuurd en beheer de openbare meldingen op de website."
        >
          <section aria-labelledby="bericht-opstellen">
            <h2 id="bericht-opstellen">Bericht aan een doelgroep</h2>
            <ComposeMessage municipalities={data.viewer.municipalities} />
          </section>
          <section aria-labelledby="verstuurde-berichten">
            <h2 id="verstuurde-berichten">Verstuurde berichten</h2>
            <SentMessages />
          </section>
          <AnnouncementsAdmin municipalities={data.viewer.municipalities} />
        </Page>
      )}
    </QueryBoundary>
  );
}
