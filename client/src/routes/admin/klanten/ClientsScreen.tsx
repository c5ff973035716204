import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatCount } from '../../../components/dates/formatDate';
import { TextField } from '../../../components/forms/TextField';
import { Page } from '../../../components/layout/Page';
import { Loading } from '../../../components/ui/Loading';
import { QueryError } from '../../../components/ui/QueryError';
import { graphql } from '../../../graphql/generated';
import { urls } from '../../../lib/urls';

const ClientGroupsDocument = graphql(`
  query AdminClientGroups($search: String, $first: Int, $after: String) {
    clientGroups(search: $search, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          id
          clientNumber
          name
          municipality {
            id
            name
          }
          members {
            id
            externalIdentifier
            fullName
          }
        }
      }
    }
  }
`);

/** /admin/klanten: households in the staff member's municipalities, searchable by name, client number and card number. */
export default function ClientsScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const zoek = searchParams.get('zoek') ?? '';
  const { data, error, networkStatus, fetchMore, refetch } = useQuery(ClientGroupsDocument, {
    variables: { search: zoek || null, first: 25 },
    notifyOnNetworkStatusChange: true,
    fetchPolicy: 'cache-and-network',
  });
  const [moreError, setMoreError] = useState(false);
  const connection = data?.clientGroups;
  const loadingFirst = !connection && (networkStatus === NetworkStatus.loading || networkStatus === NetworkStatus.setVariables);
  const loadingMore = networkStatus === NetworkStatus.fetchMore;

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('zoek') ?? '').trim();
    setSearchParams(value ? { zoek: value } : {});
  }

  async function loadMore() {
    if (!connection?.pageInfo.endCursor) return;
    setMoreError(false);
    try {
      await fetchMore({
        variables: { after: connection.pageInfo.endCursor },
        updateQuery: (previous, { fetchMoreResult }) => ({
          clientGroups: {
            ...fetchMoreResult.clientGroups,
            edges: [...previous.clientGroups.edges, ...fetchMoreResult.clientGroups.edges],
          },
        }),
      });
    } catch {
      setMoreError(true);
    }
  }

  return (
    <Page title="Klanten" lead="Zoek een huishouden (klantgroep) op naam, klantnummer of pasnummer. U ziet alleen klanten van de gemeenten waarvoor u werkt.">
      <form className="gw-search" role="search" aria-label="Klanten zoeken" onSubmit={onSearch} key={zoek}>
        <TextField
          label="Zoeken"
          name="zoek"
          type="search"
          defaultValue={zoek}
          hint="Bijvoorbeeld een achternaam, ZV-100001, P-100002 of (een deel van) een pasnummer."
          autoComplete="off"
          maxLength={100}
        />
        <button type="submit" className="gw-button">
          Zoeken
        </button>
      </form>
      <div aria-busy={loadingFirst || loadingMore}>
        {loadingFirst ? <Loading /> : null}
        {error && !connection ? <QueryError message="De klanten konden niet worden geladen." onRetry={() => void refetch()} /> : null}
        {connection && connection.edges.length === 0 ? (
          <p role="status">{zoek ? `Er is geen klant gevonden bij ‘${zoek}’. Controleer de spelling of zoek op een deel van de naam of het nummer.` : 'Er zijn nog geen klanten.'}</p>
        ) : null}
        {connection && connection.edges.length > 0 ? (
          <div className="gw-table-wrapper">
            <table className="gw-table">
              <caption>
                {zoek ? `Zoekresultaten voor ‘${zoek}’` : 'Alle klanten'}: {formatCount(connection.edges.length)} van{' '}
                {formatCount(connection.totalCount)}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Huishouden</th>
                  <th scope="col">Klantnummer</th>
                  <th scope="col">Leden</th>
                  <th scope="col">Gemeente</th>
                </tr>
              </thead>
              <tbody>
                {connection.edges.map(({ node }) => (
                  <tr key={node.id}>
                    <th scope="row">
                      <Link to={urls.admin.clientGroup(node.id)}>{node.name}</Link>
                    </th>
                    <td>{node.clientNumber}</td>
                    <td>
                      {node.members.length === 0 ? (
                        <span className="gw-muted">Geen leden</span>
                      ) : (
                        <ul style={{ margin: 0, paddingLeft: '1.1em' }}>
                          {node.members.map((m) => (
                            <li key={m.id}>
                              <Link to={urls.admin.person(m.externalIdentifier)}>{m.fullName}</Link>
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                    <td>{node.municipality.name}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {loadingMore ? <Loading /> : null}
        {moreError ? <QueryError message="Meer klanten laden is niet gelukt." /> : null}
        {connection?.pageInfo.hasNextPage ? (
          <p>
            <button type="button" className="gw-button gw-button--secondary" onClick={() => void loadMore()} disabled={loadingMore}>
              Meer klanten laden
            </button>
          </p>
        ) : null}
      </div>
    </Page>
  );
}
