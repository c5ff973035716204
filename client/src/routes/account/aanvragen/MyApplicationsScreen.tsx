import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { Page } from '@/components/layout/Page';
import { Loading } from '@/components/ui/Loading';
import { QueryError } from '@/components/ui/QueryError';
import { DataTable } from '@/components/ui/DataTable';
import { formatDate } from '@/components/dates/formatDate';
import { formatCents } from '@/components/money/formatCents';
import { applicationStatusLabel } from '@/vocabulary/applicationStatus';
import { graphql } from '@/graphql/generated';
import { urls } from '@/lib/urls';

const MyApplicationsDocument = graphql(`
  query MyApplications {
    myApplications {
      id
      number
      status
      arrangementName
      expectedAmountCents
      decidedAmountCents
      createdAt
      submittedAt
    }
  }
`);

/** /account/aanvragen: the household's applications, newest first, with their status. */
export default function MyApplicationsScreen() {
  const query = useQuery(MyApplicationsDocument, { fetchPolicy: 'cache-and-network' });
  const rows = query.data?.myApplications;
  return (
    <Page title="Mijn aanvragen" lead="Uw aanvragen voor regelingen en hoe ver de gemeente ermee is.">
      <p>
        <Link to={urls.applyHome()}>Een regeling aanvragen</Link>
      </p>
      {query.error && !rows ? (
        <QueryError message="Uw aanvragen konden niet worden geladen." onRetry={() => void query.refetch()} />
      ) : !rows ? (
        <Loading />
      ) : rows.length === 0 ? (
        <p>U hebt nog niets aangevraagd. Kijk bij Aanvragen welke regelingen u online kunt aanvragen.</p>
      ) : (
        <DataTable
          caption="Mijn aanvragen"
          hideCaption
          headers={['Aanvraag', 'Regeling', 'Status', 'Ingediend', { label: 'Bedrag', numeric: true }]}
        >
          {rows.map((a) => (
            <tr key={a.id}>
              <th scope="row">
                <Link to={urls.account.application(a.id)}>{a.number}</Link>
              </th>
              <td>{a.arrangementName}</td>
              <td>{applicationStatusLabel[a.status]}</td>
              <td>{a.submittedAt ? formatDate(a.submittedAt) : 'Nog niet'}</td>
              <td className="gw-num">{formatCents(a.decidedAmountCents ?? a.expectedAmountCents)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </Page>
  );
}
