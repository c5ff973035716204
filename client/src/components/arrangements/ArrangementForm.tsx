import { ageRangeProblem, arrangementRules, periodProblem } from '@rules/arrangement';
import { CheckboxField } from '../forms/CheckboxField';
import { SelectField, TextAreaField } from '../forms/fields';
import { ruleCheck } from '../forms/ruleCheck';
import { TextField } from '../forms/TextField';
import { useMutationForm } from '../forms/useMutationForm';
import type { FormError } from '../forms/userErrors';
import { EuroField } from '../money/EuroField';
import { centsOrText, parseEuros } from '../money/euros';
import { graphql } from '../../graphql/generated';
import type { ArrangementFormChoicesFragment, ArrangementInput } from '../../graphql/generated/graphql';
import { NamedOptions } from '../forms/NamedOptions';
import { FormSubmit } from '../forms/FormSubmit';
import { FieldError } from '@/components/forms/TextField';

/** What the form chooses from: the staff member's municipalities and all categories (`...ArrangementFormChoices @unmask`). */
export const ArrangementFormChoices = graphql(`
  fragment ArrangementFormChoices on Query {
    viewer {
      kind
      municipalities {
        id
        name
      }
    }
    categories {
      id
      name
    }
  }
`);

export type { ArrangementFormChoicesFragment };

const FIELDS = [
  'name',
  'description',
  'municipalityId',
  'validFrom',
  'validUntil',
  'defaultAmountCents',
  'categoryIds',
  'ownContributionAllowed',
  'maxPerOrderCents',
  'repeatGrantsAllowed',
  'minAge',
  'maxAge',
] as const;

export interface ArrangementFormValues {
  name: string;
  description: string;
  municipalityId: string;
  validFrom: string;
  validUntil: string;
  defaultAmountCents: number | null;
  categoryIds: string[];
  ownContributionAllowed: boolean;
  maxPerOrderCents: number | null;
  repeatGrantsAllowed: boolean;
  minAge: number | null;
  maxAge: number | null;
}

const check = ruleCheck(arrangementRules);
/** An age as typed: null when empty (no limit); the rules have checked it is a whole number. */
const ageOf = (text: string): number | null => (text.trim() ? Number(text.trim()) : null);

/**
 * An arrangement's settings, validity, amounts in euros (converted to cents exactly) and categories, for the new and
 * the edit screen. Instant checks with the server's rules (`@rules/arrangement`); the server's answer shows the same way.
 */
export function ArrangementForm<P extends { errors: readonly FormError[] }>(props: {
  initial?: ArrangementFormValues;
  municipalities: ReadonlyArray<{ id: string; name: string }>;
  categories: ReadonlyArray<{ id: string; name: string }>;
  submitLabel: string;
  save: (input: ArrangementInput) => Promise<P | null | undefined>;
  onSaved: (payload: P) => void;
}) {
  const form = useMutationForm({
    id: 'regeling',
    fields: FIELDS,
    check: (values, data) => {
      const problems: Partial<Record<(typeof FIELDS)[number], string | null>> = check({
        ...values,
        defaultAmountCents: centsOrText(values.defaultAmountCents),
        maxPerOrderCents: values.maxPerOrderCents.trim() ? centsOrText(values.maxPerOrderCents) : null,
      });
      if (!problems.validFrom && !problems.validUntil)
        problems.validUntil = periodProblem(values.validFrom, values.validUntil)?.message;
      if (!problems.minAge && !problems.maxAge)
        problems.maxAge = ageRangeProblem(ageOf(values.minAge), ageOf(values.maxAge))?.message;
      if (!values.municipalityId) problems.municipalityId = 'Kies een gemeente waarvoor u werkt.';
      if (!data.getAll('categoryIds').length)
        problems.categoryIds = 'Kies ten minste één categorie waarvoor de regeling betaalt.';
      return problems;
    },
    mutate: (values, data) =>
      props.save({
        name: values.name,
        description: values.description,
        municipalityId: values.municipalityId,
        validFrom: values.validFrom,
        validUntil: values.validUntil,
        defaultAmountCents: parseEuros(values.defaultAmountCents) ?? 0,
        categoryIds: data.getAll('categoryIds').map(String),
        ownContributionAllowed: data.get('ownContributionAllowed') === 'on',
        maxPerOrderCents: values.maxPerOrderCents.trim() ? parseEuros(values.maxPerOrderCents) : null,
        repeatGrantsAllowed: data.get('repeatGrantsAllowed') === 'on',
        minAge: ageOf(values.minAge),
        maxAge: ageOf(values.maxAge),
      }),
    onSuccess: props.onSaved,
  });
  const initial = props.initial;
  const onlyMunicipality = props.municipalities.length === 1 ? props.municipalities[0]!.id : '';
  const categories = form.field('categoryIds');

  return (
    <form className="gw-form" {...form.props}>
      {form.summary}
      <TextField
        label="Naam"
        defaultValue={initial?.name}
        maxLength={200}
        hint="3 tot 120 tekens, bijvoorbeeld ‘Kindpakket 2027’."
        required
        {...form.field('name')}
      />
      <TextAreaField
        label="Omschrijving (niet verplicht)"
        rows={4}
        defaultValue={initial?.description}
        hint="Voor wie de regeling is en waarvoor het tegoed gebruikt mag worden. Hoogstens 2.000 tekens."
        {...form.field('description')}
      />
      <SelectField
        label="Gemeente"
        defaultValue={initial?.municipalityId ?? onlyMunicipality}
        required
        {...form.field('municipalityId')}
      >
        <option value="">Kies een gemeente</option>
        <NamedOptions items={props.municipalities} />
      </SelectField>
      <TextField
        label="Geldig vanaf"
        type="date"
        defaultValue={initial?.validFrom}
        required
        {...form.field('validFrom')}
      />
      <TextField
        label="Geldig tot en met"
        type="date"
        defaultValue={initial?.validUntil}
        required
        {...form.field('validUntil')}
      />
      <EuroField
        label="Standaardbedrag in euro"
        cents={initial?.defaultAmountCents}
        hint="Wat een nieuwe toewijzing krijgt, bijvoorbeeld 150,00."
        required
        {...form.field('defaultAmountCents')}
      />
      <fieldset
        className="gw-field gw-fieldset"
        id={categories.id}
        tabIndex={-1}
        aria-describedby={categories.error ? `${categories.id}-fout` : undefined}
      >
        <legend className="gw-field__label">Categorieën waarvoor de regeling betaalt</legend>
        <FieldError id={categories.id} error={categories.error} />
        {props.categories.map((c) => (
          <CheckboxField
            key={c.id}
            label={c.name}
            name="categoryIds"
            value={c.id}
            defaultChecked={initial?.categoryIds.includes(c.id)}
          />
        ))}
      </fieldset>
      <CheckboxField
        label="Eigen bijdrage toegestaan: de klant mag betalen wat het tegoed niet dekt"
        defaultChecked={initial?.ownContributionAllowed}
        {...form.field('ownContributionAllowed')}
      />
      <EuroField
        label="Maximum per bestelling in euro (niet verplicht)"
        cents={initial?.maxPerOrderCents}
        hint="Laat leeg als er geen maximum is."
        {...form.field('maxPerOrderCents')}
      />
      <fieldset className="gw-field gw-fieldset">
        <legend className="gw-field__label">Voor wie (niet verplicht)</legend>
        <p className="gw-field__hint">
          Leeftijden in hele jaren, beide grenzen inbegrepen. Voor kinderen tot 18 jaar: hoogste leeftijd 17. Wie er
          buiten valt, krijgt de regeling alleen met een reden van de medewerker.
        </p>
        <TextField
          label="Laagste leeftijd"
          inputMode="numeric"
          defaultValue={initial?.minAge ?? ''}
          {...form.field('minAge')}
        />
        <TextField
          label="Hoogste leeftijd"
          inputMode="numeric"
          defaultValue={initial?.maxAge ?? ''}
          {...form.field('maxAge')}
        />
      </fieldset>
      <CheckboxField
        label="Meer dan één toewijzing toegestaan: dezelfde persoon of hetzelfde huishouden mag deze regeling vaker krijgen voor dezelfde periode"
        defaultChecked={initial?.repeatGrantsAllowed}
        {...form.field('repeatGrantsAllowed')}
      />
      <FormSubmit busy={form.busy}>{props.submitLabel}</FormSubmit>
    </form>
  );
}
