import { formatDateTime } from '@/components/dates/formatDate';
import { Page } from '@/components/layout/Page';
import { FilteredConnectionTable } from '@/components/lists/FilteredConnectionTable';
import { isoDate, text, type Column, type Filters } from '@/components/lists';
import { graphql } from '@/graphql/generated';
import type { AuditLogQuery } from '@/graphql/generated/graphql';

const AuditLogDocument = graphql(`
  query AuditLog($filter: AuditLogFilter, $first: Int, $after: String) {
    auditLog(filter: $filter, first: $first, after: $after) {
      totalCount
      totalCountCapped
      pageInfo {
        ...PageInfoFields @unmask
      }
      edges {
        cursor
        node {
          id
          at
          actorKind
          actorId
          actorName
          action
          subjectType
          subjectId
          details
        }
      }
    }
  }
`);

type Entry = AuditLogQuery['auditLog']['edges'][number]['node'];

const ACTOR_KIND: Record<string, string> = {
  STAFF: 'Medewerker',
  PROVIDER: 'Aanbieder',
  CUSTOMER: 'Inwoner',
  API_CLIENT: 'API-koppeling',
  SYSTEM: 'Systeem',
  ANONYMOUS: 'Bezoeker',
  OPERATOR: 'Operator van Lightbase',
};

/** ?persoon=…&door=…&actie=…&van=…&tot=… */
const filters = {
  person: text({
    param: 'persoon',
    label: 'Persoon',
    hint: 'Klantnummer van de persoon: wat over of door hem of haar is gedaan.',
  }),
  actor: text({
    param: 'door',
    label: 'Door',
    hint: 'Naam of e-mailadres van de medewerker, of de naam van een taak.',
  }),
  action: text({
    param: 'actie',
    label: 'Actie',
    hint: 'De actie of het begin ervan, bijvoorbeeld person. of import.applied',
  }),
  from: isoDate({ param: 'van', label: 'Vanaf' }),
  until: isoDate({ param: 'tot', label: 'Tot en met' }),
} satisfies Filters;

/** The details as short "key: value" text (ids and codes only; never personal data). */
function detailsText(json: string): string {
  try {
    const value = JSON.parse(json) as Record<string, unknown>;
    return Object.entries(value)
      .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
      .join('; ');
  } catch {
    return '';
  }
}

const columns: Column<Entry>[] = [
  { header: 'Tijd', rowHeader: true, cell: (e) => formatDateTime(e.at) },
  {
    header: 'Door',
    cell: (e) => (
      <>
        {e.actorName ?? ACTOR_KIND[e.actorKind] ?? e.actorKind}
        {e.actorName ? <div className="gw-muted">{ACTOR_KIND[e.actorKind] ?? e.actorKind}</div> : null}
      </>
    ),
  },
  { header: 'Actie', cell: (e) => <code>{e.action}</code> },
  { header: 'Onderwerp', cell: (e) => (e.subjectType ? `${e.subjectType} ${e.subjectId ?? ''}` : '—') },
  {
    header: 'Details',
    cell: (e) => <span style={{ overflowWrap: 'anywhere' }}>{detailsText(e.details) || '—'}</span>,
  },
];

/**
 * /admin/beheer/auditlog: the audit log (who did or read what, and when), newest first, filtered by person, actor,
 * action and period. The specification has no screen for it; it lives beside the other logs under beheer.
 */
export default function AuditLogScreen() {
  return (
    <Page
      title="Auditlog"
      lead="Wie wat heeft gedaan of ingezien, en wanneer, de nieuwste eerst. Ook het inzien van dit auditlog wordt vastgelegd."
    >
      <FilteredConnectionTable
        query={AuditLogDocument}
        field="auditLog"
        filters={filters}
        filterLabel="Auditlog filteren"
        submitLabel="Zoeken"
        caption="Regels van het auditlog"
        columns={columns}
        empty="Het auditlog is leeg."
        emptyFiltered="Er zijn geen regels die hierbij passen. Kies andere filters, of wis de filters."
        errorMessage="Het auditlog kon niet worden geladen."
        moreLabel="Meer regels laden"
      />
    </Page>
  );
}
