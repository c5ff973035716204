import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatCount, formatDate } from '@/components/dates/formatDate';
import { SelectField } from '@/components/forms/fields';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { Money } from '@/components/money/Money';
import { DataTable } from '@/components/ui/DataTable';
import { Loading } from '@/components/ui/Loading';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { QueryError } from '@/components/ui/QueryError';
import { graphql } from '@/graphql/generated';
import { withNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { NamedOptions } from '@/components/forms/NamedOptions';
import { countOf } from '@/lib/plural';

const PayoutMunicipalitiesDocument = graphql(`
  query PayoutMunicipalities {
    viewer {
      kind
      municipalities {
        id
        name
      }
    }
  }
`);

const PayoutPreviewDocument = graphql(`
  query PayoutPreview($municipalityId: ID!) {
    payoutPreview(municipalityId: $municipalityId) {
      municipalityId
      deliveredBefore
      payoutDelayDays
      orderCount
      totalCents
      lines {
        providerId
        providerName
        orderCount
        amountCents
      }
    }
  }
`);

const CreatePayoutBatchDocument = graphql(`
  mutation CreatePayoutBatch($municipalityId: ID!) {
    createPayoutBatch(municipalityId: $municipalityId) {
      batch {
        id
        reference
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const TITLE = 'Nieuwe uitbetaling';

function Preview({ municipalityId }: { municipalityId: string }) {
  const navigate = useNavigate();
  const query = useQuery(PayoutPreviewDocument, { variables: { municipalityId }, fetchPolicy: 'network-only' });
  const [create] = useMutation(CreatePayoutBatchDocument, { refetchQueries: ['PayoutBatches'] });
  const form = useMutationForm({
    id: 'aanmaken',
    fields: [],
    mutate: async () => (await create({ variables: { municipalityId } })).data?.createPayoutBatch,
    onSuccess: (payload) =>
      void navigate(urls.admin.beheer.payout(payload.batch!.id), {
        state: withNotice(
          `Uitbetaling ${payload.batch!.reference} is aangemaakt als concept. Download het SEPA-bestand voor de bank.`,
        ),
      }),
    summaryTitle: 'De uitbetaling is niet aangemaakt',
  });
  if (query.loading && !query.data) return <Loading />;
  if (query.error || !query.data?.payoutPreview)
    return (
      <QueryError
        message="Wat er klaarstaat voor uitbetaling kon niet worden geladen."
        onRetry={() => void query.refetch().catch(() => undefined)}
      />
    );
  const preview = query.data.payoutPreview;
  return (
    <section aria-labelledby="voorbeeld-kop">
      <h2 id="voorbeeld-kop">Wat er wordt uitbetaald</h2>
      <p>
        Bestellingen die vóór {formatDate(preview.deliveredBefore)} zijn geleverd (uitbetaaltermijn{' '}
        {preview.payoutDelayDays} dagen) en nog niet in een uitbetaling zitten.
      </p>
      {preview.lines.length === 0 ? (
        <p className="gw-muted">Er staan nu geen geleverde bestellingen klaar voor uitbetaling.</p>
      ) : (
        <DataTable
          caption={`${countOf(preview.lines.length, 'aanbieder', 'aanbieders')}, ${countOf(preview.orderCount, 'bestelling', 'bestellingen')}`}
          headers={['Aanbieder', { label: 'Bestellingen', numeric: true }, { label: 'Bedrag', numeric: true }]}
          footer={
            <tr>
              <th scope="row">Totaal</th>
              <td className="gw-num">{formatCount(preview.orderCount)}</td>
              <td className="gw-num">
                <Money cents={preview.totalCents} />
              </td>
            </tr>
          }
        >
          {preview.lines.map((l) => (
            <tr key={l.providerId}>
              <th scope="row">{l.providerName}</th>
              <td className="gw-num">{formatCount(l.orderCount)}</td>
              <td className="gw-num">
                <Money cents={l.amountCents} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {form.summary}
      <p>
        <button
          type="button"
          className="gw-button"
          disabled={form.busy || preview.lines.length === 0}
          onClick={() => void form.submit()}
        >
          {form.busy ? 'Bezig met aanmaken…' : 'Uitbetaling aanmaken'}
        </button>
      </p>
    </section>
  );
}

/**
 * /admin/beheer/betalingen/uitbetalingen/nieuw: choose the municipality, see per provider what a new batch would
 * gather (delivered orders past the payout delay), and create it as a draft.
 */
export default function PayoutNewScreen() {
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <QueryBoundary
      query={useQuery(PayoutMunicipalitiesDocument)}
      select={(d) => d.viewer.municipalities}
      title={TITLE}
      errorMessage="De gemeenten konden niet worden geladen."
    >
      {(municipalities) => {
        const municipalityId = chosen ?? (municipalities.length === 1 ? municipalities[0]!.id : null);
        return (
          <Page
            title={TITLE}
            lead="Een uitbetaling bundelt per gemeente de geleverde bestellingen na de uitbetaaltermijn: één overboeking per aanbieder."
          >
            <form className="gw-form" onSubmit={(e) => e.preventDefault()}>
              <SelectField
                label="Gemeente"
                id="gemeente"
                name="gemeente"
                error={null}
                value={municipalityId ?? ''}
                onChange={(e) => setChosen(e.target.value || null)}
              >
                <option value="">Kies een gemeente</option>
                <NamedOptions items={municipalities} />
              </SelectField>
            </form>
            {municipalityId ? <Preview key={municipalityId} municipalityId={municipalityId} /> : null}
          </Page>
        );
      }}
    </QueryBoundary>
  );
}
