import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { useFiltering } from '@/components/lists/useFiltering';
import { ConnectionTable, FilterForm, id, text, useConnection, type Column, type Filters } from '@/components/lists';
import { Page } from '@/components/layout/Page';
import { graphql } from '@/graphql/generated';
import type { AdminClientGroupsQuery } from '@/graphql/generated/graphql';
import { urls } from '@/lib/urls';

const ClientGroupsDocument = graphql(`
  query AdminClientGroups($filter: ClientGroupFilter, $first: Int, $after: String) {
    clientGroups(filter: $filter, first: $first, after: $after) {
      totalCount
      totalCountCapped
      pageInfo {
        ...PageInfoFields @unmask
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

const StaffMunicipalitiesDocument = graphql(`
  query StaffMunicipalities {
    viewer {
      kind
      municipalities {
        id
        name
      }
    }
  }
`);

type ClientGroup = AdminClientGroupsQuery['clientGroups']['edges'][number]['node'];

/** ?zoek=…&gemeente=<id> */
const filters = {
  search: text({
    param: 'zoek',
    label: 'Zoeken',
    hint: 'Bijvoorbeeld een achternaam, ZV-100001, P-100002 of (een deel van) een pasnummer.',
  }),
  municipalityId: id({ param: 'gemeente', label: 'Gemeente', all: 'Alle gemeenten' }),
} satisfies Filters;

const columns: Column<ClientGroup>[] = [
  { header: 'Huishouden', rowHeader: true, cell: (g) => <Link to={urls.admin.clientGroup(g.id)}>{g.name}</Link> },
  { header: 'Klantnummer', cell: (g) => g.clientNumber },
  {
    header: 'Leden',
    cell: (g) =>
      g.members.length === 0 ? (
        <span className="gw-muted">Geen leden</span>
      ) : (
        <ul className="gw-cell-list">
          {g.members.map((m) => (
            <li key={m.id}>
              <Link to={urls.admin.person(m.externalIdentifier)}>{m.fullName}</Link>
            </li>
          ))}
        </ul>
      ),
  },
  { header: 'Gemeente', cell: (g) => g.municipality.name },
];

/** /admin/klanten: households in the staff member's municipalities, searchable by name, client number and card number. */
export default function ClientsScreen() {
  const filtering = useFiltering(filters);
  const list = useConnection(ClientGroupsDocument, { variables: { filter: filtering.values }, field: 'clientGroups' });
  const municipalities = useQuery(StaffMunicipalitiesDocument).data?.viewer.municipalities ?? [];
  return (
    <Page
      title="Klanten"
      lead="Zoek een huishouden (klantgroep) op naam (een kleine typefout mag), klantnummer of pasnummer. U ziet alleen klanten van de gemeenten waarvoor u werkt."
    >
      <FilterForm
        {...filtering.form}
        label="Klanten zoeken"
        choices={{ municipalityId: municipalities.map((m) => ({ value: m.id, label: m.name })) }}
        hide={municipalities.length > 1 ? [] : ['municipalityId']}
      />
      <ConnectionTable
        list={list}
        caption={filtering.values.search ? `Zoekresultaten voor ‘${filtering.values.search}’` : 'Klanten'}
        columns={columns}
        filtered={filtering.active}
        empty="Er zijn nog geen klanten in de gemeenten waarvoor u werkt. Werkt u ook voor een andere gemeente? Vraag een beheerder om die aan uw account toe te voegen."
        emptyFiltered={`Er is geen klant gevonden${filtering.values.search ? ` bij ‘${filtering.values.search}’` : ''}. Controleer de spelling, zoek op een deel van de naam of het nummer, of wis de filters.`}
        errorMessage="De klanten konden niet worden geladen."
        moreLabel="Meer klanten laden"
      />
    </Page>
  );
}
