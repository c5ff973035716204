import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckboxField } from '../forms/CheckboxField';
import { SelectField } from '../forms/fields';
import { TextField } from '../forms/TextField';
import type { Choice, FilterState, Filters, FilterValues } from './filters';

interface FilterFormProps<F extends Filters> {
  filters: F;
  values: FilterValues<F>;
  onChange: (values: Partial<FilterValues<F>>) => void;
  /**
   * Where the search goes when the browser submits the form itself (before the page's script has taken over, or
   * without script): a search box that leads to another screen names it; a list's own filters stay on their URL.
   */
  action?: string;
  /** From useFilters; without it (a search box that leads to another screen) there is no "Filters wissen" link. */
  state?: FilterState;
  /** The name of the search landmark: "Klanten zoeken". */
  label: string;
  /** The choices of `id()` filters, loaded by the screen: `{ municipalityId: [{ value: id, label: 'Zuiderveen' }] }`. */
  choices?: { [K in keyof F]?: readonly Choice<string>[] };
  /** Checks across fields before the URL changes ("tot" not before "van"): messages per filter key. */
  validate?: (values: FilterValues<F>) => { [K in keyof F]?: string };
  submitLabel?: string;
  /** Filters not offered in the form now (e.g. a municipality choice for staff with only one municipality). */
  hide?: readonly (keyof F)[];
  /** Extra content at the end of the form (rarely needed). */
  children?: ReactNode;
}

/**
 * The search/filter form of a list screen, built from its filter declarations: a search landmark with a label per
 * field, a submit button and a link that clears the filters. The fields show the filters in force in the URL, also
 * after Back (the form is keyed on them).
 */
export function FilterForm<F extends Filters>(props: FilterFormProps<F>) {
  const { filters, values, state } = props;
  const [errors, setErrors] = useState<{ [K in keyof F]?: string }>({});
  const entries = (Object.entries(filters) as [keyof F & string, F[keyof F]][]).filter(
    ([key]) => !props.hide?.includes(key),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = Object.fromEntries(
      entries.map(([key, f]) => [key, f.parse(String(form.get(f.param) ?? ''))]),
    ) as FilterValues<F>;
    const problems: { [K in keyof F]?: string } = props.validate?.(next) ?? {};
    setErrors(problems);
    const first = entries.find(([key]) => problems[key]);
    if (first) {
      document.getElementById(fieldId(first[1].param))?.focus();
      return;
    }
    props.onChange(next);
  }

  return (
    <form
      className="gw-search"
      role="search"
      aria-label={props.label}
      action={props.action}
      method="get"
      onSubmit={submit}
      key={state?.key}
      noValidate
    >
      {entries.map(([key, f]) => {
        const value = values[key];
        const common = { id: fieldId(f.param), label: f.label, hint: f.hint, name: f.param, error: errors[key] };
        switch (f.kind) {
          case 'text':
            return (
              <TextField
                key={key}
                {...common}
                type="search"
                defaultValue={(value as string | null) ?? ''}
                maxLength={f.maxLength}
                autoComplete="off"
              />
            );
          case 'flag':
            return (
              <CheckboxField
                key={key}
                id={common.id}
                name={f.param}
                value="ja"
                label={f.label}
                error={common.error}
                defaultChecked={value === true}
              />
            );
          case 'isoDate':
            return <TextField key={key} {...common} type="date" defaultValue={(value as string | null) ?? ''} />;
          case 'oneOf':
            return (
              <SelectField
                key={key}
                {...common}
                defaultValue={value == null ? (f.none ?? '') : f.options.find((o) => o.value === value)?.param}
              >
                <option value={f.none ?? ''}>{f.all}</option>
                {f.options.map((o) => (
                  <option key={o.param} value={o.param}>
                    {o.label}
                  </option>
                ))}
              </SelectField>
            );
          case 'id':
            // Keyed on the number of choices: they come from a query, and the select picks up the value in the URL
            // once they are there (an uncontrolled select chooses its default only when it is made).
            return (
              <SelectField
                key={`${key}-${props.choices?.[key]?.length ?? 0}`}
                {...common}
                defaultValue={(value as string | null) ?? ''}
              >
                <option value="">{f.all}</option>
                {(props.choices?.[key] ?? []).map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </SelectField>
            );
        }
      })}
      {props.children}
      <div className="gw-search__actions">
        <button type="submit" className="gw-button gw-button--secondary">
          {props.submitLabel ?? 'Zoeken'}
        </button>
        {state?.active ? (
          <Link to={state.resetTo} className="gw-search__reset">
            Filters wissen
          </Link>
        ) : null}
      </div>
    </form>
  );
}

/** The id of a filter's field: stable, so a label, an error link and a test can find it. */
export function fieldId(param: string): string {
  return `filter-${param}`;
}
