import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { formatDateTime } from '@/components/dates/formatDate';
import { Page } from '@/components/layout/Page';
import {
  ConnectionTable,
  FilterForm,
  isoDate,
  text,
  useConnection,
  type Column,
  type Filters,
} from '@/components/lists';
import type { IdFilter } from '@/components/lists/filters';
import { useFiltering } from '@/components/lists/useFiltering';
import { graphql } from '@/graphql/generated';
import type { AuditKind, AuditLogQuery } from '@/graphql/generated/graphql';
import { urls } from '@/lib/urls';
import { actorKindLabel } from '@rules/actors';

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
          actorName
          actionName
          kindName
          organisation
          subjectLabel
          subjectPersonNumber
          subjectOrderId
          subjectHouseholdId
          dataKinds
          processingActivity
          reason
        }
      }
    }
  }
`);

const AuditKindsDocument = graphql(`
  query AuditKinds {
    auditKinds {
      kind
      name
    }
  }
`);

type Entry = AuditLogQuery['auditLog']['edges'][number]['node'];

/** The kind, chosen from the catalogue's kinds (the server's names): `?soort=personal_data_read`. */
const kindFilter: IdFilter = {
  kind: 'id',
  param: 'soort',
  label: 'Soort',
  all: 'Alle soorten',
  parse: (raw: string | null) => (raw && /^[a-z_]+$/i.test(raw) ? raw.toUpperCase() : null),
  format: (value: string) => value.toLowerCase(),
};

/** ?soort=…&persoon=…&door=…&van=…&tot=… */
const filters = {
  kind: kindFilter,
  person: text({
    param: 'persoon',
    label: 'Persoon',
    hint: 'Klantnummer, bijvoorbeeld ZV-100001: alles wat over deze persoon of het huishouden is bekeken of gewijzigd.',
  }),
  actor: text({
    param: 'door',
    label: 'Door',
    hint: 'Naam of e-mailadres van de medewerker, of de naam van een koppeling of taak.',
  }),
  from: isoDate({ param: 'van', label: 'Vanaf' }),
  until: isoDate({ param: 'tot', label: 'Tot en met' }),
} satisfies Filters;

/** The server's CSV export of this list (audit-log-export.routes.ts), with the same filters. */
const EXPORT_PATH = '/api/admin/auditlog.csv';

function subject(e: Entry) {
  if (!e.subjectLabel) return '—';
  if (e.subjectPersonNumber) return <Link to={urls.admin.person(e.subjectPersonNumber)}>{e.subjectLabel}</Link>;
  if (e.subjectOrderId) return <Link to={urls.admin.order(e.subjectOrderId)}>{e.subjectLabel}</Link>;
  if (e.subjectHouseholdId) return <Link to={urls.admin.clientGroup(e.subjectHouseholdId)}>{e.subjectLabel}</Link>;
  return e.subjectLabel;
}

const columns: Column<Entry>[] = [
  { header: 'Tijd', rowHeader: true, cell: (e) => formatDateTime(e.at) },
  {
    header: 'Wat',
    cell: (e) => (
      <>
        {e.actionName}
        {e.kindName !== e.actionName ? <div className="gw-muted">{e.kindName}</div> : null}
      </>
    ),
  },
  {
    header: 'Door',
    cell: (e) => (
      <>
        {e.actorName ?? actorKindLabel(e.actorKind)}
        <div className="gw-muted">
          {[e.actorName ? actorKindLabel(e.actorKind) : null, e.organisation].filter(Boolean).join(', ')}
        </div>
      </>
    ),
  },
  { header: 'Over', cell: subject },
  {
    header: 'Gegevens',
    cell: (e) =>
      // The kinds of data in Dutch; the exact fields (`Type.field`) are in the CSV export, for the record.
      e.dataKinds.length ? e.dataKinds.join(', ') : '—',
  },
  {
    header: 'Waarom',
    cell: (e) => (
      <>
        {e.processingActivity}
        {e.reason ? <div className="gw-muted">Reden: {e.reason}</div> : null}
      </>
    ),
  },
];

/**
 * /admin/beheer/auditlog: who read or changed what about whom, when (Dutch time), in which processing activity and
 * why, the newest first; filtered by kind, person, actor and period, and exported as CSV with the same filters. The
 * privacy officer's answer to "who looked at my data?". Names and kinds come from the server's catalogue.
 */
export default function AuditLogScreen() {
  const filtering = useFiltering(filters);
  const kinds = useQuery(AuditKindsDocument);
  const v = filtering.values;
  const list = useConnection(AuditLogDocument, {
    variables: { filter: { ...v, kind: v.kind as AuditKind | null } },
    field: 'auditLog',
  });
  const query = new URLSearchParams(
    Object.entries({ soort: v.kind, persoon: v.person, door: v.actor, van: v.from, tot: v.until }).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && !!entry[1],
    ),
  ).toString();
  return (
    <Page
      title="Auditlog"
      lead="Wie wat heeft bekeken of gewijzigd, over wie, waarom en wanneer (Nederlandse tijd), de nieuwste eerst. Zoek op een klantnummer om alles over één persoon te vinden. Ook het inzien en exporteren van dit auditlog wordt vastgelegd."
    >
      <FilterForm
        {...filtering.form}
        label="Auditlog filteren"
        submitLabel="Zoeken"
        choices={{ kind: (kinds.data?.auditKinds ?? []).map((k) => ({ value: k.kind, label: k.name })) }}
        validate={(values) =>
          values.from && values.until && values.from > values.until
            ? { from: 'De datum ‘tot en met’ ligt vóór de datum ‘vanaf’.' }
            : {}
        }
      />
      <p>
        <a className="gw-button gw-button--secondary" href={query ? `${EXPORT_PATH}?${query}` : EXPORT_PATH} download>
          {filtering.active ? 'Gevonden regels exporteren (CSV)' : 'Alle regels exporteren (CSV)'}
        </a>
      </p>
      <ConnectionTable
        list={list}
        caption={filtering.active ? 'Gevonden regels van het auditlog' : 'Regels van het auditlog'}
        columns={columns}
        filtered={filtering.active}
        empty="Het auditlog is leeg."
        emptyFiltered="Er zijn geen regels die hierbij passen. Kies andere filters, of wis de filters."
        errorMessage="Het auditlog kon niet worden geladen."
        moreLabel="Meer regels laden"
      />
    </Page>
  );
}
