import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { IMPORT_COLUMN_HELP, IMPORT_COLUMNS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@rules/import';
import { formatCount, formatDateTime } from '@/components/dates/formatDate';
import { Page } from '@/components/layout/Page';
import { Alert } from '@/components/ui/Alert';
import { Loading } from '@/components/ui/Loading';
import { QueryError } from '@/components/ui/QueryError';
import { graphql } from '@/graphql/generated';
import type { ImportEncoding, ImportRunViewQuery, ImportStatus } from '@/graphql/generated/graphql';
import { searchParams, urls } from '@/lib/urls';
import { useSearchParam } from '@/lib/urlState';
import { uploadFile } from '@/lib/upload';

const ImportOverviewDocument = graphql(`
  query ImportOverview {
    viewer {
      kind
      municipalities {
        id
        name
      }
    }
    importRuns(first: 20) {
      id
      fileName
      municipalityName
      createdByName
      status
      totalRows
      invalidRows
      createdRows
      updatedRows
      failedRows
      createdAt
    }
  }
`);

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

type Run = NonNullable<ImportRunViewQuery['importRun']>;
type ApiError = { field: string | null; code: string; message: string };

const STATUS: Record<ImportStatus, string> = {
  DRY_RUN: 'Proefrun: nog niets verwerkt',
  APPLYING: 'Bezig met verwerken',
  APPLIED: 'Verwerkt',
};

/** Which encoding the file was read in, as the dry run says it. */
const ENCODING: Record<ImportEncoding, string> = {
  UTF_8: 'Gelezen als UTF-8',
  WINDOWS_1252: 'Gelezen als Windows-1252 (Excel)',
};

/** Sends the file to the dry run; the answer's errors have the shape of a mutation payload's. */
async function uploadImport(municipalityId: string, file: File): Promise<{ id: string | null; errors: ApiError[] }> {
  const answer = await uploadFile<{ importRun: { id: string } | null }>(urls.server.imports(municipalityId), file, {
    what: 'Het bestand',
  });
  if (answer.importRun) return { id: answer.importRun.id, errors: [] };
  return { id: null, errors: answer.errors.map((e) => ({ ...e, field: e.field ?? null })) };
}

function UploadForm({
  municipalities,
  onChecked,
}: {
  municipalities: readonly { id: string; name: string }[];
  onChecked: (id: string) => void;
}) {
  const fileId = useId();
  const municipalityFieldId = useId();
  const [municipalityId, setMunicipalityId] = useState(municipalities.length === 1 ? municipalities[0]!.id : '');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<ApiError[]>([]);
  const errorRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const file = fileRef.current?.files?.[0];
    const problems: ApiError[] = [];
    if (!municipalityId) problems.push({ field: 'municipalityId', code: 'REQUIRED', message: 'Kies een gemeente.' });
    if (!file) problems.push({ field: 'file', code: 'REQUIRED', message: 'Kies een CSV-bestand.' });
    if (problems.length || !file) {
      setErrors(problems);
      requestAnimationFrame(() => errorRef.current?.focus());
      return;
    }
    setBusy(true);
    setErrors([]);
    const result = await uploadImport(municipalityId, file);
    setBusy(false);
    if (result.id) {
      if (fileRef.current) fileRef.current.value = '';
      onChecked(result.id);
    } else {
      setErrors(result.errors);
      requestAnimationFrame(() => errorRef.current?.focus());
    }
  };

  const fieldError = (field: string) => errors.find((e) => e.field === field)?.message ?? null;

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="inlezen-kop">
      <h2 id="inlezen-kop">Bestand controleren</h2>
      <p>
        Eerst ziet u een proefrun: welke regels nieuw, gewijzigd, ongewijzigd of ongeldig zijn. Er wordt pas iets
        verwerkt als u daarna op <strong>Import uitvoeren</strong> klikt.
      </p>
      {errors.length ? (
        <Alert variant="error" role="alert" tabIndex={-1} ref={errorRef} title="Het bestand is niet ingelezen">
          <ul>
            {errors.map((e, i) => (
              <li key={i}>{e.message}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {municipalities.length > 1 ? (
        <div className="gw-field">
          <label className="gw-field__label" htmlFor={municipalityFieldId}>
            Gemeente
          </label>
          {fieldError('municipalityId') ? (
            <span className="gw-field__error" id={`${municipalityFieldId}-fout`}>
              <span className="gw-visually-hidden">Fout: </span>
              {fieldError('municipalityId')}
            </span>
          ) : null}
          <select
            id={municipalityFieldId}
            className="gw-input gw-select"
            value={municipalityId}
            onChange={(e) => setMunicipalityId(e.target.value)}
            aria-invalid={fieldError('municipalityId') ? true : undefined}
            aria-describedby={fieldError('municipalityId') ? `${municipalityFieldId}-fout` : undefined}
          >
            <option value="">Kies een gemeente</option>
            {municipalities.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="gw-field">
        <label className="gw-field__label" htmlFor={fileId}>
          CSV-bestand
        </label>
        <span className="gw-field__hint" id={`${fileId}-hint`}>
          CSV uit Excel of als UTF-8, hoogstens {formatCount(IMPORT_MAX_ROWS)} regels en{' '}
          {IMPORT_MAX_BYTES / 1024 / 1024} MB.
        </span>
        {fieldError('file') ? (
          <span className="gw-field__error" id={`${fileId}-fout`}>
            <span className="gw-visually-hidden">Fout: </span>
            {fieldError('file')}
          </span>
        ) : null}
        <input
          ref={fileRef}
          id={fileId}
          type="file"
          name="file"
          accept=".csv,text/csv"
          className="gw-input"
          aria-invalid={fieldError('file') ? true : undefined}
          aria-describedby={[`${fileId}-hint`, fieldError('file') ? `${fileId}-fout` : null].filter(Boolean).join(' ')}
        />
      </div>
      <button type="submit" className="gw-button" disabled={busy}>
        {busy ? 'Bezig met controleren…' : 'Bestand controleren'}
      </button>
    </form>
  );
}

function Counts({ run }: { run: Run }) {
  return (
    <table className="gw-table">
      <caption>Proefrun van {formatCount(run.totalRows)} regels</caption>
      <thead>
        <tr>
          <th scope="col">Soort regel</th>
          <th scope="col" className="gw-numeric">
            Aantal
          </th>
        </tr>
      </thead>
      <tbody>
        {(
          [
            ['Nieuw', run.newRows],
            ['Gewijzigd', run.changedRows],
            ['Ongewijzigd', run.unchangedRows],
            ['Ongeldig', run.invalidRows],
          ] as const
        ).map(([label, n]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td className="gw-numeric">{formatCount(n)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The grants the dry run counted: as applying makes them (one per household, or per member who fits). */
function Grants({ run }: { run: Run }) {
  if (!run.grantRows && !run.noGrantRows) return null;
  return (
    <table className="gw-table">
      <caption>Toewijzingen in de proefrun</caption>
      <thead>
        <tr>
          <th scope="col">Soort</th>
          <th scope="col" className="gw-numeric">
            Aantal
          </th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">Toe te kennen</th>
          <td className="gw-numeric">{formatCount(run.grantRows)}</td>
        </tr>
        <tr>
          <th scope="row">Huishoudens die een toewijzing krijgen</th>
          <td className="gw-numeric">{formatCount(run.grantHouseholds)}</td>
        </tr>
        <tr>
          <th scope="row">Regels zonder toewijzing</th>
          <td className="gw-numeric">{formatCount(run.noGrantRows)}</td>
        </tr>
      </tbody>
    </table>
  );
}

function RunPanel({ id, onDone }: { id: string; onDone: () => void }) {
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
        <dd>{STATUS[run.status]}</dd>
      </dl>
      <Counts run={run} />
      <Grants run={run} />

      {run.problems.length ? (
        <div className="gw-table-wrapper">
          <table className="gw-table">
            <caption>
              Ongeldige regels ({formatCount(run.invalidRows)}){run.invalidRows > 200 ? ': de eerste 200' : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col" className="gw-numeric">
                  Regel
                </th>
                <th scope="col">Kolom</th>
                <th scope="col">Klantnummer</th>
                <th scope="col">Reden</th>
              </tr>
            </thead>
            <tbody>
              {run.problems.map((p, i) => (
                <tr key={i}>
                  <th scope="row" className="gw-numeric">
                    {p.line}
                  </th>
                  <td>{p.column ?? 'hele regel'}</td>
                  <td>{p.externalIdentifier ?? '—'}</td>
                  <td>{p.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      {run.notes.length ? (
        <div className="gw-table-wrapper">
          <table className="gw-table">
            <caption>
              Regels zonder toewijzing ({formatCount(run.notes.length)})
              {run.notes.length >= 200 ? ': de eerste 200' : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col" className="gw-numeric">
                  Regel
                </th>
                <th scope="col">Klantnummer</th>
                <th scope="col">Waarom</th>
              </tr>
            </thead>
            <tbody>
              {run.notes.map((n) => (
                <tr key={n.line}>
                  <th scope="row" className="gw-numeric">
                    {n.line}
                  </th>
                  <td>{n.externalIdentifier ?? '—'}</td>
                  <td>{n.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
                ? `, met ${formatCount(run.grantRows)} ${run.grantRows === 1 ? 'toewijzing' : 'toewijzingen'} voor ${formatCount(run.grantHouseholds)} ${run.grantHouseholds === 1 ? 'huishouden' : 'huishoudens'}`
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
              ? `Klaar${run.finishedAt ? ` op ${formatDateTime(run.finishedAt)}` : ''}: ${formatCount(run.createdRows)} aangemaakt, ${formatCount(run.updatedRows)} bijgewerkt, ${formatCount(run.failedRows)} mislukt, ${formatCount(run.invalidRows)} overgeslagen; ${formatCount(run.grantedRows)} ${run.grantedRows === 1 ? 'toewijzing' : 'toewijzingen'} gedaan.`
              : `${formatCount(run.processedRows)} van ${formatCount(run.totalRows)} regels verwerkt…`}
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

/** /admin/beheer/importeren: households, persons and assignments from a CSV file (IMPORT_RUN). */
export default function ImportScreen() {
  const [current, setCurrent] = useSearchParam(searchParams.importRun);
  const { data, loading, error, refetch } = useQuery(ImportOverviewDocument, { fetchPolicy: 'cache-and-network' });
  const municipalities = data?.viewer.municipalities ?? [];
  const refresh = useCallback(() => void refetch(), [refetch]);
  const exampleMunicipality = municipalities.length === 1 ? municipalities[0]!.id : undefined;

  return (
    <Page
      title="Importeren"
      lead="Lees klantgroepen (huishoudens), personen en toewijzingen in uit een CSV-bestand van uw eigen systemen."
    >
      <details className="gw-details">
        <summary>Bestandsformaat</summary>
        <p>
          Eén regel per persoon. De eerste regel noemt precies deze kolommen (in willekeurige volgorde), gescheiden door
          komma’s of puntkomma’s. Sla het bestand op als CSV: „CSV UTF-8” of, uit Excel, „CSV (gescheiden door
          lijstscheidingsteken)”; de proefrun zegt in welke tekenset het is gelezen.{' '}
          <a href={urls.server.importExample(exampleMunicipality)} download>
            Voorbeeldbestand downloaden
          </a>
        </p>
        <dl className="gw-definition-list">
          {IMPORT_COLUMNS.map((c) => (
            <div key={c}>
              <dt>
                <code>{c}</code>
              </dt>
              <dd>{IMPORT_COLUMN_HELP[c]}</dd>
            </div>
          ))}
        </dl>
      </details>

      {loading && !data ? <Loading /> : null}
      {error && !data ? <QueryError onRetry={() => void refetch()} /> : null}
      {data ? (
        <UploadForm
          municipalities={municipalities}
          onChecked={(id) => {
            setCurrent(id);
            void refetch();
          }}
        />
      ) : null}

      {current ? <RunPanel key={current} id={current} onDone={refresh} /> : null}

      {data ? (
        <section aria-labelledby="eerder-kop">
          <h2 id="eerder-kop">Eerdere imports</h2>
          {data.importRuns.length ? (
            <div className="gw-table-wrapper">
              <table className="gw-table">
                <caption>De laatste {formatCount(data.importRuns.length)} imports</caption>
                <thead>
                  <tr>
                    <th scope="col">Bestand</th>
                    <th scope="col">Gemeente</th>
                    <th scope="col">Ingelezen</th>
                    <th scope="col">Status</th>
                    <th scope="col" className="gw-numeric">
                      Regels
                    </th>
                    <th scope="col">Uitkomst</th>
                  </tr>
                </thead>
                <tbody>
                  {data.importRuns.map((r) => (
                    <tr key={r.id}>
                      <th scope="row">
                        <Link to={urls.admin.beheer.import(r.id)}>{r.fileName}</Link>
                      </th>
                      <td>{r.municipalityName}</td>
                      <td>
                        {formatDateTime(r.createdAt)} door {r.createdByName}
                      </td>
                      <td>{STATUS[r.status]}</td>
                      <td className="gw-numeric">{formatCount(r.totalRows)}</td>
                      <td>
                        {r.status === 'APPLIED'
                          ? `${formatCount(r.createdRows)} aangemaakt, ${formatCount(r.updatedRows)} bijgewerkt, ${formatCount(r.failedRows)} mislukt`
                          : r.invalidRows
                            ? `${formatCount(r.invalidRows)} ongeldig`
                            : '—'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p>Er is nog niets geïmporteerd.</p>
          )}
        </section>
      ) : null}
    </Page>
  );
}
