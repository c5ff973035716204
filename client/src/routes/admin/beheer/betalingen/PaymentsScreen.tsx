import { useQuery } from '@apollo/client/react';
import { formatDateTime } from '@/components/dates/formatDate';
import { periodSentence } from '@/components/dates/period';
import { Page } from '@/components/layout/Page';
import { statusFilter } from '@/components/lists/statusFilter';
import { useFiltering } from '@/components/lists/useFiltering';
import {
  ConnectionTable,
  FilterForm,
  id,
  isoDate,
  oneOf,
  text,
  useConnection,
  type Column,
  type Filters,
  type FilterValues,
} from '@/components/lists';
import { formatCents } from '@/components/money/formatCents';
import { parseEuros } from '@/components/money/euros';
import { graphql } from '@/graphql/generated';
import type { AdminPaymentsQuery, PaymentRecordFilter } from '@/graphql/generated/graphql';
import { FinanceTabs } from './FinanceTabs';
import { paymentStatusLabel } from '@/vocabulary/paymentStatus';

const AdminPaymentsDocument = graphql(`
  query AdminPayments($filter: PaymentRecordFilter, $first: Int, $after: String) {
    adminPayments(filter: $filter, first: $first, after: $after) {
      totalCount
      totalCountCapped
      edges {
        cursor
        node {
          id
          kind
          paymentId
          municipalityName
          provider
          externalId
          amountCents
          status
          createdAt
          settledAt
        }
      }
      pageInfo {
        ...PageInfoFields @unmask
      }
    }
  }
`);

const AdminPaymentTotalsDocument = graphql(`
  query AdminPaymentTotals($filter: PaymentRecordFilter) {
    adminPaymentTotals(filter: $filter) {
      payments
      paymentsCents
      paidCents
      refunds
      refundsCents
      netCents
    }
    municipalities {
      id
      name
    }
  }
`);

type Row = AdminPaymentsQuery['adminPayments']['edges'][number]['node'];

/** ?soort=terugbetaling&status=betaald&van=…&tot=…&gemeente=…&betaaldienst=mollie&vanaf-bedrag=10&tot-bedrag=50 */
const filters = {
  kind: oneOf({
    param: 'soort',
    label: 'Soort',
    all: 'Betalingen en terugbetalingen',
    options: [
      { value: 'PAYMENT', param: 'betaling', label: 'Betalingen' },
      { value: 'REFUND', param: 'terugbetaling', label: 'Terugbetalingen' },
    ],
  }),
  status: statusFilter(
    {
      OPEN: 'open',
      PAID: 'betaald',
      FAILED: 'mislukt',
      CANCELED: 'geannuleerd',
      EXPIRED: 'verlopen',
      REFUND_PENDING: 'terugbetaling-open',
      REFUNDED: 'terugbetaald',
    },
    paymentStatusLabel,
  ),
  from: isoDate({ param: 'van', label: 'Vanaf datum' }),
  to: isoDate({ param: 'tot', label: 'Tot en met datum' }),
  municipalityId: id({ param: 'gemeente', label: 'Gemeente', all: 'Alle gemeenten' }),
  provider: oneOf({
    param: 'betaaldienst',
    label: 'Betaaldienst',
    all: 'Alle betaaldiensten',
    options: [
      { value: 'MOLLIE', param: 'mollie', label: 'Mollie' },
      { value: 'SIMULATOR', param: 'simulator', label: 'Simulator' },
    ],
  }),
  min: text({ param: 'vanaf-bedrag', label: 'Bedrag vanaf (€)', hint: 'Bijvoorbeeld 10,00', maxLength: 15 }),
  max: text({ param: 'tot-bedrag', label: 'Bedrag tot en met (€)', hint: 'Bijvoorbeeld 50,00', maxLength: 15 }),
} satisfies Filters;

const columns: Column<Row>[] = [
  { header: 'Datum', rowHeader: true, cell: (r) => formatDateTime(r.createdAt) },
  { header: 'Soort', cell: (r) => (r.kind === 'PAYMENT' ? 'Betaling' : 'Terugbetaling') },
  { header: 'Status', cell: (r) => paymentStatusLabel[r.status] },
  {
    header: 'Bedrag',
    cell: (r) => (r.kind === 'REFUND' ? `− ${formatCents(r.amountCents)}` : formatCents(r.amountCents)),
  },
  { header: 'Gemeente', cell: (r) => r.municipalityName },
  { header: 'Betaaldienst', cell: (r) => (r.provider === 'MOLLIE' ? 'Mollie' : 'Simulator') },
  { header: 'Kenmerk', cell: (r) => r.externalId ?? '—' },
];

/** The GraphQL filter of what the form holds (amounts in euros → cents; an unreadable amount is left out). */
function toFilter(values: FilterValues<typeof filters>): PaymentRecordFilter {
  const { min, max, ...rest } = values;
  return {
    ...rest,
    minCents: min ? parseEuros(min) : null,
    maxCents: max ? parseEuros(max) : null,
  };
}

/** The export link: the same filter as query parameters (the names of PaymentRecordFilter). */
export function exportHref(filter: PaymentRecordFilter): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value != null && value !== '') params.set(key, String(value));
  const query = params.toString();
  return `/api/export/betalingen.csv${query ? `?${query}` : ''}`;
}

/**
 * /admin/beheer/betalingen: every own-contribution payment and refund within the staff member's municipalities,
 * filtered (kept in the URL), the totals of the filtered set, and a CSV export of exactly those rows.
 */
export default function PaymentsScreen() {
  const filtering = useFiltering(filters);
  const filter = toFilter(filtering.values);
  const list = useConnection(AdminPaymentsDocument, { variables: { filter }, field: 'adminPayments' });
  const totals = useQuery(AdminPaymentTotalsDocument, { variables: { filter } });
  const t = totals.data?.adminPaymentTotals;
  const subject =
    filtering.values.kind === 'PAYMENT'
      ? 'Betalingen'
      : filtering.values.kind === 'REFUND'
        ? 'Terugbetalingen'
        : 'Betalingen en terugbetalingen';
  return (
    <Page
      title="Betalingen"
      lead="Alle betalingen van eigen bijdragen en alle terugbetalingen, de nieuwste eerst. De totalen en de export gaan over precies de gefilterde regels."
    >
      <FinanceTabs />
      <FilterForm
        {...filtering.form}
        label="Betalingen filteren"
        submitLabel="Filteren"
        choices={{
          municipalityId: (totals.data?.municipalities ?? []).map((m) => ({ value: m.id, label: m.name })),
        }}
        validate={(v) => ({
          ...(v.from && v.to && v.from > v.to ? { from: 'De datum ‘tot en met’ ligt vóór de datum ‘vanaf’.' } : {}),
          ...(v.min && parseEuros(v.min) === null ? { min: 'Vul een bedrag in euro’s in, bijvoorbeeld 10,00.' } : {}),
          ...(v.max && parseEuros(v.max) === null ? { max: 'Vul een bedrag in euro’s in, bijvoorbeeld 50,00.' } : {}),
        })}
      />
      <p className="gw-finance-period" aria-live="polite">
        <strong>
          {periodSentence(subject, filtering.values.from, filtering.values.to, `${subject} van elke datum`)}
        </strong>
        {filtering.values.from || filtering.values.to ? null : '. Kies hierboven een periode om minder te zien.'}
      </p>
      <section aria-labelledby="betalingen-totalen">
        <h2 id="betalingen-totalen">{filtering.active ? 'Totalen van de gefilterde regels' : 'Totalen'}</h2>
        {totals.error ? (
          <p role="alert">De totalen konden niet worden geladen.</p>
        ) : !t ? (
          <p aria-live="polite">De totalen worden geladen…</p>
        ) : (
          <dl className="gw-finance-totals">
            <div>
              <dt>Betalingen</dt>
              <dd>{t.payments}</dd>
            </div>
            <div>
              <dt>Betaald</dt>
              <dd>{formatCents(t.paidCents)}</dd>
            </div>
            <div>
              <dt>Terugbetalingen</dt>
              <dd>
                {t.refunds} ({formatCents(t.refundsCents)})
              </dd>
            </div>
            <div>
              <dt>Netto ontvangen</dt>
              <dd>{formatCents(t.netCents)}</dd>
            </div>
          </dl>
        )}
        <p className="gw-finance-actions">
          <a className="gw-button gw-button--secondary" href={exportHref(filter)} download>
            Exporteren als CSV
          </a>
          <span className="gw-muted">Precies de regels van dit filter, ook als het er heel veel zijn.</span>
        </p>
      </section>
      <ConnectionTable
        list={list}
        caption={filtering.active ? 'Gevonden betalingen en terugbetalingen' : 'Betalingen en terugbetalingen'}
        columns={columns}
        filtered={filtering.active}
        empty="Er zijn (in uw gemeenten) nog geen betalingen."
        emptyFiltered="Er zijn geen betalingen die bij dit filter passen. Kies een andere periode of wis de filters."
        errorMessage="De betalingen konden niet worden geladen."
        moreLabel="Meer betalingen laden"
      />
    </Page>
  );
}
