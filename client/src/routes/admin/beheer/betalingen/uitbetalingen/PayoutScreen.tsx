import { useMutation, useQuery } from '@apollo/client/react';
import { HANDOVER_LABEL, type HandoverMethodName } from '@rules/handover';
import { useParams } from 'react-router';
import { formatCount, formatDate, formatDateTime } from '@/components/dates/formatDate';
import { ConfirmAction } from '@/components/forms/ConfirmAction';
import { TextAreaField } from '@/components/forms/fields';
import { useMutationForm } from '@/components/forms/useMutationForm';
import type { FormError } from '@/components/forms/userErrors';
import { Page } from '@/components/layout/Page';
import { Money } from '@/components/money/Money';
import { StatusBadge } from '@/components/status/StatusBadge';
import { Alert } from '@/components/ui/Alert';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import type { PayoutBatchQuery } from '@/graphql/generated/graphql';
import { useShowNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { PayoutBatchDocument } from './payouts.graphql';
import { payoutStatusLabel } from '@/vocabulary/payoutStatus';
import { DataTable } from '@/components/ui/DataTable';
import { attachmentName, saveFile } from '@/lib/saveFile';
import { countOf } from '@/lib/plural';

type Batch = NonNullable<PayoutBatchQuery['payoutBatch']>;

const CancelPayoutBatchDocument = graphql(`
  mutation CancelPayoutBatch($id: ID!) {
    cancelPayoutBatch(id: $id) {
      batch {
        ...PayoutBatchDetails @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const MarkPayoutBatchPaidDocument = graphql(`
  mutation MarkPayoutBatchPaid($id: ID!) {
    markPayoutBatchPaid(id: $id) {
      batch {
        ...PayoutBatchDetails @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const ReportPayoutNotExecutedDocument = graphql(`
  mutation ReportPayoutNotExecuted($id: ID!, $reason: String!) {
    reportPayoutNotExecuted(id: $id, reason: $reason) {
      batch {
        ...PayoutBatchDetails @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const ConfirmPayoutNotExecutedDocument = graphql(`
  mutation ConfirmPayoutNotExecuted($id: ID!) {
    confirmPayoutNotExecuted(id: $id) {
      batch {
        ...PayoutBatchDetails @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/**
 * Downloads the batch's SEPA file: the server moves the batch to "geëxporteerd" in the same transaction, so it answers
 * once. The file arrives as a blob and is saved under the name the server gives.
 */
async function downloadSepaFile(batchId: string): Promise<{ errors: FormError[] }> {
  const res = await fetch(urls.server.payoutExport(batchId), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'X-Gemeentewinkel-Download': '1' },
  });
  if (!res.ok) {
    const json = (await res.json().catch(() => null)) as { errors?: FormError[] } | null;
    return {
      errors: json?.errors?.length
        ? json.errors
        : [{ field: null, code: 'INTERNAL', message: 'Het bestand kon niet worden gemaakt. Probeer het opnieuw.' }],
    };
  }
  saveFile(await res.blob(), attachmentName(res, 'uitbetaling.xml'));
  return { errors: [] };
}

function Facts({ batch }: { batch: Batch }) {
  return (
    <dl className="gw-definition-list">
      <dt>Status</dt>
      <dd>
        <StatusBadge kind="payout" status={batch.status}>
          {payoutStatusLabel[batch.status]}
        </StatusBadge>
      </dd>
      <dt>Gemeente</dt>
      <dd>{batch.municipalityName}</dd>
      <dt>Aangemaakt</dt>
      <dd>
        {formatDateTime(batch.createdAt)}
        {batch.createdByName ? ` door ${batch.createdByName}` : ''}
      </dd>
      <dt>Bestellingen geleverd vóór</dt>
      <dd>{formatDate(batch.deliveredBefore)}</dd>
      <dt>Totaal</dt>
      <dd>
        <Money cents={batch.totalCents} /> aan {countOf(batch.providerCount, 'aanbieder', 'aanbieders')} (
        {countOf(batch.orderCount, 'bestelling', 'bestellingen')})
      </dd>
      {batch.exportedAt ? (
        <>
          <dt>Geëxporteerd</dt>
          <dd>
            {formatDateTime(batch.exportedAt)} ({batch.sepaVersion})
          </dd>
        </>
      ) : null}
      {batch.paidAt ? (
        <>
          <dt>Betaald</dt>
          <dd>{formatDateTime(batch.paidAt)}</dd>
        </>
      ) : null}
      {batch.cancelledAt ? (
        <>
          <dt>Geannuleerd</dt>
          <dd>{formatDateTime(batch.cancelledAt)}</dd>
        </>
      ) : null}
      {batch.notExecutedAt ? (
        <>
          <dt>Niet uitgevoerd</dt>
          <dd>
            {formatDateTime(batch.notExecutedAt)}: {batch.notExecutedReason}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

function Lines({ batch }: { batch: Batch }) {
  return (
    <section aria-labelledby="overboekingen-kop">
      <h2 id="overboekingen-kop">Overboekingen</h2>
      <DataTable
        caption="Eén overboeking per aanbieder"
        headers={[
          'Aanbieder',
          'Kenmerk',
          { label: 'Bestellingen', numeric: true },
          { label: 'Bedrag', numeric: true },
          'Omschrijving op het afschrift',
        ]}
      >
        {batch.lines.map((l) => (
          <tr key={l.id}>
            <th scope="row">{l.providerName}</th>
            <td>{l.reference}</td>
            <td className="gw-num">{formatCount(l.orderCount)}</td>
            <td className="gw-num">
              <Money cents={l.amountCents} />
            </td>
            <td style={{ overflowWrap: 'anywhere' }}>{l.remittanceInfo}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

/** The order in which the hand-overs are counted: the resident's proof first, then what has none. */
const HANDOVERS: HandoverMethodName[] = ['COUNTER_CARD', 'COUNTER_PICKUP_CODE', 'SENT_BY_PROVIDER', 'UNKNOWN'];

/**
 * Every order the batch pays, with how it was handed over: at the counter with the resident's card or pickup code,
 * sent by the provider without either, or unknown (delivered before this was recorded). Not in the SEPA file: this is
 * for finance (and the provider's own specification).
 */
function Handovers({ batch }: { batch: Batch }) {
  const orders = batch.lines.flatMap((line) => line.orders.map((order) => ({ ...order, line })));
  const counts = HANDOVERS.map((method) => ({
    method,
    count: orders.filter((o) => o.handoverMethod === method).length,
  })).filter((c) => c.count > 0);
  return (
    <section aria-labelledby="overdracht-kop">
      <h2 id="overdracht-kop">Bestellingen en overdracht</h2>
      <p>Hoe elke bestelling in deze uitbetaling aan de inwoner is overgedragen:</p>
      <ul>
        {counts.map((c) => (
          <li key={c.method}>
            {HANDOVER_LABEL[c.method]}: {countOf(c.count, 'bestelling', 'bestellingen')}
          </li>
        ))}
      </ul>
      <DataTable
        caption="Bestellingen per aanbieder, met de overdracht"
        headers={['Bestelling', 'Aanbieder', 'Geleverd op', 'Overdracht', { label: 'Bedrag', numeric: true }]}
      >
        {orders.map((o) => (
          <tr key={o.orderId}>
            <th scope="row">{o.number}</th>
            <td>{o.line.providerName}</td>
            <td>{o.deliveredAt ? formatDateTime(o.deliveredAt) : 'Onbekend'}</td>
            <td>{HANDOVER_LABEL[o.handoverMethod]}</td>
            <td className="gw-num">
              <Money cents={o.amountCents} />
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

function Actions({ batch, refetch }: { batch: Batch; refetch: () => void }) {
  const showNotice = useShowNotice();
  const [cancel] = useMutation(CancelPayoutBatchDocument, { refetchQueries: ['PayoutBatches'] });
  const [markPaid] = useMutation(MarkPayoutBatchPaidDocument, { refetchQueries: ['PayoutBatches'] });
  const [report] = useMutation(ReportPayoutNotExecutedDocument);
  const [confirm] = useMutation(ConfirmPayoutNotExecutedDocument, { refetchQueries: ['PayoutBatches'] });

  const download = useMutationForm({
    id: 'downloaden',
    fields: [],
    mutate: () => downloadSepaFile(batch.id),
    onSuccess: () => {
      showNotice(
        'Het SEPA-bestand is gedownload. Lever het aan bij de bank en markeer de uitbetaling daarna als betaald.',
      );
      refetch();
    },
    summaryTitle: 'Het SEPA-bestand is niet gemaakt',
  });
  const cancellation = useMutationForm({
    id: 'annuleren',
    fields: [],
    mutate: async () => (await cancel({ variables: { id: batch.id } })).data?.cancelPayoutBatch,
    onSuccess: () => showNotice('De uitbetaling is geannuleerd. De bestellingen komen in een volgende uitbetaling.'),
  });
  const paid = useMutationForm({
    id: 'betaald',
    fields: [],
    mutate: async () => (await markPaid({ variables: { id: batch.id } })).data?.markPayoutBatchPaid,
    onSuccess: () => showNotice('De uitbetaling is als betaald gemarkeerd en geboekt in het grootboek.'),
  });
  const notExecuted = useMutationForm({
    id: 'niet-uitgevoerd',
    fields: ['reason'] as const,
    check: (values) => ({
      reason: values.reason.trim() ? null : 'Vul in waarom de bank de uitbetaling niet heeft uitgevoerd.',
    }),
    mutate: async (values) =>
      (await report({ variables: { id: batch.id, reason: values.reason } })).data?.reportPayoutNotExecuted,
    onSuccess: () =>
      showNotice('Gemeld. Een andere medewerker met het recht om uitbetalingen te beheren moet dit nog bevestigen.'),
  });
  const confirmation = useMutationForm({
    id: 'bevestigen',
    fields: [],
    mutate: async () => (await confirm({ variables: { id: batch.id } })).data?.confirmPayoutNotExecuted,
    onSuccess: () =>
      showNotice(
        'Bevestigd: de bank heeft de uitbetaling niet uitgevoerd. De bestellingen komen in een volgende uitbetaling.',
      ),
  });

  if (batch.status === 'DRAFT')
    return (
      <section aria-labelledby="acties-kop">
        <h2 id="acties-kop">Naar de bank</h2>
        <p>
          Download het SEPA-bestand (pain.001) en lever het aan bij de bank. Daarna staat de uitbetaling op
          geëxporteerd: het bestand kan maar één keer worden gedownload, zodat de bank de uitbetaling niet dubbel
          uitvoert.
        </p>
        <LostFileHelp exported={false} />
        {download.summary}
        <p>
          <button type="button" className="gw-button" disabled={download.busy} onClick={() => void download.submit()}>
            {download.busy ? 'Bezig met maken…' : 'SEPA-bestand downloaden'}
          </button>
        </p>
        <h2>Annuleren</h2>
        <p>Een concept kan worden geannuleerd; de bestellingen komen dan in een volgende uitbetaling.</p>
        <ConfirmAction
          form={cancellation}
          label="Uitbetaling annuleren"
          confirmLabel="Ja, annuleer deze uitbetaling"
          groupLabel="Annuleren bevestigen"
        />
      </section>
    );

  if (batch.status !== 'EXPORTED') return null;
  return (
    <>
      <section aria-labelledby="kwijt-kop">
        <h2 id="kwijt-kop">SEPA-bestand kwijt?</h2>
        <LostFileHelp exported />
      </section>
      <section aria-labelledby="betaald-kop">
        <h2 id="betaald-kop">Betaald door de bank</h2>
        <p>
          Staat de betaling op het afschrift? Markeer de uitbetaling dan als betaald: dat boekt haar in het grootboek.
        </p>
        <ConfirmAction
          form={paid}
          label="Markeren als betaald"
          confirmLabel="Ja, de bank heeft betaald"
          groupLabel="Betaald bevestigen"
        />
      </section>
      <section aria-labelledby="niet-uitgevoerd-kop">
        <h2 id="niet-uitgevoerd-kop">Niet uitgevoerd door de bank</h2>
        {batch.notExecutedRequestedAt ? (
          batch.notExecutedRequestedByViewer ? (
            <Alert variant="warning" title="Wacht op bevestiging">
              U heeft op {formatDateTime(batch.notExecutedRequestedAt)} gemeld dat de bank deze uitbetaling niet heeft
              uitgevoerd: ‘{batch.notExecutedReason}’. Een andere medewerker met het recht om uitbetalingen te beheren
              moet dit bevestigen.
            </Alert>
          ) : (
            <>
              <p>
                {batch.notExecutedRequestedByName ?? 'Een collega'} meldde op{' '}
                {formatDateTime(batch.notExecutedRequestedAt)} dat de bank deze uitbetaling niet heeft uitgevoerd: ‘
                {batch.notExecutedReason}’. Controleer dat bij de bank en bevestig het; de bestellingen komen dan in een
                volgende uitbetaling.
              </p>
              <ConfirmAction
                form={confirmation}
                label="Bevestigen: niet uitgevoerd"
                confirmLabel="Ja, de bank heeft niet betaald"
                groupLabel="Niet uitgevoerd bevestigen"
              />
            </>
          )
        ) : (
          <form className="gw-form" {...notExecuted.props}>
            {notExecuted.summary}
            <p>
              Heeft de bank het bestand geweigerd of de betaling niet uitgevoerd? Meld het met de reden; een tweede
              medewerker bevestigt het daarna.
            </p>
            <TextAreaField label="Reden" rows={3} maxLength={500} {...notExecuted.field('reason')} />
            <button type="submit" className="gw-button gw-button--secondary" disabled={notExecuted.busy}>
              Melden: niet uitgevoerd door de bank
            </button>
          </form>
        )}
      </section>
    </>
  );
}

/**
 * What to do when the one-time SEPA file got lost, as the payouts module allows it: nobody can download it again (a
 * cancel is only for a draft), but "niet uitgevoerd door de bank", confirmed by a second person, releases the orders
 * for a new payout with a new file.
 */
function LostFileHelp({ exported }: { exported: boolean }) {
  return (
    <p>
      {exported
        ? 'Is het bestand kwijtgeraakt voordat het bij de bank was? Niemand kan het opnieuw downloaden, ook een beheerder niet, en annuleren kan niet meer. '
        : 'Raakt u het bestand kwijt voordat het bij de bank is? Niemand kan het opnieuw downloaden, ook een beheerder niet, en na het downloaden kunt u niet meer annuleren. '}
      Vraag eerst bij de bank na of het bestand echt niet is aangeleverd. Meld dan{' '}
      {exported ? 'hieronder' : 'na het downloaden op deze pagina'} ‘niet uitgevoerd door de bank’, met als reden dat
      het bestand kwijt is. Bevestigt een tweede medewerker met het recht om uitbetalingen te beheren dat? Dan komen de
      bestellingen vrij en maakt u een nieuwe uitbetaling, met een nieuw bestand.
    </p>
  );
}

/** /admin/beheer/betalingen/uitbetalingen/:batchId: one payout batch with its transfers and what can be done next. */
export default function PayoutScreen() {
  const { batchId = '' } = useParams();
  const query = useQuery(PayoutBatchDocument, { variables: { id: batchId } });
  return (
    <QueryBoundary
      query={query}
      select={(d) => d.payoutBatch}
      title="Uitbetaling"
      errorMessage="Deze uitbetaling kon niet worden geladen."
    >
      {(batch) => (
        <Page title={`Uitbetaling ${batch.reference}`} crumb={batch.reference}>
          <Facts batch={batch} />
          <Actions batch={batch} refetch={() => void query.refetch()} />
          <Lines batch={batch} />
          <Handovers batch={batch} />
        </Page>
      )}
    </QueryBoundary>
  );
}
