import { useId, useRef, useState, type FormEvent } from 'react';
import type { CategoryInput } from '../../graphql/generated/graphql';
import { TextAreaField } from '../forms/fields';
import type { FormError } from '../forms/PasswordLoginForm';
import { TextField } from '../forms/TextField';
import { Alert } from '../ui/Alert';

type Field = 'name' | 'description' | 'sortOrder';
type FieldErrors = Partial<Record<Field, string>>;
export type CategoryFormOutcome = { ok: true } | { ok: false; errors: readonly FormError[] };

/** Mirror of the server's rules (CATEGORY_RULES). */
export function validateCategory(values: { name: string; description: string; sortOrder: string }): { errors: FieldErrors; sortOrder: number } {
  const errors: FieldErrors = {};
  const name = values.name.trim().replace(/\s+/g, ' ');
  if (!name) errors.name = 'Vul een naam in.';
  else if (name.length < 2 || name.length > 80) errors.name = 'De naam moet tussen 2 en 80 tekens lang zijn.';
  if (values.description.trim().length > 1000) errors.description = 'De omschrijving mag hoogstens 1.000 tekens lang zijn.';
  const sortOrder = Number(values.sortOrder.trim() || '0');
  if (!/^\d{1,6}$/.test(values.sortOrder.trim() || '0') || sortOrder > 100_000) {
    errors.sortOrder = 'De volgorde moet een geheel getal van 0 tot en met 100.000 zijn.';
  }
  return { errors, sortOrder };
}

/** Name, description and display order of a category. */
export function CategoryForm(props: {
  initial?: { name: string; description: string; sortOrder: number };
  submitLabel: string;
  onSave: (input: CategoryInput) => Promise<CategoryFormOutcome>;
}) {
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const refs = { name: useRef<HTMLInputElement>(null), description: useRef<HTMLTextAreaElement>(null), sortOrder: useRef<HTMLInputElement>(null) };
  const focusFirst = (errors: FieldErrors) => (['name', 'description', 'sortOrder'] as Field[]).find((f) => errors[f] && (refs[f].current?.focus(), true));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const raw = { name: String(data.get('name') ?? ''), description: String(data.get('description') ?? ''), sortOrder: String(data.get('sortOrder') ?? '') };
    const { errors, sortOrder } = validateCategory(raw);
    setFieldErrors(errors);
    setFormError(null);
    if (Object.keys(errors).length) return void focusFirst(errors);
    setBusy(true);
    try {
      const outcome = await props.onSave({ name: raw.name.trim(), description: raw.description.trim(), sortOrder });
      if (outcome.ok) return;
      const server: FieldErrors = {};
      const general: string[] = [];
      for (const e of outcome.errors) {
        if (e.field === 'name' || e.field === 'description' || e.field === 'sortOrder') server[e.field] ??= e.message;
        else general.push(e.message);
      }
      setFieldErrors(server);
      setFormError(general.join(' ') || null);
      focusFirst(server);
    } catch {
      setFormError('Opslaan is niet gelukt door een storing. Probeer het over een paar minuten opnieuw.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="gw-form" noValidate onSubmit={submit} aria-describedby={formError ? `${id}-fout` : undefined}>
      {formError ? (
        <Alert variant="error" role="alert" id={`${id}-fout`}>
          <p>{formError}</p>
        </Alert>
      ) : null}
      <TextField ref={refs.name} label="Naam" name="name" defaultValue={props.initial?.name} maxLength={120} error={fieldErrors.name} required />
      <TextAreaField ref={refs.description} label="Omschrijving" name="description" rows={4} defaultValue={props.initial?.description} error={fieldErrors.description} />
      <TextField
        ref={refs.sortOrder}
        label="Volgorde"
        name="sortOrder"
        inputMode="numeric"
        hint="Een getal: categorieën met een lager getal staan eerder."
        defaultValue={String(props.initial?.sortOrder ?? 0)}
        error={fieldErrors.sortOrder}
      />
      <button type="submit" className="gw-button" disabled={busy}>
        {props.submitLabel}
      </button>
    </form>
  );
}
