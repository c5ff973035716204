import { useId, useRef, useState, type FormEvent } from 'react';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@rules/import';
import { formatCount } from '@/components/dates/formatDate';
import { Alert } from '@/components/ui/Alert';
import { urls } from '@/lib/urls';
import { uploadFile } from '@/lib/upload';
import type { ApiError } from './importShared';
import { NamedOptions } from '@/components/forms/NamedOptions';
import { FieldError } from '@/components/forms/TextField';

/** Sends the file to the dry run; the answer's errors have the shape of a mutation payload's. */
async function uploadImport(municipalityId: string, file: File): Promise<{ id: string | null; errors: ApiError[] }> {
  const answer = await uploadFile<{ importRun: { id: string } | null }>(urls.server.imports(municipalityId), file, {
    what: 'Het bestand',
  });
  if (answer.importRun) return { id: answer.importRun.id, errors: [] };
  return { id: null, errors: answer.errors.map((e) => ({ ...e, field: e.field ?? null })) };
}

export function UploadForm({
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
          <FieldError id={municipalityFieldId} error={fieldError('municipalityId')} />
          <select
            id={municipalityFieldId}
            className="gw-input gw-select"
            value={municipalityId}
            onChange={(e) => setMunicipalityId(e.target.value)}
            aria-invalid={fieldError('municipalityId') ? true : undefined}
            aria-describedby={fieldError('municipalityId') ? `${municipalityFieldId}-fout` : undefined}
          >
            <option value="">Kies een gemeente</option>
            <NamedOptions items={municipalities} />
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
        <FieldError id={fileId} error={fieldError('file')} />
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
