import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmAction } from '@/components/forms/ConfirmAction';
import { SelectField } from '@/components/forms/fields';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { Money } from '@/components/money/Money';
import { Alert } from '@/components/ui/Alert';
import { Loading } from '@/components/ui/Loading';
import { QueryError } from '@/components/ui/QueryError';
import { graphql } from '@/graphql/generated';
import { useShowNotice } from '@/lib/notice';
import { searchParams, urls } from '@/lib/urls';
import { useUrlState } from '@/lib/urlState';
import { JournalMunicipality } from './JournalMunicipality';
import { DataTable } from '@/components/ui/DataTable';
import { attachmentName, saveFile } from '@/lib/saveFile';

const JournalPeriodsDocument = graphql(`
  query JournalPeriods($municipalityId: ID!) {
    journalPeriods(municipalityId: $municipalityId) {
      period
      label
      exportedAt
      exportCount
      closedAt
    }
  }
`);

const JournalPeriodDocument = graphql(`
  query JournalPeriod($municipalityId: ID!, $period: String!) {
    journalPeriod(municipalityId: $municipalityId, period: $period, first: 50) {
      period
      label
      exportedAt
      exportCount
      closedAt
      exportUrl
      transactionCount
      debitCents
      creditCents
      unmapped
      accounts {
        kind
        label
        glAccount
        costCentre
        debitCents
        creditCents
      }
      lines {
        transactionId
        bookingDate
        description
        reference
        label
        glAccount
        costCentre
        debitCents
        creditCents
      }
    }
  }
`);

const CloseJournalPeriodDocument = graphql(`
  mutation CloseJournalPeriod($municipalityId: ID!, $period: String!) {
    closeJournalPeriod(municipalityId: $municipalityId, period: $period) {
      period {
        period
        closedAt
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const dateTime = new Intl.DateTimeFormat('nl-NL', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Amsterdam',
});
const day = (iso: string) => iso.split('-').reverse().join('-');

/** /admin/beheer/journaalposten: a month's entries derived from the ledger, its CSV export and its close. */
export default function JournalEntriesScreen() {
  const url = useUrlState();
  return (
    <Page title="Journaalposten">
      <p>
        De journaalposten worden bij het bekijken afgeleid uit het grootboek van de winkel, per maand, met de
        grootboekrekeningen en kostenplaatsen uit de <Link to={urls.admin.beheer.journalSettings()}>instellingen</Link>.
        Elke post is in evenwicht: debet is gelijk aan credit.
      </p>
      <JournalMunicipality none="U heeft geen gemeenten om journaalposten voor te bekijken.">
        {(municipalityId) => (
          <Periods
            municipalityId={municipalityId}
            selected={url.get(searchParams.period)}
            onSelect={(p) => url.set({ [searchParams.period]: p })}
          />
        )}
      </JournalMunicipality>
    </Page>
  );
}

function Periods(props: { municipalityId: string; selected: string | null; onSelect: (period: string) => void }) {
  const query = useQuery(JournalPeriodsDocument, {
    variables: { municipalityId: props.municipalityId },
    fetchPolicy: 'cache-and-network',
  });
  if (query.error) return <QueryError message="De periodes konden niet worden geladen." />;
  if (!query.data) return <Loading />;
  const periods = query.data.journalPeriods;
  const selected = props.selected ?? periods[0]?.period ?? '';
  return (
    <>
      <SelectField label="Periode" value={selected} onChange={(e) => props.onSelect(e.target.value)}>
        {periods.map((p) => (
          <option key={p.period} value={p.period}>
            {p.label}
            {p.closedAt ? ' (afgesloten)' : ''}
          </option>
        ))}
      </SelectField>
      {selected ? <PeriodDetail municipalityId={props.municipalityId} period={selected} /> : null}
    </>
  );
}

function PeriodDetail({ municipalityId, period }: { municipalityId: string; period: string }) {
  const query = useQuery(JournalPeriodDocument, {
    variables: { municipalityId, period },
    fetchPolicy: 'cache-and-network',
  });
  const showNotice = useShowNotice();
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [close] = useMutation(CloseJournalPeriodDocument, { refetchQueries: ['JournalPeriods', 'JournalPeriod'] });
  const closing = useMutationForm({
    id: 'afsluiten',
    fields: [],
    mutate: async () => (await close({ variables: { municipalityId, period } })).data?.closeJournalPeriod,
    onSuccess: () => showNotice('De periode is afgesloten. Latere boekingen vallen in de volgende open periode.'),
  });
  if (query.error) return <QueryError message="De journaalposten konden niet worden geladen." />;
  if (!query.data) return <Loading />;
  const p = query.data.journalPeriod;
  if (!p) return <p>Deze periode is niet gevonden.</p>;

  async function download(url: string) {
    setExportError(null);
    setExporting(true);
    try {
      const res = await fetch(url, { credentials: 'same-origin' });
      if (!res.ok) {
        setExportError((await res.text()) || 'De export is mislukt. Probeer het opnieuw.');
        return;
      }
      saveFile(await res.blob(), attachmentName(res, 'journaalposten.csv'));
      showNotice('De export is gedownload.');
      void query.refetch();
    } catch {
      setExportError('De export is mislukt: er is geen verbinding met de server. Probeer het opnieuw.');
    } finally {
      setExporting(false);
    }
  }

  return (
    <section aria-labelledby="periode-kop">
      <h2 id="periode-kop">Journaalposten {p.label}</h2>
      <dl className="gw-definition-list">
        <dt>Status</dt>
        <dd>{p.closedAt ? `Afgesloten op ${dateTime.format(new Date(p.closedAt))}` : 'Open'}</dd>
        <dt>Laatste export</dt>
        <dd>
          {p.exportedAt ? `${dateTime.format(new Date(p.exportedAt))} (${p.exportCount}×)` : 'Nog niet geëxporteerd'}
        </dd>
        <dt>Journaalposten</dt>
        <dd>{p.transactionCount}</dd>
        <dt>Totaal debet</dt>
        <dd>
          <Money cents={p.debitCents} />
        </dd>
        <dt>Totaal credit</dt>
        <dd>
          <Money cents={p.creditCents} />
        </dd>
      </dl>
      {p.unmapped.length ? (
        <Alert variant="warning" title="Niet alle rekeningen hebben een grootboekrekening">
          <p>
            Deze rekeningen hebben nog geen grootboekrekening: {p.unmapped.join(', ')}. Stel ze in bij{' '}
            <Link to={urls.admin.beheer.journalSettings()}>Instellingen journaalposten</Link>; daarna kunt u exporteren.
          </p>
        </Alert>
      ) : null}
      {exportError ? (
        <Alert variant="error" role="alert" title="De export is niet gemaakt">
          <p>{exportError}</p>
        </Alert>
      ) : null}
      <div className="gw-form-actions">
        <button type="button" className="gw-button" disabled={exporting} onClick={() => void download(p.exportUrl)}>
          {exporting ? 'Bezig met exporteren…' : `Exporteer ${p.label} als CSV`}
        </button>
      </div>
      {!p.closedAt ? (
        <section aria-labelledby="afsluiten-kop">
          <h3 id="afsluiten-kop">Periode afsluiten</h3>
          <p>
            Sluit de periode af nadat u haar heeft geëxporteerd en ingelezen. Boekingen die daarna nog ontstaan, vallen
            in de volgende open periode.
          </p>
          <ConfirmAction
            form={closing}
            label={`${p.label} afsluiten`}
            confirmLabel={`Ja, sluit ${p.label} af`}
            groupLabel="Afsluiten bevestigen"
          />
        </section>
      ) : null}
      <h3>Per grootboekrekening</h3>
      {p.accounts.length === 0 ? (
        <p>Er zijn in deze periode geen boekingen.</p>
      ) : (
        <DataTable
          caption={`Totalen per grootboekrekening in ${p.label}`}
          hideCaption
          headers={[
            'Rekening',
            'Grootboekrekening',
            'Kostenplaats',
            { label: 'Debet', numeric: true },
            { label: 'Credit', numeric: true },
          ]}
        >
          {p.accounts.map((a) => (
            <tr key={`${a.kind}|${a.glAccount}|${a.costCentre}`}>
              <th scope="row">{a.label}</th>
              <td>{a.glAccount ?? 'Niet ingesteld'}</td>
              <td>{a.costCentre || '–'}</td>
              <td className="gw-num">
                <Money cents={a.debitCents} />
              </td>
              <td className="gw-num">
                <Money cents={a.creditCents} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {p.lines.length ? (
        <>
          <h3>Eerste journaalposten</h3>
          <p className="gw-muted">De export bevat alle {p.transactionCount} journaalposten van de periode.</p>
          <DataTable
            caption={`De eerste journaalposten van ${p.label}`}
            hideCaption
            headers={[
              'Datum',
              'Omschrijving',
              'Rekening',
              'Grootboek / kostenplaats',
              { label: 'Debet', numeric: true },
              { label: 'Credit', numeric: true },
            ]}
          >
            {p.lines.map((l, i) => (
              <tr key={`${l.transactionId}-${i}`}>
                <td>{day(l.bookingDate)}</td>
                <th scope="row">
                  {l.description}
                  {l.description.includes(l.reference) ? null : (
                    <span className="gw-muted"> ({l.reference.slice(0, 8)})</span>
                  )}
                </th>
                <td>{l.label}</td>
                <td>
                  {l.glAccount ?? 'Niet ingesteld'}
                  {l.costCentre ? ` / ${l.costCentre}` : ''}
                </td>
                <td className="gw-num">{l.debitCents ? <Money cents={l.debitCents} /> : ''}</td>
                <td className="gw-num">{l.creditCents ? <Money cents={l.creditCents} /> : ''}</td>
              </tr>
            ))}
          </DataTable>
        </>
      ) : null}
    </section>
  );
}
