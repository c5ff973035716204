import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { formatCount, formatDateTime } from '@/components/dates/formatDate';
import { Page } from '@/components/layout/Page';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import { urls } from '@/lib/urls';
import { massMessageStatusLabel } from '@/vocabulary/massMessageStatus';
import { countOf } from '@/lib/plural';

const AdminMassMessageDocument = graphql(`
  query AdminMassMessage($id: ID!) {
    massMessage(id: $id) {
      id
      title
      body
      audienceLabel
      municipalityName
      status
      recipientCount
      sentCount
      mailCount
      readCount
      residents
      createdAt
      finishedAt
    }
  }
`);

/** Plain text: paragraphs separated by a blank line. */
const paragraphs = (body: string) =>
  body
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);

/** /admin/meldingen/bericht/{id}: one sent message, its progress while the job runs (polled), and how many read it. */
export default function MessageScreen() {
  const { messageId = '' } = useParams();
  const query = useQuery(AdminMassMessageDocument, { variables: { id: messageId } });
  const status = query.data?.massMessage?.status;
  const { startPolling, stopPolling } = query;
  useEffect(() => {
    if (status && status !== 'SENT') startPolling(1000);
    else stopPolling();
    return () => stopPolling();
  }, [status, startPolling, stopPolling]);

  return (
    <QueryBoundary
      query={query}
      select={(data) => data.massMessage}
      title="Bericht"
      errorMessage="Het bericht kon niet worden geladen."
    >
      {(m) => {
        const done = Math.min(m.sentCount, m.recipientCount);
        return (
          <Page title={m.title}>
            <dl className="gw-definition-list">
              <dt>Doelgroep</dt>
              <dd>{m.audienceLabel}</dd>
              <dt>Verstuurd op</dt>
              <dd>{formatDateTime(m.createdAt)}</dd>
              <dt>Status</dt>
              <dd>
                {massMessageStatusLabel[m.status]}
                {m.finishedAt ? ` (klaar op ${formatDateTime(m.finishedAt)})` : ''}
              </dd>
              <dt>Ontvangers</dt>
              <dd>{formatCount(m.recipientCount)}</dd>
              <dt>E-mails</dt>
              <dd>{formatCount(m.mailCount)}</dd>
              <dt>Gelezen</dt>
              <dd>
                {m.residents
                  ? `${formatCount(m.readCount)} van ${formatCount(m.sentCount)} in Berichten`
                  : 'Aanbieders hebben geen berichtenbox; zij krijgen alleen een e-mail.'}
              </dd>
            </dl>
            <h2 id="voortgang-kop">Voortgang</h2>
            <progress
              aria-labelledby="voortgang-kop"
              max={m.recipientCount}
              value={done}
              style={{ width: '100%', maxWidth: '30em' }}
            />
            <p role="status">
              {m.status === 'SENT'
                ? `Klaar: ${countOf(m.sentCount, 'ontvanger', 'ontvangers')} verwerkt.`
                : `${formatCount(done)} van ${countOf(m.recipientCount, 'ontvanger', 'ontvangers')} verwerkt…`}
            </p>
            <h2>Tekst</h2>
            {paragraphs(m.body).map((p, i) => (
              <p key={i} style={{ whiteSpace: 'pre-line' }}>
                {p}
              </p>
            ))}
            <p>
              <Link to={urls.admin.messages()}>Terug naar Meldingen</Link>
            </p>
          </Page>
        );
      }}
    </QueryBoundary>
  );
}
