import type { CriterionDefinition } from '@rules/application';

export type AnswerValue = string | string[] | undefined;

interface AnswerFieldProps {
  criterion: CriterionDefinition;
  value: AnswerValue;
  onChange: (value: string | string[]) => void;
  /** Prefix of the ids, unique on the page. */
  idPrefix: string;
  error?: string | null;
}

/**
 * One question of an application form as a form control: yes/no and a choice as radio buttons in a fieldset, a
 * number as a numeric text field, a date as a date field; a question with several records (a birth date per child)
 * as a list of fields with "add" and "remove".
 */
export function AnswerField({ criterion: c, value, onChange, idPrefix, error }: AnswerFieldProps) {
  const id = `${idPrefix}-${c.key}`;
  const errorId = `${id}-fout`;
  const helpId = `${id}-hulp`;
  const describedBy = [c.help ? helpId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const help = c.help ? (
    <p className="gw-field__hint" id={helpId}>
      {c.help}
    </p>
  ) : null;
  const errorText = error ? (
    <p className="gw-field__error" id={errorId}>
      {error}
    </p>
  ) : null;

  if (c.type === 'YES_NO' || c.type === 'CHOICE') {
    const options =
      c.type === 'YES_NO'
        ? [
            { value: 'ja', label: 'Ja' },
            { value: 'nee', label: 'Nee' },
          ]
        : (c.options ?? []);
    return (
      <fieldset className="gw-field gw-fieldset" aria-describedby={describedBy} id={id}>
        <legend>{c.question}</legend>
        {help}
        {errorText}
        {options.map((o) => (
          <div className="gw-radio" key={o.value}>
            <input
              type="radio"
              id={`${id}-${o.value}`}
              name={id}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            <label htmlFor={`${id}-${o.value}`}>{o.label}</label>
          </div>
        ))}
      </fieldset>
    );
  }

  const inputType = c.type === 'DATE' ? 'date' : 'text';
  const inputMode = c.type === 'NUMBER' ? ('numeric' as const) : undefined;
  if (!c.multiple) {
    return (
      <div className="gw-field">
        <label htmlFor={id}>{c.question}</label>
        {help}
        {errorText}
        <input
          className="gw-input"
          id={id}
          type={inputType}
          inputMode={inputMode}
          value={typeof value === 'string' ? value : ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
    );
  }
  const rows = Array.isArray(value) && value.length ? value : [''];
  return (
    <fieldset className="gw-field gw-fieldset" aria-describedby={describedBy} id={id}>
      <legend>{c.question}</legend>
      {help}
      {errorText}
      {rows.map((row, i) => (
        <div className="gw-field gw-field--row" key={i}>
          <label htmlFor={`${id}-${i}`}>
            {c.type === 'DATE' ? 'Datum' : 'Antwoord'} {i + 1}
          </label>
          <input
            className="gw-input"
            id={`${id}-${i}`}
            type={inputType}
            inputMode={inputMode}
            value={row}
            onChange={(e) => onChange(rows.map((r, k) => (k === i ? e.target.value : r)))}
          />
          {rows.length > 1 ? (
            <button
              type="button"
              className="gw-button gw-button--secondary"
              onClick={() => onChange(rows.filter((_, k) => k !== i))}
            >
              Verwijder {c.type === 'DATE' ? 'datum' : 'antwoord'} {i + 1}
            </button>
          ) : null}
        </div>
      ))}
      <button type="button" className="gw-button gw-button--secondary" onClick={() => onChange([...rows, ''])}>
        Nog een toevoegen
      </button>
    </fieldset>
  );
}

/** An answer as the resident reads it back (summary, staff screen). */
export function answerText(c: CriterionDefinition, value: unknown): string {
  const values = (Array.isArray(value) ? value : value == null || value === '' ? [] : [value]).map(String);
  if (!values.length) return 'Niet beantwoord';
  if (c.type === 'YES_NO') return values[0] === 'ja' ? 'Ja' : 'Nee';
  if (c.type === 'CHOICE') return c.options?.find((o) => o.value === values[0])?.label ?? values[0]!;
  if (c.type === 'DATE') return values.map((v) => v.split('-').reverse().join('-')).join(', ');
  return values.join(', ');
}
