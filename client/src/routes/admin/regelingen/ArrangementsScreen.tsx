import { Link } from 'react-router';
import { formatCount } from '@/components/dates/formatDate';
import { FilteredConnectionTable } from '@/components/lists/FilteredConnectionTable';
import { oneOf, text, type Column, type Filters } from '@/components/lists';
import { Page } from '@/components/layout/Page';
import { Money } from '@/components/money/Money';
import { graphql } from '@/graphql/generated';
import type { AdminArrangementsQuery } from '@/graphql/generated/graphql';
import { urls } from '@/lib/urls';
import { shortDay } from '../klantgroep/shared';

const AdminArrangementsDocument = graphql(`
  query AdminArrangements($filter: ArrangementFilter, $first: Int, $after: String) {
    arrangements(filter: $filter, first: $first, after: $after) {
      totalCount
      pageInfo {
        ...PageInfoFields @unmask
      }
      edges {
        cursor
        node {
          id
          name
          validFrom
          validUntil
          defaultAmountCents
          grantedCents
          spentCents
          remainingCents
          assignmentCount
          municipality {
            id
            name
          }
        }
      }
    }
  }
`);

type Arrangement = AdminArrangementsQuery['arrangements']['edges'][number]['node'];

/** ?zoek=…&looptijd=lopend */
const filters = {
  search: text({ param: 'zoek', label: 'Naam', hint: 'Een deel van de naam.' }),
  current: oneOf({
    param: 'looptijd',
    label: 'Looptijd',
    all: 'Alle regelingen',
    options: [{ value: true, param: 'lopend', label: 'Nog lopend' }],
  }),
} satisfies Filters;

const percent = new Intl.NumberFormat('nl-NL', { style: 'percent', maximumFractionDigits: 0 });

const columns: Column<Arrangement>[] = [
  {
    header: 'Regeling',
    rowHeader: true,
    cell: (a) => (
      <>
        <Link to={urls.admin.arrangement(a.id)}>{a.name}</Link>
        <br />
        <span className="gw-muted" style={{ fontWeight: 'normal' }}>
          {a.municipality.name}
        </span>
      </>
    ),
  },
  {
    header: 'Looptijd',
    cell: (a) => (
      <span style={{ whiteSpace: 'nowrap' }}>{`${shortDay(a.validFrom)} t/m ${shortDay(a.validUntil)}`}</span>
    ),
  },
  { header: 'Standaardbedrag', numeric: true, cell: (a) => <Money cents={a.defaultAmountCents} /> },
  { header: 'Toewijzingen', numeric: true, cell: (a) => formatCount(a.assignmentCount) },
  { header: 'Toegekend', numeric: true, cell: (a) => <Money cents={a.grantedCents} /> },
  {
    header: 'Besteed',
    numeric: true,
    cell: (a) => (
      <>
        <Money cents={a.spentCents} />
        {a.grantedCents > 0 ? (
          <span className="gw-muted"> ({percent.format(a.spentCents / a.grantedCents)})</span>
        ) : null}
      </>
    ),
  },
  { header: 'Nog te besteden', numeric: true, cell: (a) => <Money cents={a.remainingCents} /> },
];

/** /admin/regelingen: the arrangements of the staff member's municipalities, with budget use from the ledger. */
export default function ArrangementsScreen() {
  return (
    <Page
      title="Regelingen"
      lead="De regelingen van de gemeenten waarvoor u werkt, met wat er is toegekend en besteed (uit het grootboek)."
    >
      <p>
        <Link to={urls.admin.newArrangement()} className="gw-button">
          Nieuwe regeling
        </Link>
      </p>
      <FilteredConnectionTable
        query={AdminArrangementsDocument}
        field="arrangements"
        filters={filters}
        filterLabel="Regelingen zoeken"
        caption="Regelingen en budgetgebruik"
        columns={columns}
        empty="Er zijn nog geen regelingen. Maak de eerste aan met ‘Nieuwe regeling’: daarna kunt u huishoudens tegoed toewijzen."
        emptyFiltered="Geen regeling past bij deze filters. Zoek op een ander deel van de naam, of wis de filters."
        errorMessage="De regelingen konden niet worden geladen."
        moreLabel="Meer regelingen laden"
      />
    </Page>
  );
}
