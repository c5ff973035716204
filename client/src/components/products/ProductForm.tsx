import { useId, useRef, useState, type FormEvent } from 'react';
import type { ProductAvailability, ProductInput, RedemptionMethod } from '../../graphql/generated/graphql';
import { centsToEuroInput, parseEuros } from '../money/euros';
import { Alert } from '../ui/Alert';
import { TextField } from '../forms/TextField';
import { RadioGroup, SelectField, TextAreaField } from '../forms/fields';
import type { FormError } from '../forms/userErrors';
import { productRules } from '@rules/product';
import { messageOf } from '@rules/rule';
import { availabilityLabel, redemptionMethodLabel } from './productLabels';

export type ProductFormIntent = 'save' | 'submit';
type Field = 'title' | 'description' | 'price' | 'categoryId' | 'availability' | 'redemptionMethod';
type FieldErrors = Partial<Record<Field, string>>;

export interface ProductFormValues {
  title: string;
  description: string;
  priceCents: number;
  categoryId: string;
  availability: ProductAvailability;
  redemptionMethod: RedemptionMethod;
}

/** What the screen's save did: fine, or the payload errors to show. */
export type ProductFormOutcome = { ok: true } | { ok: false; errors: readonly FormError[] };

interface ProductFormProps {
  categories: ReadonlyArray<{ id: string; name: string }>;
  initial?: ProductFormValues;
  /** Labels of the two buttons: save as it is, and save and submit for review. */
  saveLabel: string;
  submitLabel: string;
  onSave: (input: ProductInput, intent: ProductFormIntent) => Promise<ProductFormOutcome>;
}

const SERVER_FIELD: Record<string, Field> = {
  title: 'title',
  description: 'description',
  priceCents: 'price',
  categoryId: 'categoryId',
  availability: 'availability',
  redemptionMethod: 'redemptionMethod',
};

const ORDER: Field[] = ['title', 'description', 'price', 'categoryId', 'availability', 'redemptionMethod'];

/** Instant checks with the server's own rules (`@rules/product`); the price is converted from euros first. */
export function validateProduct(values: { title: string; description: string; price: string; categoryId: string }): {
  errors: FieldErrors;
  priceCents: number | null;
} {
  const errors: FieldErrors = {};
  const title = messageOf(productRules.title, values.title);
  if (title) errors.title = title;
  const description = messageOf(productRules.description, values.description);
  if (description) errors.description = description;
  const priceCents = parseEuros(values.price);
  if (!values.price.trim()) errors.price = 'Vul een prijs in, bijvoorbeeld 12,50.';
  else if (priceCents === null) errors.price = 'Vul een bedrag in euro’s in, bijvoorbeeld 12,50.';
  else {
    const price = messageOf(productRules.priceCents, priceCents);
    if (price) errors.price = price;
  }
  if (!values.categoryId) errors.categoryId = 'Kies een categorie.';
  return { errors, priceCents };
}

/**
 * The product form of the provider area: title, Markdown description, price in euros (converted to cents exactly),
 * category, availability and redemption method. Errors appear on their field; errors about the whole product in an
 * alert. Two buttons: save, and save-and-submit for review.
 */
export function ProductForm({ categories, initial, saveLabel, submitLabel, onSave }: ProductFormProps) {
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const idPrefix = useId();
  const refs = {
    title: useRef<HTMLInputElement>(null),
    description: useRef<HTMLTextAreaElement>(null),
    price: useRef<HTMLInputElement>(null),
    categoryId: useRef<HTMLSelectElement>(null),
  };

  function focusFirst(errors: FieldErrors) {
    const first = ORDER.find((f) => errors[f]);
    if (first && first in refs) refs[first as keyof typeof refs].current?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const intent: ProductFormIntent = submitter?.value === 'submit' ? 'submit' : 'save';
    const data = new FormData(event.currentTarget);
    const raw = {
      title: String(data.get('title') ?? ''),
      description: String(data.get('description') ?? ''),
      price: String(data.get('price') ?? ''),
      categoryId: String(data.get('categoryId') ?? ''),
    };
    const { errors, priceCents } = validateProduct(raw);
    setFieldErrors(errors);
    setFormError(null);
    if (Object.keys(errors).length > 0) {
      focusFirst(errors);
      return;
    }
    setBusy(true);
    try {
      const outcome = await onSave(
        {
          title: raw.title.trim(),
          description: raw.description,
          priceCents: priceCents!,
          categoryId: raw.categoryId,
          availability: String(data.get('availability') ?? 'AVAILABLE') as ProductAvailability,
          redemptionMethod: String(data.get('redemptionMethod') ?? 'PICKUP') as RedemptionMethod,
        },
        intent,
      );
      if (outcome.ok) return;
      const server: FieldErrors = {};
      const general: string[] = [];
      for (const error of outcome.errors) {
        const field = error.field ? SERVER_FIELD[error.field] : undefined;
        if (field) server[field] ??= error.message;
        else general.push(error.message);
      }
      setFieldErrors(server);
      setFormError(general.length ? general.join(' ') : null);
      focusFirst(server);
    } catch {
      setFormError('Opslaan is niet gelukt door een storing. Probeer het over een paar minuten opnieuw.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="gw-form" noValidate onSubmit={handleSubmit} aria-describedby={formError ? `${idPrefix}-fout` : undefined}>
      {formError ? (
        <Alert variant="error" role="alert" id={`${idPrefix}-fout`}>
          <p>{formError}</p>
        </Alert>
      ) : null}
      <TextField
        ref={refs.title}
        label="Titel"
        name="title"
        hint="3 tot 120 tekens, bijvoorbeeld ‘Zwemles diploma A (10 lessen)’."
        defaultValue={initial?.title}
        maxLength={200}
        error={fieldErrors.title}
        required
      />
      <TextAreaField
        ref={refs.description}
        label="Omschrijving"
        name="description"
        rows={10}
        hint="U kunt Markdown gebruiken: **vet**, *schuin*, lijstjes met - en links als [tekst](https://…). HTML wordt als tekst getoond."
        defaultValue={initial?.description}
        error={fieldErrors.description}
      />
      <TextField
        ref={refs.price}
        label="Prijs in euro"
        name="price"
        inputMode="decimal"
        autoComplete="off"
        hint="Bijvoorbeeld 12,50. Minimaal € 0,01, maximaal € 10.000."
        defaultValue={initial ? centsToEuroInput(initial.priceCents) : undefined}
        error={fieldErrors.price}
        required
      />
      <SelectField
        ref={refs.categoryId}
        label="Categorie"
        name="categoryId"
        defaultValue={initial?.categoryId ?? ''}
        error={fieldErrors.categoryId}
        required
      >
        <option value="">Kies een categorie</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <RadioGroup
        legend="Beschikbaarheid"
        name="availability"
        defaultValue={initial?.availability ?? 'AVAILABLE'}
        error={fieldErrors.availability}
        options={(Object.keys(availabilityLabel) as ProductAvailability[]).map((value) => ({ value, label: availabilityLabel[value] }))}
      />
      <RadioGroup
        legend="Hoe krijgt de klant het product?"
        name="redemptionMethod"
        defaultValue={initial?.redemptionMethod ?? 'PICKUP'}
        error={fieldErrors.redemptionMethod}
        options={(Object.keys(redemptionMethodLabel) as RedemptionMethod[]).map((value) => ({ value, label: redemptionMethodLabel[value] }))}
      />
      <div className="gw-form-actions">
        <button type="submit" name="intent" value="submit" className="gw-button" disabled={busy}>
          {submitLabel}
        </button>
        <button type="submit" name="intent" value="save" className="gw-button gw-button--secondary" disabled={busy}>
          {saveLabel}
        </button>
        {busy ? <span role="status">Bezig met opslaan…</span> : null}
      </div>
    </form>
  );
}
