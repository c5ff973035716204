import { categoryRules } from '@rules/category';
import { TextAreaField } from '../forms/fields';
import { ruleCheck } from '../forms/ruleCheck';
import { TextField } from '../forms/TextField';
import { useMutationForm } from '../forms/useMutationForm';
import type { FormError } from '../forms/userErrors';
import type { CategoryInput } from '../../graphql/generated/graphql';

const FIELDS = ['name', 'description', 'sortOrder'] as const;

/**
 * Name, description and display order of a category. The server's rules (`@rules/category`) are checked as the form
 * is sent; the server's own answer shows the same way (at the field and in the summary).
 */
export function CategoryForm<P extends { errors: readonly FormError[] }>(props: {
  initial?: { name: string; description: string; sortOrder: number };
  submitLabel: string;
  save: (input: CategoryInput) => Promise<P | null | undefined>;
  onSaved: (payload: P) => void;
}) {
  const form = useMutationForm({
    id: 'categorie',
    fields: FIELDS,
    check: ruleCheck(categoryRules),
    mutate: (values) => {
      // The rules also convert: "12" → 12, spaces trimmed.
      const sortOrder = categoryRules.sortOrder.check(values.sortOrder);
      return props.save({
        name: values.name.trim(),
        description: values.description.trim(),
        sortOrder: sortOrder.ok ? sortOrder.value : 0,
      });
    },
    onSuccess: props.onSaved,
  });
  return (
    <form className="gw-form" {...form.props}>
      {form.summary}
      <TextField label="Naam" defaultValue={props.initial?.name} required {...form.field('name')} />
      <TextAreaField
        label="Omschrijving"
        rows={4}
        defaultValue={props.initial?.description}
        {...form.field('description')}
      />
      <TextField
        label="Volgorde"
        inputMode="numeric"
        hint="Een getal: categorieën met een lager getal staan eerder."
        defaultValue={String(props.initial?.sortOrder ?? 0)}
        {...form.field('sortOrder')}
      />
      <button type="submit" className="gw-button" disabled={form.busy}>
        {props.submitLabel}
      </button>
    </form>
  );
}
