import { useId, useState, type FormEvent } from 'react';
import { ErrorSummary } from '../../../components/forms/ErrorSummary';
import { CheckboxField } from '../../../components/forms/CheckboxField';
import { SelectField, TextAreaField } from '../../../components/forms/fields';
import { focusFirstError, NETWORK_ERROR } from '../../../components/forms/formErrors';
import type { FormError } from '../../../components/forms/PasswordLoginForm';
import { TextField } from '../../../components/forms/TextField';
import { centsToEuroInput, parseEuros } from '../../../components/money/euros';
import type { ArrangementInput } from '../../../graphql/generated/graphql';

export type ArrangementField =
  | 'name'
  | 'description'
  | 'municipalityId'
  | 'validFrom'
  | 'validUntil'
  | 'defaultAmount'
  | 'categoryIds'
  | 'ownContributionAllowed'
  | 'maxPerOrder';

const ORDER: ArrangementField[] = ['name', 'description', 'municipalityId', 'validFrom', 'validUntil', 'defaultAmount', 'categoryIds', 'ownContributionAllowed', 'maxPerOrder'];

const SERVER_FIELD: Record<string, ArrangementField> = {
  name: 'name',
  description: 'description',
  municipalityId: 'municipalityId',
  validFrom: 'validFrom',
  validUntil: 'validUntil',
  defaultAmountCents: 'defaultAmount',
  categoryIds: 'categoryIds',
  ownContributionAllowed: 'ownContributionAllowed',
  maxPerOrderCents: 'maxPerOrder',
};

const MAX_CENTS = 10_000_000;
const RANGE = '€ 0,01 en hoogstens € 100.000,00';

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
}

export type ArrangementFormOutcome = { ok: true } | { ok: false; errors: readonly FormError[] };

function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Client-side mirror of the server's rules (server/src/modules/arrangements/arrangement.service.ts). */
export function validateArrangement(raw: {
  name: string;
  description: string;
  municipalityId: string;
  validFrom: string;
  validUntil: string;
  defaultAmount: string;
  categoryIds: string[];
  maxPerOrder: string;
}): { errors: Partial<Record<ArrangementField, string>>; defaultAmountCents: number | null; maxPerOrderCents: number | null } {
  const errors: Partial<Record<ArrangementField, string>> = {};
  const name = raw.name.trim().replace(/\s+/g, ' ');
  if (!name) errors.name = 'Vul een naam in.';
  else if (name.length < 3 || name.length > 120) errors.name = 'De naam moet tussen 3 en 120 tekens lang zijn.';
  if (raw.description.trim().length > 2000) errors.description = 'De omschrijving mag hoogstens 2.000 tekens lang zijn.';
  if (!raw.municipalityId) errors.municipalityId = 'Kies een gemeente waarvoor u werkt.';
  if (!isIsoDate(raw.validFrom)) errors.validFrom = 'Vul een geldige begindatum in.';
  if (!isIsoDate(raw.validUntil)) errors.validUntil = 'Vul een geldige einddatum in.';
  else if (isIsoDate(raw.validFrom) && raw.validUntil < raw.validFrom) errors.validUntil = 'De einddatum ligt vóór de begindatum.';
  const defaultAmountCents = parseEuros(raw.defaultAmount);
  if (defaultAmountCents === null || defaultAmountCents < 1 || defaultAmountCents > MAX_CENTS) {
    errors.defaultAmount = `Vul een standaardbedrag in van minstens ${RANGE}.`;
  }
  let maxPerOrderCents: number | null = null;
  if (raw.maxPerOrder.trim()) {
    maxPerOrderCents = parseEuros(raw.maxPerOrder);
    if (maxPerOrderCents === null || maxPerOrderCents < 1 || maxPerOrderCents > MAX_CENTS) {
      errors.maxPerOrder = `Vul een maximum per bestelling in van minstens ${RANGE}, of laat het veld leeg.`;
    }
  }
  if (!raw.categoryIds.length) errors.categoryIds = 'Kies ten minste één categorie waarvoor de regeling betaalt.';
  return { errors, defaultAmountCents, maxPerOrderCents };
}

/** The arrangement form: settings, validity, amounts in euros (converted to cents exactly) and categories. */
export function ArrangementForm(props: {
  initial?: ArrangementFormValues;
  municipalities: ReadonlyArray<{ id: string; name: string }>;
  categories: ReadonlyArray<{ id: string; name: string }>;
  submitLabel: string;
  onSave: (input: ArrangementInput) => Promise<ArrangementFormOutcome>;
}) {
  const id = useId();
  const fieldId = (f: ArrangementField) => `${id}-${f}`;
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<ArrangementField, string>>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const initial = props.initial;
  const onlyMunicipality = props.municipalities.length === 1 ? props.municipalities[0]!.id : '';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    const raw = {
      name: text('name'),
      description: text('description'),
      municipalityId: text('municipalityId'),
      validFrom: text('validFrom'),
      validUntil: text('validUntil'),
      defaultAmount: text('defaultAmount'),
      categoryIds: data.getAll('categoryIds').map(String),
      maxPerOrder: text('maxPerOrder'),
    };
    const { errors, defaultAmountCents, maxPerOrderCents } = validateArrangement(raw);
    setFieldErrors(errors);
    setGeneral([]);
    if (Object.keys(errors).length) {
      focusFirstError(ORDER, errors, fieldId);
      return;
    }
    setBusy(true);
    try {
      const outcome = await props.onSave({
        name: raw.name.trim().replace(/\s+/g, ' '),
        description: raw.description.trim(),
        municipalityId: raw.municipalityId,
        validFrom: raw.validFrom,
        validUntil: raw.validUntil,
        defaultAmountCents: defaultAmountCents!,
        categoryIds: raw.categoryIds,
        ownContributionAllowed: data.get('ownContributionAllowed') === 'on',
        maxPerOrderCents,
      });
      if (outcome.ok) return;
      const server: Partial<Record<ArrangementField, string>> = {};
      const rest: string[] = [];
      for (const e of outcome.errors) {
        const field = e.field ? SERVER_FIELD[e.field] : undefined;
        if (field) server[field] ??= e.message;
        else rest.push(e.message);
      }
      setFieldErrors(server);
      setGeneral(rest);
      focusFirstError(ORDER, server, fieldId);
    } catch {
      setGeneral([NETWORK_ERROR]);
    } finally {
      setBusy(false);
    }
  }

  const summary = [
    ...general.map((message) => ({ fieldId: null, message })),
    ...ORDER.filter((f) => fieldErrors[f]).map((f) => ({ fieldId: fieldId(f), message: fieldErrors[f]! })),
  ];
  const categoriesError = fieldErrors.categoryIds;

  return (
    <form className="gw-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <ErrorSummary items={summary} />
      <TextField id={fieldId('name')} label="Naam" name="name" defaultValue={initial?.name} maxLength={200} hint="3 tot 120 tekens, bijvoorbeeld ‘Kindpakket 2027’." error={fieldErrors.name} required />
      <TextAreaField
        id={fieldId('description')}
        label="Omschrijving (niet verplicht)"
        name="description"
        rows={4}
        defaultValue={initial?.description}
        hint="Voor wie de regeling is en waarvoor het tegoed gebruikt mag worden. Hoogstens 2.000 tekens."
        error={fieldErrors.description}
      />
      <SelectField
        id={fieldId('municipalityId')}
        label="Gemeente"
        name="municipalityId"
        defaultValue={initial?.municipalityId ?? onlyMunicipality}
        error={fieldErrors.municipalityId}
        required
      >
        <option value="">Kies een gemeente</option>
        {props.municipalities.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </SelectField>
      <TextField id={fieldId('validFrom')} label="Geldig vanaf" name="validFrom" type="date" defaultValue={initial?.validFrom} error={fieldErrors.validFrom} required />
      <TextField id={fieldId('validUntil')} label="Geldig tot en met" name="validUntil" type="date" defaultValue={initial?.validUntil} error={fieldErrors.validUntil} required />
      <TextField
        id={fieldId('defaultAmount')}
        label="Standaardbedrag in euro"
        name="defaultAmount"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={initial?.defaultAmountCents != null ? centsToEuroInput(initial.defaultAmountCents) : ''}
        hint="Wat een nieuwe toewijzing krijgt, bijvoorbeeld 150,00."
        error={fieldErrors.defaultAmount}
        required
      />
      <fieldset
        className="gw-field gw-fieldset"
        id={fieldId('categoryIds')}
        tabIndex={-1}
        aria-describedby={categoriesError ? `${fieldId('categoryIds')}-fout` : undefined}
      >
        <legend className="gw-field__label">Categorieën waarvoor de regeling betaalt</legend>
        {categoriesError ? (
          <span className="gw-field__error" id={`${fieldId('categoryIds')}-fout`}>
            <span className="gw-visually-hidden">Fout: </span>
            {categoriesError}
          </span>
        ) : null}
        {props.categories.map((c) => (
          <CheckboxField key={c.id} label={c.name} name="categoryIds" value={c.id} defaultChecked={initial?.categoryIds.includes(c.id)} />
        ))}
      </fieldset>
      <CheckboxField
        id={fieldId('ownContributionAllowed')}
        label="Eigen bijdrage toegestaan: de klant mag betalen wat het tegoed niet dekt"
        name="ownContributionAllowed"
        defaultChecked={initial?.ownContributionAllowed}
        error={fieldErrors.ownContributionAllowed}
      />
      <TextField
        id={fieldId('maxPerOrder')}
        label="Maximum per bestelling in euro (niet verplicht)"
        name="maxPerOrder"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={initial?.maxPerOrderCents != null ? centsToEuroInput(initial.maxPerOrderCents) : ''}
        hint="Laat leeg als er geen maximum is."
        error={fieldErrors.maxPerOrder}
      />
      <div className="gw-form-actions">
        <button type="submit" className="gw-button" disabled={busy}>
          {props.submitLabel}
        </button>
        {busy ? <span role="status">Bezig met opslaan…</span> : null}
      </div>
    </form>
  );
}
