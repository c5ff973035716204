import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { formatCount, formatDateTime } from '@/components/dates/formatDate';
import { Alert } from '@/components/ui/Alert';
import { DataTable } from '@/components/ui/DataTable';
import { Loading } from '@/components/ui/Loading';
import { QueryError } from '@/components/ui/QueryError';
import { graphql } from '@/graphql/generated';
import type { ImportEncoding } from '@/graphql/generated/graphql';
import { importStatusLabel } from '@/vocabulary/importStatus';
import type { ApiError, Run } from './importShared';
import { countOf } from '@/lib/plural';

const ImportRunViewDocument = graphql(`
  query ImportRunView($id: ID!) {
    importRun(id: $id) {
      id
      fileName
      municipalityName
      createdByName
      delimiter
      encoding
      status
      totalRows
      newRows
      changedRows
      unchangedRows
      invalidRows
      processedRows
      createdRows
      updatedRows
      failedRows
      grantRows
      grantHouseholds
      noGrantRows
      grantedRows
      createdAt
      startedAt
      finishedAt
      outcomeUrl
      problems(first: 200) {
        line
        column
        externalIdentifier
        message
      }
      notes(first: 200) {
        line
        externalIdentifier
        message
      }
    }
  }
`);

const ApplyImportDocument = graphql(`
  mutation ApplyImport($id: ID!) {
    applyImport(id: $id) {
      importRun {
        id
        status
        processedRows
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** Which encoding the file was read in, as the dry run says it. */
const ENCODING: Record<ImportEncoding, string> = {
  UTF_8: 'Gelezen als UTF-8',
  WINDOWS_1252: 'Gelezen als Windows-1252 (Excel)',
};

/** A table of "what kind of line, how many": the dry run's counts and its grants. */
function CountTable({
  caption,
  kind,
  rows,
}: {
  caption: string;
  kind: string;
  rows: readonly (readonly [string, number])[];
}) {
  return (
    <DataTable caption={caption} headers={[kind, { label: 'Aantal', numeric: true }]}>
      {rows.map(([label, n]) => (
        <tr key={label}>
          <th scope="row">{label}</th>
          <td className="gw-num">{formatCount(n)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function Counts({ run }: { run: Run }) {
  return (
    <CountTable
      caption={`Proefrun van ${countOf(run.totalRows, 'regel', 'regels')}`}
      kind="Soort regel"
      rows={[
        ['Nieuw', run.newRows],
        ['Gewijzigd', run.changedRows],
        ['Ongewijzigd', run.unchangedRows],
        ['Ongeldig', run.invalidRows],
      ]}
    />
  );
}

/** The grants the dry run counted: as applying makes them (one per household, or per member who fits). */
function Grants({ run }: { run: Run }) {
  if (!run.grantRows && !run.noGrantRows) return null;
  return (
    <CountTable
      caption="Toewijzingen in de proefrun"
      kind="Soort"
      rows={[
        ['Toe te kennen', run.grantRows],
        ['Huishoudens die een toewijzing krijgen', run.grantHouseholds],
        ['Regels zonder toewijzing', run.noGrantRows],
      ]}
    />
  );
}

export function RunPanel({ id, onDone }: { id: string; onDone: () => void }) {
  const { data, loading, error, refetch, startPolling, stopPolling } = useQuery(ImportRunViewDocument, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  const [apply, { loading: applying }] = useMutation(ApplyImportDocument);
  const [errors, setErrors] = useState<ApiError[]>([]);
  const run = data?.importRun;
  const status = run?.status;
  const previous = useRef(status);

  // While the job writes, the progress is fetched every second; when it is done, the list of imports is refreshed.
  useEffect(() => {
    if (previous.current === 'APPLYING' && status === 'APPLIED') onDone();
    previous.current = status;
    if (status !== 'APPLYING') return;
    startPolling(1000);
    return () => stopPolling();
  }, [status, startPolling, stopPolling, onDone]);

  if (loading && !run) return <Loading label="De import wordt geladen…" />;
  if (error && !run) return <QueryError message="De import kon niet worden geladen." onRetry={() => void refetch()} />;
  if (!run) return <Alert variant="warning">Deze import is niet gevonden.</Alert>;

  const start = async () => {
    setErrors([]);
    try {
      const result = (await apply({ variables: { id: run.id } })).data?.applyImport;
      if (result?.errors.length) setErrors(result.errors);
      else await refetch();
    } catch {
      setErrors([{ field: null, code: 'NETWORK', message: 'De import kon niet worden gestart. Probeer het opnieuw.' }]);
    }
  };
  const valid = run.totalRows - run.invalidRows;

  return (
    <section aria-labelledby="import-kop">
      <h2 id="import-kop">{run.fileName}</h2>
      <dl className="gw-definition-list">
        <dt>Gemeente</dt>
        <dd>{run.municipalityName}</dd>
        <dt>Ingelezen door</dt>
        <dd>
          {run.createdByName} op {formatDateTime(run.createdAt)}
        </dd>
        <dt>Tekenset</dt>
        <dd>{ENCODING[run.encoding]}</dd>
        <dt>Scheidingsteken</dt>
        <dd>{run.delimiter === ';' ? 'puntkomma (;), herkend aan de kopregel' : 'komma (,)'}</dd>
        <dt>Status</dt>
        <dd>{importStatusLabel[run.status]}</dd>
      </dl>
      <Counts run={run} />
      <Grants run={run} />

      {run.problems.length ? (
        <DataTable
          caption={`Ongeldige regels (${formatCount(run.invalidRows)})${run.invalidRows > 200 ? ': de eerste 200' : ''}`}
          headers={[{ label: 'Regel', numeric: true }, 'Kolom', 'Klantnummer', 'Reden']}
        >
          {run.problems.map((p, i) => (
            <tr key={i}>
              <th scope="row" className="gw-num">
                {p.line}
              </th>
              <td>{p.column ?? 'hele regel'}</td>
              <td>{p.externalIdentifier ?? '—'}</td>
              <td>{p.message}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}

      {run.notes.length ? (
        <DataTable
          caption={`Regels zonder toewijzing (${formatCount(run.notes.length)})${run.notes.length >= 200 ? ': de eerste 200' : ''}`}
          headers={[{ label: 'Regel', numeric: true }, 'Klantnummer', 'Waarom']}
        >
          {run.notes.map((n) => (
            <tr key={n.line}>
              <th scope="row" className="gw-num">
                {n.line}
              </th>
              <td>{n.externalIdentifier ?? '—'}</td>
              <td>{n.message}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}

      {errors.length ? (
        <Alert variant="error" role="alert">
          {errors.map((e, i) => (
            <p key={i}>{e.message}</p>
          ))}
        </Alert>
      ) : null}

      {run.status === 'DRY_RUN' ? (
        valid > 0 ? (
          <>
            <p>
              Bij het uitvoeren worden {formatCount(valid)} geldige regels verwerkt
              {run.invalidRows ? ` en ${formatCount(run.invalidRows)} ongeldige regels overgeslagen` : ''}
              {run.grantRows
                ? `, met ${countOf(run.grantRows, 'toewijzing', 'toewijzingen')} voor ${countOf(run.grantHouseholds, 'huishouden', 'huishoudens')}`
                : ''}
              . Bestaande personen worden herkend aan hun klantnummer en een regeling voor het huishouden wordt één keer
              per huishouden toegekend: dubbel importeren verandert niets.
            </p>
            <button type="button" className="gw-button" disabled={applying} onClick={() => void start()}>
              Import uitvoeren
            </button>
          </>
        ) : (
          <Alert variant="warning">
            Alle regels zijn ongeldig: er is niets te verwerken. Verbeter het bestand en lees het opnieuw in.
          </Alert>
        )
      ) : (
        <>
          <h3 id="voortgang-kop">Voortgang</h3>
          <progress
            aria-labelledby="voortgang-kop"
            max={Math.max(run.totalRows, 1)}
            value={run.processedRows}
            style={{ width: '100%', maxWidth: '30em' }}
          />
          <p role="status">
            {run.status === 'APPLIED'
              ? `Klaar${run.finishedAt ? ` op ${formatDateTime(run.finishedAt)}` : ''}: ${formatCount(run.createdRows)} aangemaakt, ${formatCount(run.updatedRows)} bijgewerkt, ${formatCount(run.failedRows)} mislukt, ${formatCount(run.invalidRows)} overgeslagen; ${countOf(run.grantedRows, 'toewijzing', 'toewijzingen')} gedaan.`
              : `${formatCount(run.processedRows)} van ${countOf(run.totalRows, 'regel', 'regels')} verwerkt…`}
          </p>
          {run.status === 'APPLYING' ? (
            <p>
              U kunt deze pagina verlaten: de import loopt op de achtergrond door. Is de import onderbroken, dan gaat
              hij verder waar hij was.{' '}
              <button
                type="button"
                className="gw-button gw-button--small gw-button--secondary"
                onClick={() => void start()}
              >
                Hervatten
              </button>
            </p>
          ) : null}
        </>
      )}
      <p>
        <a href={run.outcomeUrl} download>
          Uitkomst per regel downloaden (CSV)
        </a>
      </p>
    </section>
  );
}
