import { Link } from 'react-router';
import { formatCount, formatDate } from '@/components/dates/formatDate';
import { FilteredConnectionTable } from '@/components/lists/FilteredConnectionTable';
import type { Column, Filters } from '@/components/lists';
import { statusFilter } from '@/components/lists/statusFilter';
import { Page } from '@/components/layout/Page';
import { Money } from '@/components/money/Money';
import { StatusBadge } from '@/components/status/StatusBadge';
import type { PayoutBatchesQuery, PayoutBatchStatus } from '@/graphql/generated/graphql';
import { urls } from '@/lib/urls';
import { PayoutBatchesDocument } from './payouts.graphql';
import { payoutStatusLabel } from '@/vocabulary/payoutStatus';

type Batch = PayoutBatchesQuery['payoutBatches']['edges'][number]['node'];

const statusParam: Record<PayoutBatchStatus, string> = {
  DRAFT: 'concept',
  EXPORTED: 'geexporteerd',
  PAID: 'betaald',
  CANCELLED: 'geannuleerd',
  NOT_EXECUTED: 'niet-uitgevoerd',
};

/** ?status=betaald */
const filters = {
  status: statusFilter(statusParam, payoutStatusLabel),
} satisfies Filters;

const columns: Column<Batch>[] = [
  {
    header: 'Uitbetaling',
    rowHeader: true,
    cell: (b) => (
      <>
        <Link to={urls.admin.beheer.payout(b.id)}>{b.reference}</Link>
        <br />
        <span className="gw-muted" style={{ fontWeight: 'normal' }}>
          {b.municipalityName}
        </span>
      </>
    ),
  },
  {
    header: 'Status',
    cell: (b) => (
      <StatusBadge kind="payout" status={b.status}>
        {payoutStatusLabel[b.status]}
      </StatusBadge>
    ),
  },
  { header: 'Aangemaakt', cell: (b) => formatDate(b.createdAt) },
  { header: 'Betaald', cell: (b) => (b.paidAt ? formatDate(b.paidAt) : '—') },
  { header: 'Aanbieders', numeric: true, cell: (b) => formatCount(b.providerCount) },
  { header: 'Bestellingen', numeric: true, cell: (b) => formatCount(b.orderCount) },
  { header: 'Totaal', numeric: true, cell: (b) => <Money cents={b.totalCents} /> },
];

/** /admin/beheer/betalingen/uitbetalingen: the payout batches to providers, newest first, with status and totals. */
export default function PayoutsScreen() {
  return (
    <Page
      title="Uitbetalingen"
      lead="Geleverde bestellingen worden na de uitbetaaltermijn per aanbieder uitbetaald: één overboeking per aanbieder, in een SEPA-bestand voor de bank."
    >
      <p>
        <Link to={urls.admin.beheer.newPayout()} className="gw-button">
          Nieuwe uitbetaling
        </Link>
      </p>
      <FilteredConnectionTable
        query={PayoutBatchesDocument}
        field="payoutBatches"
        filters={filters}
        filterLabel="Uitbetalingen filteren"
        caption="Uitbetalingen aan aanbieders"
        columns={columns}
        empty="Er zijn nog geen uitbetalingen. Maak de eerste met ‘Nieuwe uitbetaling’."
        emptyFiltered="Geen uitbetaling heeft deze status. Kies een andere status, of wis het filter."
        errorMessage="De uitbetalingen konden niet worden geladen."
        moreLabel="Meer uitbetalingen laden"
      />
    </Page>
  );
}
