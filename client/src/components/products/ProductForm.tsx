import { PRODUCT_LIMITS, productRules } from '@rules/product';
import type { ProductAvailability, ProductInput, RedemptionMethod } from '../../graphql/generated/graphql';
import type { ReactNode } from 'react';
import { RadioGroup, SelectField } from '../forms/fields';
import { ruleCheck } from '../forms/ruleCheck';
import { TextField } from '../forms/TextField';
import { useMutationForm } from '../forms/useMutationForm';
import type { FormError } from '../forms/userErrors';
import { centsToEuroInput, inEuros } from '../money/euros';
import { formatCents } from '../money/formatCents';
import { DescriptionEditor } from './DescriptionEditor';
import { availabilityLabel, redemptionMethodLabel } from './productLabels';
import { NamedOptions } from '../forms/NamedOptions';

export type ProductFormIntent = 'save' | 'submit';

export interface ProductFormValues {
  title: string;
  description: string;
  priceCents: number;
  categoryId: string;
  availability: ProductAvailability;
  redemptionMethod: RedemptionMethod;
}

/** The server's product rules (`@rules/product`), with the price typed in euros. */
export const productFormRules = { ...productRules, priceCents: inEuros(productRules.priceCents, '12,50') };

const FIELDS = ['title', 'description', 'priceCents', 'categoryId', 'availability', 'redemptionMethod'] as const;
const L = PRODUCT_LIMITS;

interface ProductFormProps<P> {
  categories: ReadonlyArray<{ id: string; name: string }>;
  initial?: ProductFormValues;
  /** Labels of the two buttons: save as it is, and save and submit for review. */
  saveLabel: string;
  submitLabel: string;
  /** Sends the product (and submits it when asked): the payload whose errors the form shows. */
  save: (input: ProductInput, intent: ProductFormIntent) => Promise<P | null | undefined>;
  onSaved: (payload: P, intent: ProductFormIntent) => void;
  /** More of the form before its buttons: the images of a new product. */
  children?: ReactNode;
}

/**
 * The product form of the provider area: title, description (formatting toolbar and preview, stored as Markdown), price in euros (converted to cents exactly),
 * category, availability and redemption method, checked with the server's rules as it is sent. Two buttons: save,
 * and save-and-submit for review.
 */
export function ProductForm<P extends { errors: readonly FormError[] }>({
  categories,
  initial,
  saveLabel,
  submitLabel,
  save,
  onSaved,
  children,
}: ProductFormProps<P>) {
  const intentOf = (data: FormData): ProductFormIntent => (data.get('intent') === 'submit' ? 'submit' : 'save');
  const form = useMutationForm({
    id: 'product',
    fields: FIELDS,
    check: ruleCheck(productFormRules),
    mutate: (values, data) => {
      const price = productFormRules.priceCents.check(values.priceCents);
      return save(
        {
          title: values.title.trim(),
          description: values.description,
          priceCents: price.ok ? price.value : 0,
          categoryId: values.categoryId,
          availability: (values.availability || 'AVAILABLE') as ProductAvailability,
          redemptionMethod: (values.redemptionMethod || 'PICKUP') as RedemptionMethod,
        },
        intentOf(data),
      );
    },
    onSuccess: (payload, data) => onSaved(payload, intentOf(data)),
  });

  return (
    <form className="gw-form" {...form.props}>
      {form.summary}
      <TextField
        label="Titel"
        hint={`${L.titleMin} tot ${L.titleMax} tekens, bijvoorbeeld ‘Zwemles diploma A (10 lessen)’.`}
        defaultValue={initial?.title}
        required
        {...form.field('title')}
      />
      <DescriptionEditor
        label="Omschrijving"
        rows={10}
        hint="Maak tekst op met de knoppen: selecteer de tekst en kies bijvoorbeeld Vet of Opsomming. Met Voorbeeld ziet u hoe inwoners de omschrijving zien."
        defaultValue={initial?.description}
        {...form.field('description')}
      />
      <TextField
        label="Prijs in euro"
        inputMode="decimal"
        autoComplete="off"
        hint={`Bijvoorbeeld 12,50. Minimaal ${formatCents(L.priceMinCents)}, maximaal ${formatCents(L.priceMaxCents)}.`}
        defaultValue={initial ? centsToEuroInput(initial.priceCents) : undefined}
        required
        {...form.field('priceCents')}
      />
      <SelectField label="Categorie" defaultValue={initial?.categoryId ?? ''} required {...form.field('categoryId')}>
        <option value="">Kies een categorie</option>
        <NamedOptions items={categories} />
      </SelectField>
      <RadioGroup
        legend="Beschikbaarheid"
        defaultValue={initial?.availability ?? 'AVAILABLE'}
        options={(Object.keys(availabilityLabel) as ProductAvailability[]).map((value) => ({
          value,
          label: availabilityLabel[value],
        }))}
        {...form.field('availability')}
      />
      <RadioGroup
        legend="Hoe krijgt de klant het product?"
        defaultValue={initial?.redemptionMethod ?? 'PICKUP'}
        options={(Object.keys(redemptionMethodLabel) as RedemptionMethod[]).map((value) => ({
          value,
          label: redemptionMethodLabel[value],
        }))}
        {...form.field('redemptionMethod')}
      />
      {children}
      <div className="gw-form-actions">
        <button type="submit" name="intent" value="submit" className="gw-button" disabled={form.busy}>
          {submitLabel}
        </button>
        <button
          type="submit"
          name="intent"
          value="save"
          className="gw-button gw-button--secondary"
          disabled={form.busy}
        >
          {saveLabel}
        </button>
        {form.busy ? <span role="status">Bezig met opslaan…</span> : null}
      </div>
    </form>
  );
}
