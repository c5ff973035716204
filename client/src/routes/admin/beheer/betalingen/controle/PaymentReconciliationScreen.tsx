import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { formatDateTime } from '@/components/dates/formatDate';
import { periodSentence } from '@/components/dates/period';
import { TextAreaField } from '@/components/forms/fields';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { FilterForm, isoDate, useFilters, type Filters } from '@/components/lists';
import { formatCents } from '@/components/money/formatCents';
import { Alert } from '@/components/ui/Alert';
import { Loading } from '@/components/ui/Loading';
import { QueryError } from '@/components/ui/QueryError';
import { graphql } from '@/graphql/generated';
import type { PaymentMismatchKind, PaymentReconciliationQuery } from '@/graphql/generated/graphql';
import { useShowNotice } from '@/lib/notice';
import { FinanceTabs } from '../FinanceTabs';
import { DataTable } from '@/components/ui/DataTable';

const PaymentReconciliationDocument = graphql(`
  query PaymentReconciliation($from: String!, $to: String!) {
    paymentReconciliation(from: $from, to: $to) {
      from
      to
      providerName
      providerError
      ours {
        payments
        paymentsCents
        refunds
        refundsCents
      }
      theirs {
        payments
        paymentsCents
        refunds
        refundsCents
      }
      mismatches {
        key
        kind
        subject
        externalId
        paymentId
        ourStatus
        theirStatus
        ourAmountCents
        theirAmountCents
        createdAt
        canTakeOver
        resolution
        note
        resolvedAt
      }
      stoppedRefunds {
        id
        paymentId
        amountCents
        attempts
        lastError
        createdAt
      }
    }
  }
`);

const ResolvePaymentMismatchDocument = graphql(`
  mutation ResolvePaymentMismatch($input: ResolvePaymentMismatchInput!) {
    resolvePaymentMismatch(input: $input) {
      mismatch {
        key
        resolution
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const RetryPaymentRefundDocument = graphql(`
  mutation RetryPaymentRefund($refundId: ID!) {
    retryPaymentRefund(refundId: $refundId) {
      refund {
        id
        attempts
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

type Report = PaymentReconciliationQuery['paymentReconciliation'];
type Mismatch = Report['mismatches'][number];
type StoppedRefund = Report['stoppedRefunds'][number];

const KIND_LABEL: Record<PaymentMismatchKind, string> = {
  MISSING_THERE: 'Ontbreekt bij de betaaldienst',
  MISSING_HERE: 'Ontbreekt bij ons',
  STATUS_DIFFERS: 'Status wijkt af',
  AMOUNT_DIFFERS: 'Bedrag wijkt af',
};

const STATUS_LABEL: Record<string, string> = {
  OPEN: 'open',
  PAID: 'betaald',
  FAILED: 'mislukt',
  CANCELED: 'geannuleerd',
  EXPIRED: 'verlopen',
  REFUNDED: 'terugbetaald',
};

/** ?van=2026-03-01&tot=2026-03-31 */
const filters = {
  from: isoDate({ param: 'van', label: 'Periode vanaf' }),
  to: isoDate({ param: 'tot', label: 'Periode tot en met' }),
} satisfies Filters;

/** YYYY-MM-DD in Dutch time, `daysBack` days before now. */
function dutchDate(daysBack = 0): string {
  const d = new Date(Date.now() - daysBack * 86_400_000);
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam' }).format(d);
}

function side(status: string | null | undefined, cents: number | null | undefined): string {
  if (status == null && cents == null) return 'Niet aanwezig';
  return [status ? (STATUS_LABEL[status] ?? status) : null, cents != null ? formatCents(cents) : null]
    .filter(Boolean)
    .join(', ');
}

/** "Status overnemen" and "Markeren als verklaard" (with a note) for one open difference. */
function ResolveActions({ mismatch, period }: { mismatch: Mismatch; period: { from: string; to: string } }) {
  const showNotice = useShowNotice();
  const [explaining, setExplaining] = useState(false);
  const [resolve] = useMutation(ResolvePaymentMismatchDocument, { refetchQueries: ['PaymentReconciliation'] });
  const idBase = `afwijking-${mismatch.key.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const takeOver = useMutationForm({
    id: `${idBase}-overnemen`,
    fields: [],
    mutate: async () =>
      (await resolve({ variables: { input: { ...period, key: mismatch.key, resolution: 'TAKE_OVER' } } })).data
        ?.resolvePaymentMismatch,
    onSuccess: () => showNotice(`De status van de betaaldienst is overgenomen voor ${mismatch.externalId}.`),
  });
  const explain = useMutationForm({
    id: `${idBase}-verklaren`,
    fields: ['note'],
    mutate: async (values) =>
      (
        await resolve({
          variables: { input: { ...period, key: mismatch.key, resolution: 'EXPLAINED', note: values.note } },
        })
      ).data?.resolvePaymentMismatch,
    onSuccess: () => showNotice(`De afwijking van ${mismatch.externalId} is gemarkeerd als verklaard.`),
  });
  return (
    <div>
      {takeOver.summary}
      <div className="gw-finance-actions">
        {mismatch.canTakeOver ? (
          <button
            type="button"
            className="gw-button gw-button--small"
            disabled={takeOver.busy}
            onClick={() => void takeOver.submit()}
          >
            Status van de betaaldienst overnemen<span className="gw-visually-hidden"> voor {mismatch.externalId}</span>
          </button>
        ) : null}
        {!explaining ? (
          <button
            type="button"
            className="gw-button gw-button--small gw-button--secondary"
            aria-expanded={false}
            onClick={() => setExplaining(true)}
          >
            Markeren als verklaard<span className="gw-visually-hidden"> voor {mismatch.externalId}</span>
          </button>
        ) : null}
      </div>
      {explaining ? (
        <form className="gw-form" {...explain.props}>
          {explain.summary}
          <TextAreaField
            label={`Toelichting bij ${mismatch.externalId}`}
            hint="Waarom klopt dit verschil? Bijvoorbeeld: correctie bij de betaaldienst aangevraagd."
            rows={2}
            maxLength={500}
            {...explain.field('note')}
          />
          <div className="gw-form-actions">
            <button type="submit" className="gw-button gw-button--small" disabled={explain.busy}>
              Verklaring opslaan
            </button>
            <button
              type="button"
              className="gw-button gw-button--small gw-button--secondary"
              onClick={() => setExplaining(false)}
            >
              Annuleren
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

function RetryRefund({ refund }: { refund: StoppedRefund }) {
  const showNotice = useShowNotice();
  const [retry] = useMutation(RetryPaymentRefundDocument, { refetchQueries: ['PaymentReconciliation'] });
  const form = useMutationForm({
    id: `terugbetaling-${refund.id}`,
    fields: [],
    mutate: async () => (await retry({ variables: { refundId: refund.id } })).data?.retryPaymentRefund,
    onSuccess: () => showNotice(`De terugbetaling van ${formatCents(refund.amountCents)} is opnieuw verstuurd.`),
  });
  return (
    <>
      {form.summary}
      <button
        type="button"
        className="gw-button gw-button--small gw-button--secondary"
        disabled={form.busy}
        onClick={() => void form.submit()}
      >
        Opnieuw proberen
        <span className="gw-visually-hidden"> (terugbetaling van {formatCents(refund.amountCents)})</span>
      </button>
    </>
  );
}

function Comparison({ report }: { report: Report }) {
  const rows = [
    { label: 'Betalingen (aantal)', ours: String(report.ours.payments), theirs: report.theirs?.payments },
    {
      label: 'Betalingen (bedrag)',
      ours: formatCents(report.ours.paymentsCents),
      theirs: report.theirs ? formatCents(report.theirs.paymentsCents) : null,
    },
    { label: 'Terugbetalingen (aantal)', ours: String(report.ours.refunds), theirs: report.theirs?.refunds },
    {
      label: 'Terugbetalingen (bedrag)',
      ours: formatCents(report.ours.refundsCents),
      theirs: report.theirs ? formatCents(report.theirs.refundsCents) : null,
    },
  ];
  return (
    <div className="gw-table-wrapper">
      <table className="gw-table">
        <caption>Naast elkaar: de Gemeentewinkel en {report.providerName}</caption>
        <thead>
          <tr>
            <th scope="col">Onderdeel</th>
            <th scope="col">Gemeentewinkel</th>
            <th scope="col">{report.providerName}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label}>
              <th scope="row">{r.label}</th>
              <td>{r.ours}</td>
              <td>{r.theirs ?? 'Onbekend'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Mismatches({ report }: { report: Report }) {
  const period = { from: report.from, to: report.to };
  if (!report.mismatches.length) {
    return <p>Er zijn in deze periode geen verschillen tussen de Gemeentewinkel en {report.providerName}.</p>;
  }
  return (
    <div className="gw-table-wrapper">
      <table className="gw-table">
        <caption>Verschillen ({report.mismatches.filter((m) => !m.resolution).length} open)</caption>
        <thead>
          <tr>
            <th scope="col">Kenmerk</th>
            <th scope="col">Verschil</th>
            <th scope="col">Bij ons</th>
            <th scope="col">Bij {report.providerName}</th>
            <th scope="col">Afhandeling</th>
          </tr>
        </thead>
        <tbody>
          {report.mismatches.map((m) => (
            <tr key={m.key}>
              <th scope="row">
                {m.externalId}
                <div className="gw-muted">
                  {m.subject === 'PAYMENT' ? 'Betaling' : 'Terugbetaling'}, {formatDateTime(m.createdAt)}
                </div>
              </th>
              <td>{KIND_LABEL[m.kind]}</td>
              <td>{side(m.ourStatus, m.ourAmountCents)}</td>
              <td>{side(m.theirStatus, m.theirAmountCents)}</td>
              <td>
                {m.resolution === 'EXPLAINED' ? (
                  <>
                    Verklaard{m.resolvedAt ? ` op ${formatDateTime(m.resolvedAt)}` : ''}: {m.note}
                  </>
                ) : m.resolution === 'TAKE_OVER' ? (
                  'Status overgenomen'
                ) : (
                  <ResolveActions mismatch={m} period={period} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * /admin/beheer/betalingen/controle: for a period, our payments and refunds beside the payment service provider's,
 * every difference with its resolution (take over the provider's status, or mark explained with a note), and refunds
 * that stopped retrying with a retry button.
 */
export default function PaymentReconciliationScreen() {
  const [values, setValues, state] = useFilters(filters);
  const from = values.from ?? dutchDate(30);
  const to = values.to ?? dutchDate(0);
  const query = useQuery(PaymentReconciliationDocument, { variables: { from, to } });
  const report = query.data?.paymentReconciliation;
  return (
    <Page
      title="Controle betalingen"
      lead="Vergelijk de betalingen en terugbetalingen van een periode met die van de betaaldienst, en handel de verschillen af."
    >
      <FinanceTabs />
      <FilterForm
        filters={filters}
        values={{ from, to }}
        onChange={setValues}
        state={state}
        label="Periode kiezen"
        submitLabel="Vergelijken"
        validate={(v) =>
          v.from && v.to && v.from > v.to ? { from: 'De datum ‘tot en met’ ligt vóór de datum ‘vanaf’.' } : {}
        }
      />
      {query.error && !report ? (
        <QueryError
          message={query.error.message || 'De controle kon niet worden geladen.'}
          onRetry={() => void query.refetch().catch(() => undefined)}
        />
      ) : !report ? (
        <div aria-busy="true">
          <Loading label="De betalingen worden vergeleken…" />
        </div>
      ) : (
        <>
          <p className="gw-finance-period" aria-live="polite">
            <strong>
              {periodSentence(
                `Vergeleken: betalingen en terugbetalingen`,
                report.from,
                report.to,
                'Vergeleken: alle betalingen en terugbetalingen',
              )}
            </strong>
            {values.from || values.to ? null : ' (de laatste 30 dagen; kies hierboven een andere periode)'}
          </p>
          {report.providerError ? (
            <Alert variant="error" role="alert">
              <p>{report.providerError}</p>
            </Alert>
          ) : null}
          <section aria-labelledby="controle-overzicht">
            <h2 id="controle-overzicht">Overzicht</h2>
            <Comparison report={report} />
          </section>
          <section aria-labelledby="controle-verschillen">
            <h2 id="controle-verschillen">Verschillen</h2>
            <Mismatches report={report} />
          </section>
          <section aria-labelledby="controle-terugbetalingen">
            <h2 id="controle-terugbetalingen">Gestopte terugbetalingen</h2>
            {report.stoppedRefunds.length ? (
              <DataTable
                caption="Terugbetalingen die na herhaalde pogingen niet zijn gelukt"
                headers={['Aangemaakt', 'Bedrag', 'Pogingen', 'Laatste fout', 'Actie']}
              >
                {report.stoppedRefunds.map((r) => (
                  <tr key={r.id}>
                    <th scope="row">{formatDateTime(r.createdAt)}</th>
                    <td>{formatCents(r.amountCents)}</td>
                    <td>{r.attempts}</td>
                    <td>{r.lastError ?? '—'}</td>
                    <td>
                      <RetryRefund refund={r} />
                    </td>
                  </tr>
                ))}
              </DataTable>
            ) : (
              <p>Er zijn geen gestopte terugbetalingen.</p>
            )}
          </section>
        </>
      )}
    </Page>
  );
}
