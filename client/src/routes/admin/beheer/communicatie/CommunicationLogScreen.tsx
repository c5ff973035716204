import { useMutation } from '@apollo/client/react';
import { Link } from 'react-router';
import { formatDateTime } from '@/components/dates/formatDate';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { FilteredConnectionTable } from '@/components/lists/FilteredConnectionTable';
import { text, type Column, type Filters } from '@/components/lists';
import { statusFilter } from '@/components/lists/statusFilter';
import { StatusBadge } from '@/components/status/StatusBadge';
import { graphql } from '@/graphql/generated';
import type { MailLogQuery } from '@/graphql/generated/graphql';
import { useShowNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { mailStatusLabel } from '@/vocabulary/mailStatus';

const MailLogDocument = graphql(`
  query MailLog($filter: MailLogFilterInput, $first: Int, $after: String) {
    mailLog(filter: $filter, first: $first, after: $after) {
      totalCount
      pageInfo {
        ...PageInfoFields @unmask
      }
      edges {
        cursor
        node {
          id
          to
          templateKey
          templateName
          subject
          status
          attempts
          lastError
          createdAt
          sentAt
        }
      }
    }
  }
`);

const ResendMailDocument = graphql(`
  mutation ResendMail($mailId: ID!) {
    resendMail(mailId: $mailId) {
      mail {
        id
        status
        lastError
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

type Mail = MailLogQuery['mailLog']['edges'][number]['node'];

/** ?zoeken=…&status=mislukt */
const filters = {
  search: text({ param: 'zoeken', label: 'Zoeken', hint: 'Op (een deel van) het e-mailadres of het onderwerp.' }),
  status: statusFilter(
    { QUEUED: 'wachtrij', SENT: 'verstuurd', FAILED: 'mislukt', CANCELLED: 'geannuleerd' },
    mailStatusLabel,
  ),
} satisfies Filters;

/** "Opnieuw versturen" for a failed mail: one click sends once (the server reserves the mail), the status follows. */
function ResendButton({ mail }: { mail: Mail }) {
  const showNotice = useShowNotice();
  const [resend] = useMutation(ResendMailDocument);
  const form = useMutationForm({
    id: `opnieuw-${mail.id}`,
    fields: [],
    mutate: async () => (await resend({ variables: { mailId: mail.id } })).data?.resendMail,
    onSuccess: () => showNotice(`De e-mail aan ${mail.to} staat weer in de wachtrij.`),
  });
  return (
    <>
      {form.summary}
      <button
        type="button"
        className="gw-button gw-button--small gw-button--secondary"
        disabled={form.busy}
        onClick={() => void form.submit()}
      >
        Opnieuw versturen<span className="gw-visually-hidden"> aan {mail.to}</span>
      </button>
    </>
  );
}

const columns: Column<Mail>[] = [
  { header: 'Ontvanger', rowHeader: true, cell: (m) => m.to },
  { header: 'Sjabloon', cell: (m) => m.templateName ?? m.templateKey ?? '—' },
  { header: 'Onderwerp', cell: (m) => m.subject },
  {
    header: 'Status',
    cell: (m) => (
      <>
        <StatusBadge kind="mail" status={m.status}>
          {mailStatusLabel[m.status]}
        </StatusBadge>
        {m.status === 'FAILED' && m.lastError ? <div className="gw-muted">{m.lastError}</div> : null}
      </>
    ),
  },
  { header: 'Tijd', cell: (m) => formatDateTime(m.sentAt ?? m.createdAt) },
  { header: 'Actie', cell: (m) => (m.status === 'FAILED' ? <ResendButton mail={m} /> : null) },
];

/** /admin/beheer/communicatie: the mail log (every e-mail the platform sent or tries to send), newest first. */
export default function CommunicationLogScreen() {
  return (
    <Page
      title="Communicatie"
      lead="Alle e-mails die de Gemeentewinkel verstuurt, de nieuwste eerst. Een e-mail die niet kon worden verstuurd, kunt u opnieuw versturen."
    >
      <p>
        <Link to={urls.admin.beheer.templates()}>Sjablonen van e-mails en berichten bewerken</Link>
      </p>
      <FilteredConnectionTable
        query={MailLogDocument}
        field="mailLog"
        filters={filters}
        filterLabel="E-mails filteren"
        submitLabel="Zoeken"
        caption="Verstuurde e-mails"
        columns={columns}
        empty="Er zijn nog geen e-mails verstuurd."
        emptyFiltered="Er zijn geen e-mails die hierbij passen. Zoek op iets anders, of wis de filters."
        errorMessage="De e-mails konden niet worden geladen."
        moreLabel="Meer e-mails laden"
      />
    </Page>
  );
}
