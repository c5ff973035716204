import { Link } from 'react-router';
import { formatDate, formatDateTime } from '@/components/dates/formatDate';
import { FilteredConnectionTable } from '@/components/lists/FilteredConnectionTable';
import { text, type Column, type Filters } from '@/components/lists';
import { statusFilter } from '@/components/lists/statusFilter';
import { graphql } from '@/graphql/generated';
import type { ApiClientsQuery } from '@/graphql/generated/graphql';
import { searchParams } from '@/lib/urls';
import { useUrlState } from '@/lib/urlState';
import { apiClientStatusLabel } from '@/vocabulary/apiClientStatus';

const ApiClientsDocument = graphql(`
  query ApiClients($filter: ApiClientFilter, $first: Int, $after: String) {
    apiClients(filter: $filter, first: $first, after: $after) {
      totalCount
      pageInfo {
        ...PageInfoFields @unmask
      }
      edges {
        cursor
        node {
          id
          name
          keyPrefix
          status
          expiresOn
          lastUsedAt
          permissions
          working
          notice
          municipality {
            id
            name
          }
        }
      }
    }
  }
`);

type Client = ApiClientsQuery['apiClients']['edges'][number]['node'];

/** ?zoek=…&status=actief|verlopen|ingetrokken */
const filters = {
  search: text({ param: 'zoek', label: 'Naam of sleutelbegin' }),
  status: statusFilter({ ACTIVE: 'actief', EXPIRED: 'verlopen', REVOKED: 'ingetrokken' }, apiClientStatusLabel),
} satisfies Filters;

function columns(detailLink: (id: string) => string): Column<Client>[] {
  return [
    { header: 'Naam', rowHeader: true, cell: (c) => <Link to={detailLink(c.id)}>{c.name}</Link> },
    { header: 'Sleutel', cell: (c) => <code>{c.keyPrefix}…</code> },
    { header: 'Gemeente', cell: (c) => c.municipality.name },
    { header: 'Rechten', cell: (c) => String(c.permissions.length) },
    { header: 'Geldig tot en met', cell: (c) => formatDate(c.expiresOn) },
    { header: 'Laatst gebruikt', cell: (c) => (c.lastUsedAt ? formatDateTime(c.lastUsedAt) : 'Nog nooit') },
    {
      header: 'Status',
      cell: (c) => (
        <>
          {apiClientStatusLabel[c.status]}
          {c.notice ? <span className="gw-field__hint gw-api-client-notice">{c.notice}</span> : null}
        </>
      ),
    },
  ];
}

/** The API clients, filtered (?zoek, ?status); a name opens the client (?koppeling) and keeps the filters. */
export function ApiClientList() {
  const url = useUrlState();
  return (
    <>
      <FilteredConnectionTable
        query={ApiClientsDocument}
        field="apiClients"
        filters={filters}
        filterLabel="Koppelingen filteren"
        submitLabel="Filteren"
        caption="API-koppelingen"
        columns={columns((id) => url.search({ [searchParams.apiClient]: id }))}
        empty="Er zijn nog geen API-koppelingen."
        emptyFiltered="Geen koppelingen gevonden. Pas de filters aan, of wis ze."
        errorMessage="De koppelingen konden niet worden geladen."
        moreLabel="Meer koppelingen laden"
      />
    </>
  );
}
