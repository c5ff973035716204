import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { SEVERITY } from '../../components/announcements/announcementParts';
import '../../components/announcements/announcements.css';
import { formatDateTime } from '../../components/dates/formatDate';
import { Page } from '../../components/layout/Page';
import { QueryBoundary } from '../../components/ui/QueryBoundary';
import { graphql } from '../../graphql/generated';
import { urls } from '../../lib/urls';

const ActiveAnnouncementsDocument = graphql(`
  query ActiveAnnouncements {
    activeAnnouncements {
      id
      title
      severity
      startsAt
      endsAt
      municipalityName
    }
  }
`);

const TITLE = 'Meldingen';

/** /meldingen: the announcements that are active now, outages first. */
export default function AnnouncementsScreen() {
  return (
    <QueryBoundary
      query={useQuery(ActiveAnnouncementsDocument)}
      select={(data) => data.activeAnnouncements}
      title={TITLE}
      errorMessage="De meldingen konden niet worden geladen."
    >
      {(announcements) => (
        <Page title={TITLE} lead="Actuele berichten over de Gemeentewinkel, regelingen en storingen.">
          {announcements.length === 0 ? (
            <p>Er zijn op dit moment geen meldingen.</p>
          ) : (
            <ul className="gw-announcement-list">
              {announcements.map((a) => (
                <li key={a.id} className={SEVERITY[a.severity].alert}>
                  <h2 className="gw-alert__title">
                    <Link to={urls.announcement(a.id)}>{a.title}</Link>
                  </h2>
                  <p className="gw-announcement__meta">
                    {SEVERITY[a.severity].label}
                    {a.municipalityName ? ` · ${a.municipalityName}` : ''} · sinds {formatDateTime(a.startsAt)}
                    {a.endsAt ? `, tot ${formatDateTime(a.endsAt)}` : ''}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Page>
      )}
    </QueryBoundary>
  );
}
