import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { formatCount, formatDateTime } from '../../../components/dates/formatDate';
import { Page } from '../../../components/layout/Page';
import { QueryBoundary } from '../../../components/ui/QueryBoundary';
import { graphql } from '../../../graphql/generated';
import { urls } from '../../../lib/urls';
import { AnnouncementsAdmin } from './AnnouncementsAdmin';
import { ComposeMessage } from './ComposeMessage';
import { MASS_MESSAGE_STATUS } from './massMessageParts';

const AdminMassMessagesDocument = graphql(`
  query AdminMassMessages {
    viewer {
      kind
      municipalities {
        id
        name
      }
    }
    massMessages(first: 50) {
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
`);

const TITLE = 'Meldingen';

/** /admin/meldingen: compose a message to an audience, the messages sent, and the public announcements. */
export default function MessagesScreen() {
  return (
    <QueryBoundary
      query={useQuery(AdminMassMessagesDocument, { fetchPolicy: 'cache-and-network' })}
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
            {data.massMessages.length === 0 ? (
              <p>Er zijn nog geen berichten verstuurd.</p>
            ) : (
              <div className="gw-table-wrapper">
                <table className="gw-table">
                  <caption className="gw-visually-hidden">Verstuurde berichten, nieuwste eerst</caption>
                  <thead>
                    <tr>
                      <th scope="col">Verstuurd op</th>
                      <th scope="col">Onderwerp</th>
                      <th scope="col">Doelgroep</th>
                      <th scope="col">Ontvangers</th>
                      <th scope="col">Gelezen</th>
                      <th scope="col">Status</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.massMessages.map((m) => (
                      <tr key={m.id}>
                        <td>{formatDateTime(m.createdAt)}</td>
                        <td>
                          <Link to={urls.admin.message(m.id)}>{m.title}</Link>
                        </td>
                        <td>{m.audienceLabel}</td>
                        <td>{formatCount(m.recipientCount)}</td>
                        <td>{m.residents ? formatCount(m.readCount) : 'alleen e-mail'}</td>
                        <td>{MASS_MESSAGE_STATUS[m.status]}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
          <AnnouncementsAdmin municipalities={data.viewer.municipalities} />
        </Page>
      )}
    </QueryBoundary>
  );
}
