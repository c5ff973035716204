import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { describedBy, FieldMessages, LabelledField, type LabelledControlProps } from './TextField';

type TextAreaFieldProps = LabelledControlProps<TextareaHTMLAttributes<HTMLTextAreaElement>, HTMLTextAreaElement>;

/** A labelled multi-line input with optional hint and error. */
export function TextAreaField({ label, hint, error, id, ref, ...props }: TextAreaFieldProps) {
  return (
    <LabelledField label={label} hint={hint} error={error} id={id}>
      {(control) => <textarea ref={ref} className="gw-input gw-textarea" {...control} {...props} />}
    </LabelledField>
  );
}

type SelectFieldProps = LabelledControlProps<SelectHTMLAttributes<HTMLSelectElement>, HTMLSelectElement> & {
  children: ReactNode;
};

/** A labelled select with optional hint and error. */
export function SelectField({ label, hint, error, id, ref, children, ...props }: SelectFieldProps) {
  return (
    <LabelledField label={label} hint={hint} error={error} id={id}>
      {(control) => (
        <select ref={ref} className="gw-select" {...control} {...props}>
          {children}
        </select>
      )}
    </LabelledField>
  );
}

interface RadioGroupProps<T extends string> {
  legend: string;
  name: string;
  options: readonly { value: T; label: string }[];
  defaultValue?: T;
  hint?: string;
  error?: string | null;
  /** The id of the first radio button: what an error summary links to (useMutationForm's `field(name).id`). */
  id?: string;
}

/** Radio buttons in a fieldset with a legend. */
export function RadioGroup<T extends string>({
  legend,
  name,
  options,
  defaultValue,
  hint,
  error,
  id: firstId,
}: RadioGroupProps<T>) {
  const id = `radio-${useId()}`;
  const optionId = (value: T, index: number) => (index === 0 && firstId ? firstId : `${id}-${value}`);
  return (
    <fieldset className="gw-field gw-fieldset" aria-describedby={describedBy(id, hint, error)}>
      <legend className="gw-field__label">{legend}</legend>
      <FieldMessages id={id} hint={hint} error={error} />
      {options.map((option, index) => (
        <div className="gw-radio" key={option.value}>
          <input
            type="radio"
            id={optionId(option.value, index)}
            name={name}
            value={option.value}
            defaultChecked={option.value === defaultValue}
          />
          <label htmlFor={optionId(option.value, index)}>{option.label}</label>
        </div>
      ))}
    </fieldset>
  );
}
