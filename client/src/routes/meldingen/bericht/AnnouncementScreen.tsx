import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router';
import { SEVERITY } from '@/components/announcements/announcementParts';
import '@/components/announcements/announcements.css';
import { formatDateTime } from '@/components/dates/formatDate';
import { Page } from '@/components/layout/Page';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import { urls } from '@/lib/urls';

const ActiveAnnouncementDocument = graphql(`
  query ActiveAnnouncement($id: ID!) {
    activeAnnouncement(id: $id) {
      id
      title
      severity
      bodyHtml
      startsAt
      endsAt
      municipalityName
    }
  }
`);

/** /meldingen/bericht/{id}: one active announcement in full; an ended or future one is not found. */
export default function AnnouncementScreen() {
  const { messageId = '' } = useParams();
  return (
    <QueryBoundary
      query={useQuery(ActiveAnnouncementDocument, { variables: { id: messageId } })}
      select={(data) => data.activeAnnouncement}
      title="Melding"
      errorMessage="De melding kon niet worden geladen."
    >
      {(a) => (
        <Page title={a.title}>
          <p className={SEVERITY[a.severity].alert}>
            <strong>{SEVERITY[a.severity].label}</strong>
            {a.municipalityName ? ` · ${a.municipalityName}` : ''} · sinds {formatDateTime(a.startsAt)}
            {a.endsAt ? `, tot ${formatDateTime(a.endsAt)}` : ''}
          </p>
          {/* Rendered on the server from Markdown without raw HTML; only safe link targets (markdown.ts). */}
          <div className="gw-prose" dangerouslySetInnerHTML={{ __html: a.bodyHtml }} />
          <p>
            <Link to={urls.announcements()}>Alle meldingen</Link>
          </p>
        </Page>
      )}
    </QueryBoundary>
  );
}
